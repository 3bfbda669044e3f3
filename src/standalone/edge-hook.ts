import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { RateLimiter } from '../core/rate-limit/rate-limiter';
import { CORS_RESPONSE_HEADERS } from '../http/cors-headers';
import { markEdgeHandled } from '../http/edge-marker';

/** Paths (after the /api alias is rewritten) that never count against the budget: health, docs, the playground page. */
const UNCOUNTED = /^\/(v1\/health(\?|$)|docs(\/|\?|$)|openapi\.json(\?|$)|playground\/|\?|$)/;

/**
 * The standalone app's edge, first of its onRequest hooks: CORS response headers and the rate
 * limit for EVERY request, including those that never reach a module route (unknown paths, 405s,
 * parser errors, 413s), which is what a whole application owns. Each request is marked, so the
 * module's ApiEdgeGuard leaves it alone. A callback-style hook: with the in-memory storage a
 * request costs no promise at all.
 */
export function attachEdgeHook(fastify: FastifyInstance, config: AppConfig, limiter: RateLimiter): void {
  const cors = config.cors;
  const limited = limiter.enabled;
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    markEdgeHandled(request.raw);
    if (cors) reply.headers(CORS_RESPONSE_HEADERS);
    if (!limited || request.method === 'OPTIONS' || UNCOUNTED.test(request.url)) return done();
    const setHeader = (name: string, value: string): unknown => reply.header(name, value);
    const record = limiter.hit(request.ip);
    if (!(record instanceof Promise)) return done(limiter.apply(record, setHeader));
    record.then((counted) => done(limiter.apply(counted, setHeader)), done);
  });
}
