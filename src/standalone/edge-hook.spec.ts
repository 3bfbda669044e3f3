import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastifyCors from '@fastify/cors';
import Fastify, { FastifyInstance, InjectOptions } from 'fastify';
import { Reflector } from '@nestjs/core';
import type { DiscoveryService } from '@nestjs/core';
import { RateLimiter } from '../core/rate-limit/rate-limiter';
import { CORS_OPTIONS } from '../http/cors-headers';
import { EdgePolicy } from '../http/edge-policy';
import { MemoryThrottlerStorage } from '../infra/store/memory/memory-throttler-storage';
import type { ServiceConfig } from '../options/service-config';
import { answerOtherPreflights, attachEdgeHook } from './edge-hook';

/** The CORS headers of a response, by lower-case name. */
function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.startsWith('access-control-') || name === 'vary'),
  );
}

const REQUESTS: InjectOptions[] = [
  { method: 'GET', url: '/thing', headers: { origin: 'https://example.org' } },
  { method: 'GET', url: '/thing' },
  { method: 'GET', url: '/missing', headers: { origin: 'https://example.org' } },
  {
    method: 'POST',
    url: '/thing',
    headers: { origin: 'https://example.org', 'content-type': 'application/json' },
    payload: '{}',
  },
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
  {
    method: 'OPTIONS',
    url: '/missing/path',
    headers: {
      origin: 'https://example.org',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-request-id',
    },
  },
  { method: 'OPTIONS', url: '/missing/path', headers: { origin: 'https://example.org' } },
];

async function server(setup: (fastify: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const fastify = Fastify();
  await setup(fastify);
  fastify.get('/thing', async () => ({ ok: true }));
  fastify.post('/thing', async () => ({ ok: true }));
  await fastify.ready();
  return fastify;
}

/** An EdgePolicy as the module builds it: CORS on, the rate limit on, no controllers declared free. */
function edgePolicy(): EdgePolicy {
  const config = { cors: true, rateLimit: { max: 1000, windowSeconds: 60 } } as unknown as ServiceConfig;
  const discovery = { getControllers: () => [] } as unknown as DiscoveryService;
  return new EdgePolicy(config, new RateLimiter(new MemoryThrottlerStorage(), config), new Reflector(), discovery);
}

/**
 * What the service sends, through the EdgePolicy: the response headers on every request (the
 * standalone's edge hook), the preflight answer on a path a route serves (as the module's
 * CorsPreflightController answers it) and on any other path (the standalone's OPTIONS *).
 */
describe('CORS: the EdgePolicy answers as @fastify/cors does', () => {
  let library: FastifyInstance;
  let ours: FastifyInstance;
  beforeAll(async () => {
    library = await server(async (fastify) => {
      await fastify.register(fastifyCors, CORS_OPTIONS);
    });
    ours = await server(async (fastify) => {
      const policy = edgePolicy();
      attachEdgeHook(fastify, policy, { active: false } as never);
      fastify.options('/thing', async (request, reply) => {
        const requested = request.headers['access-control-request-headers'];
        const method = request.headers['access-control-request-method'];
        const headers = policy.preflight(
          typeof method === 'string' ? method : undefined,
          typeof requested === 'string' ? requested : undefined,
        );
        return reply.code(204).headers(headers).send();
      });
      answerOtherPreflights(fastify, policy);
    });
  });
  afterAll(() => Promise.all([library.close(), ours.close()]));

  it.each(
    REQUESTS.map(
      (request) =>
        [`${request.method} ${String(request.url)} ${Object.keys(request.headers ?? {}).join(',')}`, request] as const,
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
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, OPTIONS');
    expect(res.headers['access-control-max-age']).toBe('600');
  });
});

describe('EdgePolicy: what counts', () => {
  it('counts every path but the ones declared free, whatever the method, and never a preflight', () => {
    const policy = edgePolicy();
    policy.declareFreePath('/v1/health');
    policy.declareFreePath('/docs/*');
    policy.declareFreePath('/docs/*');
    expect(policy.countsPath('GET', '/v1/templates')).toBe(true);
    expect(policy.countsPath('POST', '/nowhere')).toBe(true);
    expect(policy.countsPath('GET', '/v1/health')).toBe(false);
    expect(policy.countsPath('POST', '/v1/health?x=1')).toBe(false);
    expect(policy.countsPath('GET', '/v1/healthz')).toBe(true);
    expect(policy.countsPath('GET', '/docs/static/index.html')).toBe(false);
    expect(policy.countsPath('OPTIONS', '/v1/templates')).toBe(false);
  });

  it('counts nothing when the host limits requests itself (rateLimit: false)', () => {
    const config = { cors: false, rateLimit: null } as unknown as ServiceConfig;
    const discovery = { getControllers: () => [] } as unknown as DiscoveryService;
    const policy = new EdgePolicy(
      config,
      new RateLimiter(new MemoryThrottlerStorage(), config),
      new Reflector(),
      discovery,
    );
    expect(policy.countsPath('POST', '/v1/vcard')).toBe(false);
    expect(policy.corsHeaders).toBeNull();
  });
});
