import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { RateLimiter } from '../core/rate-limit/rate-limiter';
import { CORS_RESPONSE_HEADERS } from '../http/cors-headers';
import { ApiError } from '../core/errors/api-error';
import { markEdgeHandled } from '../http/edge-marker';
import type { Drain } from './graceful-shutdown';

/** Paths (after the /api alias is rewritten) that never count against the budget: health and probes, docs, the playground page. */
const UNCOUNTED = /^\/((v1\/health|livez|readyz)(\?|$)|docs(\/|\?|$)|openapi\.json(\?|$)|playground\/|\?|$)/;

/** A `.` or `..` path segment, plain or percent-encoded: no route has one, and no file is served by one. */
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|$)/i;

/**
 * The standalone app's edge, first of its onRequest hooks: CORS response headers and the rate
 * limit for EVERY request, including those that never reach a module route (unknown paths, 405s,
 * parser errors, 413s), which is what a whole application owns. Each request is marked, so the
 * module's ApiEdgeGuard leaves it alone. A callback-style hook: with the in-memory storage a
 * request costs no promise at all. A path with dot segments is counted, then a 404 (`/docs/../x`
 * would otherwise reach the docs' file server, uncounted). Once shutdown has begun, every
 * response carries `Connection: close`.
 */
export function attachEdgeHook(fastify: FastifyInstance, config: AppConfig, limiter: RateLimiter, drain: Drain): void {
  const cors = config.cors;
  const limited = limiter.enabled;
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    markEdgeHandled(request.raw);
    if (cors) reply.headers(CORS_RESPONSE_HEADERS);
    if (drain.active) reply.header('Connection', 'close');
    const dotted = DOT_SEGMENT.test(request.url);
    const finish = (error?: Error): void => done(error ?? (dotted ? new ApiError('not_found') : undefined));
    if (!limited || request.method === 'OPTIONS' || (!dotted && UNCOUNTED.test(request.url))) return finish();
    const setHeader = (name: string, value: string): unknown => reply.header(name, value);
    const record = limiter.hit(request.ip);
    if (!(record instanceof Promise)) return finish(limiter.apply(record, setHeader));
    record.then((counted) => finish(limiter.apply(counted, setHeader)), done);
  });
}
