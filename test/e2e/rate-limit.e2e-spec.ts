import { afterEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildTestApp } from '../utils/test-app';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('rate limiting: one budget per client, headers on every counted response', () => {
  let app: NestFastifyApplication;
  afterEach(() => app.close());

  it('counts every route and error against one budget, then answers 429 with Retry-After', async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '7', RATE_LIMIT_WINDOW_SECONDS: '60' });
    const requests = [
      { method: 'GET', url: '/v1/templates' },
      { method: 'POST', url: '/api/v1/vcard', headers: JSON_HEADERS, payload: '{"fullName":"A"}' },
      { method: 'GET', url: '/v1/nope' }, // 404
      { method: 'DELETE', url: '/v1/vcard' }, // 405
      { method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload: '{bad' }, // invalid JSON
      { method: 'POST', url: '/v1/vcard', headers: { 'content-type': 'text/plain' }, payload: 'x' }, // 415
      { method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload: '{}' }, // 400
    ] as const;
    for (const [index, request] of requests.entries()) {
      const res = await app.inject(request as never);
      expect(res.headers['ratelimit-limit']).toBe('7');
      expect(res.headers['ratelimit-remaining']).toBe(String(6 - index));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(59);
      expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const limited = await app.inject({ method: 'GET', url: '/v1/product' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe('7');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', status: 429 });
  });

  it('does not count health, docs, the OpenAPI document or CORS preflight', async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '1' });
    for (let i = 0; i < 3; i += 1) {
      for (const url of ['/v1/health', '/api/v1/health', '/openapi.json', '/docs', '/docs/errors']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/v1/vcard',
        headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
    }
    const first = await app.inject({ method: 'GET', url: '/v1/templates' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('0');
    expect((await app.inject({ method: 'GET', url: '/v1/templates' })).statusCode).toBe(429);
  });

  it('starts a fresh window after RATE_LIMIT_WINDOW_SECONDS', async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '1' });
    expect((await app.inject({ method: 'GET', url: '/v1/product' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/product' })).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await app.inject({ method: 'GET', url: '/v1/product' })).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from TRUST_PROXY addresses', async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '127.0.0.1' });
    const from = (ip: string, remoteAddress = '127.0.0.1') =>
      app.inject({ method: 'GET', url: '/v1/product', remoteAddress, headers: { 'x-forwarded-for': ip } });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.2')).statusCode).toBe(200); // another client behind the proxy
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    // From an untrusted peer the header is ignored: the peer itself is the client.
    expect((await from('203.0.113.3', '198.51.100.7')).statusCode).toBe(200);
    expect((await from('203.0.113.4', '198.51.100.7')).statusCode).toBe(429);
  });
});

describe('CORS for browser clients', () => {
  let app: NestFastifyApplication;
  afterEach(() => app.close());

  it('answers preflight with 204 and the allowed method and headers', async () => {
    app = await buildTestApp();
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/vcard',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe('content-type,idempotency-key');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers preflight on any path, known or not, by the same policy: 204, or the Error shape when it is no preflight', async () => {
    app = await buildTestApp({ RATE_LIMIT_MAX: '1' });
    const origin = 'https://example.org';
    const answers = [];
    for (const url of ['/v1/templates', '/no/such/path']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      const notPreflight = await app.inject({ method: 'OPTIONS', url, headers: { origin } });
      answers.push([
        preflight.statusCode,
        preflight.headers['access-control-allow-methods'],
        notPreflight.statusCode,
        notPreflight.headers['content-type'],
        notPreflight.json().error.code,
        notPreflight.headers['ratelimit-limit'],
      ]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual([
      204,
      'GET, HEAD, POST, PUT, OPTIONS',
      400,
      'application/json; charset=utf-8',
      'bad_request',
      undefined,
    ]);
  });

  it('exposes the rate-limit, Location and idempotency headers on responses and errors', async () => {
    app = await buildTestApp();
    for (const request of [
      { method: 'GET', url: '/v1/templates' },
      { method: 'GET', url: '/v1/nope' },
      { method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload: '{}' },
    ] as const) {
      const res = await app.inject({
        ...(request as object),
        headers: { ...('headers' in request ? request.headers : {}), origin: 'https://example.org' },
      } as never);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
      expect(exposed).toEqual(
        expect.arrayContaining([
          'RateLimit-Limit',
          'RateLimit-Remaining',
          'RateLimit-Reset',
          'Retry-After',
          'Location',
          'Idempotency-Key',
          'Idempotent-Replayed',
        ]),
      );
    }
  });
});
