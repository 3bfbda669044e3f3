import { Global, Inject, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobStore } from './job-store';
import { MemoryJobStore } from './memory/memory-job-store';
import { MemoryThrottlerStorage } from './memory/memory-throttler-storage';
import { connectRedis, createRedisClient } from './redis/redis-client';
import { RedisJobStore } from './redis/redis-job-store';
import { RedisThrottlerStorage } from './redis/redis-throttler-storage';
import { StoreHealth } from './store-health';

const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * Picks the store drivers from one setting: REDIS_URL unset → in-memory (one instance);
 * set → Redis, connected at start-up (the service refuses to start without it).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<Redis | null> => {
        if (config.redisUrl === null) return null;
        const client = createRedisClient(config.redisUrl);
        // Without a listener ioredis prints every reconnect error; the drivers report outages.
        client.on('error', () => undefined);
        await connectRedis(client);
        return client;
      },
    },
    {
      provide: JobStore,
      inject: [APP_CONFIG, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis | null): JobStore => {
        const limits = { ttlSeconds: config.jobs.ttlSeconds, maxJobs: config.jobs.maxJobs };
        return redis ? new RedisJobStore(redis, limits) : new MemoryJobStore(limits);
      },
    },
    {
      provide: ThrottlerStorage,
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis | null): ThrottlerStorage =>
        redis ? new RedisThrottlerStorage(redis) : new MemoryThrottlerStorage(),
    },
    {
      provide: StoreHealth,
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis | null): StoreHealth => ({
        isHealthy: async () => (redis ? redis.ping().then(() => true, () => false) : true),
      }),
    },
  ],
  exports: [JobStore, ThrottlerStorage, StoreHealth],
})
export class StoreModule implements OnApplicationShutdown {
  constructor(@Optional() @Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis && this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    else this.redis?.disconnect();
  }
}
