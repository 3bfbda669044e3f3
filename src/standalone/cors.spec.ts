import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastifyCors from '@fastify/cors';
import Fastify, { FastifyInstance, InjectOptions } from 'fastify';
import { CORS_OPTIONS, CORS_RESPONSE_HEADERS, isPreflight, preflightHeaders } from '../http/cors-headers';
import { registerCorsPreflight } from './cors';

/** The CORS headers of a response, by lower-case name. */
function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-') || name === 'vary'));
}

const REQUESTS: InjectOptions[] = [
  { method: 'GET', url: '/thing', headers: { origin: 'https://example.org' } },
  { method: 'GET', url: '/thing' },
  { method: 'GET', url: '/missing', headers: { origin: 'https://example.org' } },
  { method: 'POST', url: '/thing', headers: { origin: 'https://example.org', 'content-type': 'application/json' }, payload: '{}' },
  {
    method: 'OPTIONS',
    url: '/thing',
    headers: {
      origin: 'https://example.org',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,idempotency-key',
    },
  },
  { method: 'OPTIONS', url: '/thing', headers: { origin: 'https://example.org' } },
];

async function server(setup: (fastify: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const fastify = Fastify();
  await setup(fastify);
  fastify.get('/thing', async () => ({ ok: true }));
  fastify.post('/thing', async () => ({ ok: true }));
  await fastify.ready();
  return fastify;
}

/**
 * What the service sends: the precomputed response headers on every request (the standalone edge
 * hook and the module's guard), the module's preflight answer on its own paths
 * (CorsPreflightController), and @fastify/cors's for any other path.
 */
describe('CORS: precomputed response headers and preflight answers equal what @fastify/cors sends', () => {
  let library: FastifyInstance;
  let ours: FastifyInstance;
  beforeAll(async () => {
    library = await server(async (fastify) => {
      await fastify.register(fastifyCors, CORS_OPTIONS);
    });
    ours = await server(async (fastify) => {
      fastify.addHook('onRequest', (_request, reply, done) => {
        reply.headers(CORS_RESPONSE_HEADERS);
        done();
      });
      fastify.options('/thing', async (request, reply) => {
        const requested = request.headers['access-control-request-headers'];
        const method = request.headers['access-control-request-method'];
        if (!isPreflight(typeof method === 'string' ? method : undefined)) return reply.code(400).send();
        return reply
          .code(204)
          .headers(preflightHeaders(typeof requested === 'string' ? requested : undefined))
          .send();
      });
      await registerCorsPreflight(fastify);
    });
  });
  afterAll(() => Promise.all([library.close(), ours.close()]));

  it.each(
    REQUESTS.map(
      (request) => [`${request.method} ${String(request.url)} ${Object.keys(request.headers ?? {}).join(',')}`, request] as const,
    ),
  )('sends what @fastify/cors alone sends: %s', async (_name, request) => {
    const expected = await library.inject(request);
    const actual = await ours.inject(request);
    expect(actual.statusCode).toBe(expected.statusCode);
    expect(corsHeaders(actual.headers)).toEqual(corsHeaders(expected.headers));
  });

  it('still answers preflights with the allowed methods and max-age', async () => {
    const res = await ours.inject(REQUESTS[4]);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers['access-control-max-age']).toBe('600');
  });
});
