import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { ServiceMetrics } from '../../core/metrics/service-metrics';
import { RATE_LIMIT_STORAGE } from '../../core/rate-limit/rate-limiter';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { BatchStore } from './batch-store';
import { JobStore } from './job-store';
import { MemoryBatchStore } from './memory/memory-batch-store';
import { MemoryJobStore } from './memory/memory-job-store';
import { MemoryThrottlerStorage } from './memory/memory-throttler-storage';
import { RedisCircuit } from './redis/redis-circuit';
import { connectRedis, createRedisClient } from './redis/redis-client';
import { RedisBatchStore } from './redis/redis-batch-store';
import { RedisJobStore } from './redis/redis-job-store';
import { RedisThrottlerStorage } from './redis/redis-throttler-storage';
import { StoreHealth } from './store-health';

/** The Redis connection the module uses, and whether the module opened it (and so must close it). */
export interface RedisConnection {
  client: Redis;
  owned: boolean;
  /** Every command of the module goes through it: a Redis that hangs is treated as down. */
  circuit: RedisCircuit;
}

export const REDIS_CONNECTION = Symbol('vcard-payload.redisConnection');

/** Closes a connection the module opened; a host's own client is the host's to close. */
@Injectable()
export class RedisConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CONNECTION) private readonly connection: RedisConnection | null) {}

  async onApplicationShutdown(): Promise<void> {
    this.connection?.circuit.close();
    const { client, owned } = this.connection ?? { owned: false };
    if (!owned || !client) return;
    if (client.status === 'ready') await client.quit().catch(() => undefined);
    else client.disconnect();
  }
}

/** Reports the Redis circuit to the metrics (only when the module runs on Redis). */
@Injectable()
export class RedisCircuitMetrics {
  constructor(@Inject(REDIS_CONNECTION) connection: RedisConnection | null, metrics: ServiceMetrics) {
    if (!connection) return;
    metrics.gauge(
      'vcard_redis_circuit_open',
      '1 while the Redis circuit is open (Redis does not answer: jobs and batches 503, rate limiting per instance), else 0.',
      () => (connection.circuit.isOpen ? 1 : 0),
    );
  }
}

/**
 * The store drivers, picked from one option: memory (one instance) or Redis (by URL, connected at
 * start-up, which fails without it; or a client the host provides).
 */
export const STORE_PROVIDERS: Provider[] = [
  {
    provide: REDIS_CONNECTION,
    inject: [SERVICE_CONFIG],
    useFactory: async ({ store }: ServiceConfig): Promise<RedisConnection | null> => {
      if (store.kind === 'memory') return null;
      if (store.kind === 'redis-client')
        return { client: store.client, owned: false, circuit: new RedisCircuit(store.client) };
      const client = createRedisClient(store.url);
      // Without a listener ioredis prints every reconnect error; the drivers report outages.
      client.on('error', () => undefined);
      await connectRedis(client);
      return { client, owned: true, circuit: new RedisCircuit(client) };
    },
  },
  {
    provide: JobStore,
    inject: [SERVICE_CONFIG, REDIS_CONNECTION],
    useFactory: (config: ServiceConfig, redis: RedisConnection | null): JobStore => {
      const limits = { ttlSeconds: config.jobs.ttlSeconds, maxJobs: config.jobs.maxJobs };
      return redis
        ? new RedisJobStore(redis.client, { ...limits, circuit: redis.circuit })
        : new MemoryJobStore(limits);
    },
  },
  {
    provide: BatchStore,
    inject: [SERVICE_CONFIG, REDIS_CONNECTION],
    useFactory: (config: ServiceConfig, redis: RedisConnection | null): BatchStore =>
      redis
        ? new RedisBatchStore(redis.client, config.jobs.ttlSeconds, redis.circuit)
        : new MemoryBatchStore(config.jobs.ttlSeconds),
  },
  {
    provide: RATE_LIMIT_STORAGE,
    inject: [SERVICE_CONFIG, REDIS_CONNECTION],
    useFactory: (config: ServiceConfig, redis: RedisConnection | null): ThrottlerStorage =>
      config.rateLimit?.storage ??
      (redis ? new RedisThrottlerStorage(redis.client, undefined, redis.circuit) : new MemoryThrottlerStorage()),
  },
  {
    provide: StoreHealth,
    inject: [REDIS_CONNECTION],
    useFactory: (redis: RedisConnection | null): StoreHealth => ({
      isHealthy: async () =>
        redis
          ? redis.circuit
              .run((client) => client.ping())
              .then(
                () => true,
                () => false,
              )
          : true,
    }),
  },
  RedisConnectionCloser,
  RedisCircuitMetrics,
];
