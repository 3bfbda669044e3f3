import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { useTestApp } from '../utils/test-app';

const pkg = JSON.parse(readFileSync(`${__dirname}/../../package.json`, 'utf8')) as { version: string };

describe('GET /v1/health', () => {
  const suite = useTestApp({ RATE_LIMIT_MAX: '1' });

  it.each(['/v1/health', '/api/v1/health'])('%s reports the service and package version', async (url) => {
    const res = await suite.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, service: 'vcard-payload-service', version: pkg.version });
  });

  it('is not rate-limited and carries no RateLimit headers', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await suite.app.inject({ method: 'GET', url: '/v1/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});
