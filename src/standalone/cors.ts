import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { CORS_OPTIONS } from '../http/cors-headers';

/**
 * Preflight requests for paths the module does not serve (an unknown path still gets a proper
 * CORS answer), by @fastify/cors with the module's CORS_OPTIONS; the module's own paths are
 * answered by its CorsPreflightController, identically (cors.spec.ts). Registered inside its own
 * encapsulated context, so its onRequest hook runs only for its `OPTIONS *` route; that context
 * copies the root hooks that exist when it is created (edge, request id, request log), which is
 * why this comes last.
 */
export async function registerCorsPreflight(fastify: FastifyInstance): Promise<void> {
  await fastify.register(async (preflight) => {
    await preflight.register(fastifyCors, CORS_OPTIONS);
  });
}
