import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { ApiError } from '../errors/api-error';

const VALID_KEY = /^[\x21-\x7E]{1,255}$/;

/** The validated Idempotency-Key of a request, or undefined when none was sent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VALID_KEY.test(value)) throw new ApiError('invalid_idempotency_key');
  return value;
}

/** Validates Idempotency-Key (1–255 visible ASCII characters) and echoes it for retry correlation. */
@Injectable()
export class IdempotencyKeyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const key = idempotencyKeyOf(http.getRequest<FastifyRequest>());
    if (key !== undefined) http.getResponse<FastifyReply>().header('Idempotency-Key', key);
    return next.handle();
  }
}
