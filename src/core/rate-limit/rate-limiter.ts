import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage, normalizeIp } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from './sync-throttler-storage';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiError } from '../errors/api-error';
import { SyncThrottlerStorage, isSyncThrottlerStorage } from './sync-throttler-storage';

/** Distinct client addresses whose counter key is remembered; the memo is emptied when full. */
const KEY_MEMO_SIZE = 10_000;

/**
 * DI token of the module's own counter store (@nestjs/throttler's ThrottlerStorage port). Not the
 * ThrottlerStorage class itself: a host running @nestjs/throttler provides that token for its own
 * budget, which must stay separate from the module's.
 */
export const RATE_LIMIT_STORAGE = Symbol('vcard-payload.rateLimitStorage');

/** Sets one response header, through whichever adapter the caller has. */
export type SetHeader = (name: string, value: string) => unknown;

/**
 * One budget per client IP: counts a hit in the storage and words the RateLimit headers and the
 * 429. Adapter-agnostic; ApiEdgeGuard uses it on the module's routes, and the standalone app at its
 * edge, where every request (unknown paths and parser errors too) is counted.
 */
@Injectable()
export class RateLimiter {
  /** False when the host does its own limiting (`rateLimit: false`). */
  readonly enabled: boolean;
  private readonly limit: number;
  private readonly limitHeader: string;
  private readonly ttlMs: number;
  private readonly syncStorage: SyncThrottlerStorage | null;
  /** Client address → counter key: normalizeIp parses an IPv6 address (its /64) on every call. */
  private readonly keys = new Map<string, string>();

  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: ThrottlerStorage,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.enabled = config.rateLimit !== null;
    this.limit = config.rateLimit?.max ?? 0;
    this.limitHeader = String(this.limit);
    this.ttlMs = (config.rateLimit?.windowSeconds ?? 0) * 1000;
    this.syncStorage = isSyncThrottlerStorage(storage) ? storage : null;
  }

  /** Counts one request of this client: at once with the in-memory storage, else a promise. */
  hit(ip: string | undefined): ThrottlerStorageRecord | Promise<ThrottlerStorageRecord> {
    const key = this.keyOf(ip ?? 'unknown');
    if (this.syncStorage) return this.syncStorage.incrementSync(key, this.ttlMs, this.limit);
    return this.storage.increment(key, this.ttlMs, this.limit, this.ttlMs, 'default');
  }

  /** Writes the RateLimit headers; returns the 429 error when the budget is spent. */
  apply(record: ThrottlerStorageRecord, setHeader: SetHeader): ApiError | undefined {
    setHeader('RateLimit-Limit', this.limitHeader);
    setHeader('RateLimit-Remaining', String(Math.max(0, this.limit - record.totalHits)));
    setHeader('RateLimit-Reset', String(record.timeToExpire));
    if (!record.isBlocked) return undefined;
    return new ApiError('rate_limited', {
      headers: { 'Retry-After': String(record.timeToBlockExpire || record.timeToExpire) },
    });
  }

  /**
   * Counts `units` more requests of this client at once (a batch costs in proportion to its size)
   * and writes the headers of the last; the 429 when the budget does not cover them.
   */
  async charge(ip: string | undefined, units: number, setHeader: SetHeader): Promise<ApiError | undefined> {
    if (!this.enabled || units <= 0) return undefined;
    let record: ThrottlerStorageRecord | undefined;
    for (let i = 0; i < units; i++) record = await this.hit(ip);
    return this.apply(record!, setHeader);
  }

  private keyOf(ip: string): string {
    let key = this.keys.get(ip);
    if (key === undefined) {
      if (this.keys.size >= KEY_MEMO_SIZE) this.keys.clear();
      key = `rl:${normalizeIp(ip)}`;
      this.keys.set(ip, key);
    }
    return key;
  }
}
