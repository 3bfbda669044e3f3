import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { CORS_OPTIONS } from './cors-options';

/**
 * The two headers @fastify/cors adds to every non-preflight response for `origin: '*'` without
 * credentials, computed once. The library works them out again on each request: it copies its
 * whole options object, builds `request.routeOptions` (a fresh 12-field object) twice and joins
 * the exposed-header list. On POST /v1/vcard that per-request work is several microseconds of
 * CPU, which this hook does not spend.
 */
const SIMPLE_RESPONSE_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': CORS_OPTIONS.exposedHeaders.join(', '),
} as const;

/**
 * Step 1 of 2, before the other onRequest hooks so that everything they answer (a 429, say)
 * carries CORS: the simple-response headers on every request.
 */
export function addCorsResponseHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SIMPLE_RESPONSE_HEADERS);
    done();
  });
}

/**
 * Step 2 of 2, after every other root hook: preflight requests, answered by @fastify/cors with
 * CORS_OPTIONS. Registered inside its own encapsulated context, so its onRequest hook runs only
 * for its `OPTIONS *` route, never for the API's routes; that context copies the root hooks
 * that exist when it is created (request id, request log), which is why this comes last.
 */
export async function registerCorsPreflight(fastify: FastifyInstance): Promise<void> {
  await fastify.register(async (preflight) => {
    await preflight.register(fastifyCors, CORS_OPTIONS);
  });
}
