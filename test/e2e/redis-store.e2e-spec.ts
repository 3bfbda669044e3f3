import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, RedisServer } from '../utils/redis-server';
import { serviceNodeArgs } from '../utils/service-command';
import { buildTestApp } from '../utils/test-app';
import { startAll } from '../utils/start-all';
import { describeWithRedis } from '../utils/system-program';

const JSON_HEADERS = { 'content-type': 'application/json' };
const CONTACT = JSON.stringify({ fullName: 'Grace Hopper', email: 'grace@example.com' });

describeWithRedis()('two instances sharing a real Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  beforeAll(async () => {
    redis = await RedisServer.start();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: '6' };
    [a, b] = await startAll([buildTestApp(env), buildTestApp(env)], (app) => app.close());
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis.stop();
  });

  it('shares jobs and idempotency across instances, and one rate budget per client', async () => {
    const created = await a.inject({
      method: 'POST',
      url: '/v1/jobs/vcard',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'shared-key' },
      payload: CONTACT,
    });
    expect(created.statusCode).toBe(202);
    expect(created.headers['ratelimit-remaining']).toBe('5');
    const { id } = created.json();

    const read = await b.inject({ method: 'GET', url: `/v1/jobs/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created.json());
    expect(read.headers['ratelimit-remaining']).toBe('4');
    // Redis holds the job with only its QR payload; the rest of the result is rebuilt on reading.
    const raw = new Redis(redis.url);
    try {
      const stored = JSON.parse((await raw.hget(`{vcard-jobs}:job:${id}`, 'data'))!) as { result: unknown };
      expect(stored.result).toEqual({ qrPayload: created.json().result.qrPayload });
    } finally {
      raw.disconnect();
    }

    const replay = await b.inject({
      method: 'POST',
      url: '/api/v1/jobs/vcard',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'shared-key' },
      payload: CONTACT,
    });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(id);

    const conflict = await a.inject({
      method: 'POST',
      url: '/v1/jobs/vcard',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'shared-key' },
      payload: JSON.stringify({ fullName: 'Someone Else' }),
    });
    expect(conflict.statusCode).toBe(409);

    expect((await b.inject({ method: 'GET', url: '/v1/product' })).headers['ratelimit-remaining']).toBe('1');
    expect((await a.inject({ method: 'GET', url: '/v1/product' })).headers['ratelimit-remaining']).toBe('0');
    const limited = await b.inject({ method: 'GET', url: '/v1/product' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('while Redis is down: health 503, jobs 503 with Retry-After, vCard creation still works', async () => {
    await redis.stop();
    try {
      const health = await a.inject({ method: 'GET', url: '/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ ok: false, service: 'vcard-payload-service' });

      const job = await a.inject({ method: 'POST', url: '/v1/jobs/vcard', headers: JSON_HEADERS, payload: CONTACT });
      expect(job.statusCode).toBe(503);
      expect(job.headers['retry-after']).toBe('5');
      expect(job.json().error).toMatchObject({ code: 'service_unavailable', status: 503 });

      const vcard = await b.inject({ method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload: CONTACT });
      expect(vcard.statusCode).toBe(200);
      expect(vcard.headers['ratelimit-limit']).toBe('6'); // the per-instance fallback window
    } finally {
      await redis.restart();
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await a.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
  });
});

describe('start-up with an unreachable REDIS_URL', () => {
  it('refuses to start, naming the variable but not its value', async () => {
    const port = await freePort();
    const result = spawnSync(process.execPath, serviceNodeArgs(), {
      cwd: join(__dirname, '..', '..'),
      env: {
        PATH: process.env.PATH,
        REDIS_URL: `redis://admin:s3cret-pw@127.0.0.1:${port}`,
        LOG_LEVEL: 'silent',
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Cannot connect to Redis (REDIS_URL)');
    expect(result.stderr).not.toContain('s3cret-pw');
  });
});
