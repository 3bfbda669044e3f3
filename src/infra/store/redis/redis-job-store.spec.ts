import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Redis from 'ioredis';
import { RedisServer } from '../../../../test/utils/redis-server';
import { describeJobStoreContract } from '../../../../test/utils/job-store.contract';
import { createRedisClient } from './redis-client';
import { RedisJobStore } from './redis-job-store';
import { RedisThrottlerStorage } from './redis-throttler-storage';
import { describeWithRedis } from '../../../../test/utils/system-program';

describeWithRedis()('Redis drivers against a real redis-server', () => {
  let server: RedisServer;
  let prefixes = 0;

  beforeAll(async () => {
    server = await RedisServer.start();
  });
  afterAll(() => server.stop());

  // The same contract as the memory driver, against a real redis-server; time passes for real.
  describeJobStoreContract('RedisJobStore', async (limits) => {
    const redis = new Redis(server.url);
    prefixes += 1;
    const store = new RedisJobStore<{ value: string }>(redis, { ...limits, keyPrefix: `{contract-${prefixes}}:` });
    return {
      store,
      advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      dispose: async () => {
        await redis.quit();
      },
    };
  });

  describe('RedisJobStore (driver specifics)', () => {
    it('keeps at most maxJobs jobs in Redis under a flood, and never stores the raw Idempotency-Key', async () => {
      const redis = new Redis(server.url);
      const store = new RedisJobStore(redis, { ttlSeconds: 60, maxJobs: 20, keyPrefix: '{flood}:' });
      for (let n = 0; n < 500; n += 1) {
        const id = `job_${String(n).padStart(26, '0')}`;
        await store.insert(
          { id, status: 'succeeded', createdAt: 'c', completedAt: 'c', result: { n } },
          { key: `client-key-${n}`, fingerprint: 'fp' },
        );
      }
      const jobKeys = await redis.keys('{flood}:job:*');
      const idemKeys = await redis.keys('{flood}:idem:*');
      expect(jobKeys).toHaveLength(20);
      expect(idemKeys).toHaveLength(20);
      expect(idemKeys.join(' ')).not.toContain('client-key');
      await redis.quit();
    });

    it('fails with 503 service_unavailable while Redis is down, and recovers', async () => {
      const own = await RedisServer.start();
      const redis = createRedisClient(own.url);
      redis.on('error', () => undefined);
      await redis.connect();
      const store = new RedisJobStore(redis, { ttlSeconds: 60, maxJobs: 10 });
      await own.stop();
      await expect(store.get('job_x')).rejects.toMatchObject({ code: 'service_unavailable' });
      await own.restart();
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the client reconnects on its own
      await expect(store.get('job_x')).resolves.toBeNull();
      redis.disconnect();
      await own.stop();
    });
  });

  describe('RedisThrottlerStorage', () => {
    it('counts hits in a shared fixed window', async () => {
      const a = new Redis(server.url);
      const b = new Redis(server.url);
      const [first, second] = [new RedisThrottlerStorage(a, '{rate-a}:'), new RedisThrottlerStorage(b, '{rate-a}:')];
      const hits = [
        await first.increment('ip', 60_000, 2),
        await second.increment('ip', 60_000, 2),
        await first.increment('ip', 60_000, 2),
      ];
      expect(hits.map((h) => [h.totalHits, h.isBlocked])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      expect(hits[2].timeToExpire).toBeGreaterThanOrEqual(59);
      expect(hits[2].timeToBlockExpire).toBe(hits[2].timeToExpire);
      await a.quit();
      await b.quit();
    });

    it('falls back to a per-instance window while Redis is down', async () => {
      const own = await RedisServer.start();
      const redis = createRedisClient(own.url);
      redis.on('error', () => undefined);
      await redis.connect();
      const storage = new RedisThrottlerStorage(redis);
      await own.stop();
      const outcome = await storage.increment('ip', 60_000, 1);
      expect(outcome).toMatchObject({ totalHits: 1, isBlocked: false });
      expect((await storage.increment('ip', 60_000, 1)).isBlocked).toBe(true);
      redis.disconnect();
    });
  });
});
