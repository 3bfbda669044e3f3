import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors/api-error';
import type { EdgePolicy } from '../http/edge-policy';
import type { Drain } from './drain';

/** A `.` or `..` path segment, plain or percent-encoded: no route has one, and no file is served by one. */
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|$)/i;

/**
 * The standalone app's adapter of the EdgePolicy, first of its onRequest hooks: admits EVERY
 * request, including those that never reach a module route (unknown paths, 405s, parser errors,
 * 413s), which is what a whole application owns; the module's guard then leaves it alone. A
 * callback-style hook: with the in-memory storage a request costs no promise at all. A path with
 * dot segments is counted, then a 404 (`/docs/../x` would otherwise reach the docs' file server,
 * uncounted). Once shutdown has begun, every response carries `Connection: close`.
 */
export function attachEdgeHook(fastify: FastifyInstance, policy: EdgePolicy, drain: Drain): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (drain.active) reply.header('Connection', 'close');
    const dotted = DOT_SEGMENT.test(request.url);
    const counts =
      policy.limited && request.method !== 'OPTIONS' && (dotted || policy.countsPath(request.method, request.url));
    const finish = (error?: Error): void => done(error ?? (dotted ? new ApiError('not_found') : undefined));
    const admission = policy.admit(request.raw, request.ip, counts, (name, value) => reply.header(name, value));
    if (admission instanceof Promise) admission.then(finish, done);
    else finish(admission);
  });
}

/**
 * CORS preflight for paths the module does not serve (an unknown path still gets a proper answer),
 * as the EdgePolicy answers it on the module's own paths. Not a route a client may "use": the
 * route index leaves wildcards out of 405's Allow.
 */
export function answerOtherPreflights(fastify: FastifyInstance, policy: EdgePolicy): void {
  fastify.options('*', (request, reply) => {
    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    void reply
      .code(204)
      .headers(policy.preflight(header('access-control-request-method'), header('access-control-request-headers')))
      .header('Content-Length', '0')
      .send();
  });
}
