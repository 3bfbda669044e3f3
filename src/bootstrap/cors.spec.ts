import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastifyCors from '@fastify/cors';
import Fastify, { FastifyInstance, InjectOptions } from 'fastify';
import { addCorsResponseHeaders, registerCorsPreflight } from './cors';
import { CORS_OPTIONS } from './cors-options';

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
    headers: { origin: 'https://example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
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

describe('CORS: precomputed simple-response headers plus @fastify/cors for preflights', () => {
  let library: FastifyInstance;
  let ours: FastifyInstance;
  beforeAll(async () => {
    library = await server(async (fastify) => {
      await fastify.register(fastifyCors, CORS_OPTIONS);
    });
    ours = await server(async (fastify) => {
      addCorsResponseHeaders(fastify);
      await registerCorsPreflight(fastify);
    });
  });
  afterAll(() => Promise.all([library.close(), ours.close()]));

  it.each(REQUESTS.map((request) => [`${request.method} ${String(request.url)} ${Object.keys(request.headers ?? {}).join(',')}`, request] as const))(
    'sends what @fastify/cors alone sends: %s',
    async (_name, request) => {
      const expected = await library.inject(request);
      const actual = await ours.inject(request);
      expect(actual.statusCode).toBe(expected.statusCode);
      expect(corsHeaders(actual.headers)).toEqual(corsHeaders(expected.headers));
    },
  );

  it('still answers preflights with the allowed methods and max-age', async () => {
    const res = await ours.inject(REQUESTS[4]);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers['access-control-max-age']).toBe('600');
  });
});
