import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestContext } from '../core/logging/request-context';

const SCOPE = Symbol('vcard-payload.requestScope');
type Scoped = FastifyRequest & { [SCOPE]?: AsyncResource };

/**
 * Enters each request's context (its id) first thing, so that every log line the request causes,
 * from the edge's rate limit to the handler, carries the id. Fastify reads the body in the
 * socket's own async context, so the scope is entered again before the handler (as
 * @fastify/request-context does).
 */
export function attachRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ requestId: request.id }, () => {
      (request as Scoped)[SCOPE] = new AsyncResource('vcard-payload.request');
      done();
    });
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const scope = (request as Scoped)[SCOPE];
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
