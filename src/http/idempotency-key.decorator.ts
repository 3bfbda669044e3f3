import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { HttpRequestLike, HttpResponseLike } from './native-http';
import { ApiError } from '../core/errors/api-error';

const VALID_KEY = /^[\x21-\x7E]{1,255}$/;

/** The validated Idempotency-Key of a request, or undefined when none was sent. */
function idempotencyKeyOf(request: HttpRequestLike): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VALID_KEY.test(value)) throw new ApiError('invalid_idempotency_key');
  return value;
}

/**
 * The request's Idempotency-Key (1–255 visible ASCII characters), or undefined when none was
 * sent; also echoes it on the response for retry correlation, errors included. An invalid key is
 * 400 invalid_idempotency_key.
 *
 * An invalid key wins over an invalid body: Nest extracts every parameter first and settles them
 * in one Promise.all(), this check fails synchronously while extracting, and a body error only
 * ever settles later, from the validation pipe's asynchronous path (errors.e2e-spec pins the
 * order). Invalid JSON wins over both: fastify rejects it before the handler's parameters exist.
 *
 * A parameter decorator rather than a guard or an interceptor: Nest awaits every guard and runs an
 * intercepted route through an rxjs pipeline, while this is one synchronous header check. It reads
 * the request and response by index (arguments 0 and 1 of an HTTP context on either adapter), as
 * ApiEdgeGuard does, instead of building the `switchToHttp()` wrapper on every request.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined =>
  echoedIdempotencyKey(context.getArgByIndex<HttpRequestLike>(0), context.getArgByIndex<HttpResponseLike>(1)),
);

/**
 * What @IdempotencyKey() does, for a handler that takes the request and response themselves
 * (POST /v1/vcard, whose one parameter list is kept short): call it first in the handler, so an
 * invalid key still wins over an invalid body.
 */
export function echoedIdempotencyKey(request: HttpRequestLike, response: HttpResponseLike): string | undefined {
  const key = idempotencyKeyOf(request);
  if (key !== undefined) response.header('Idempotency-Key', key);
  return key;
}
