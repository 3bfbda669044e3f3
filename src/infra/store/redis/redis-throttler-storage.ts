import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '../../../core/rate-limit/sync-throttler-storage';
import type Redis from 'ioredis';
import { MemoryThrottlerStorage } from '../memory/memory-throttler-storage';
import type { RedisCircuit } from './redis-circuit';

/** Fixed window shared by all instances: count and remaining window in one atomic step. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}
`;

/**
 * @nestjs/throttler storage in Redis: one budget per client across every instance. If Redis is
 * unreachable it falls back to a per-instance in-memory window instead of failing: rate limiting
 * degrades, but vCard creation (which needs no store) keeps working.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RedisThrottlerStorage');
  private readonly fallback = new MemoryThrottlerStorage();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix = '{vcard-rate}:',
    private readonly circuit?: RedisCircuit,
  ) {}

  async increment(key: string, ttlMs: number, limit: number): Promise<ThrottlerStorageRecord> {
    try {
      const hit = (redis: Redis): Promise<unknown> => redis.eval(HIT_SCRIPT, 1, `${this.keyPrefix}${key}`, ttlMs);
      const [hits, pttl] = (await (this.circuit ? this.circuit.run(hit) : hit(this.redis))) as [number, number];
      const secondsLeft = Math.max(1, Math.ceil(pttl / 1000));
      const isBlocked = hits > limit;
      return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
    } catch {
      this.warnAtMostEvery(30_000);
      return this.fallback.increment(key, ttlMs, limit);
    }
  }

  private warnAtMostEvery(ms: number): void {
    const now = Date.now();
    if (now - this.lastWarning < ms) return;
    this.lastWarning = now;
    this.logger.warn({ msg: 'Redis unreachable: rate limiting falls back to this instance only' });
  }
}
