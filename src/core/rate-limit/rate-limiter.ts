import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage, normalizeIp } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import { SyncThrottlerStorage, isSyncThrottlerStorage } from './sync-throttler-storage';

/** Distinct client addresses whose counter key is remembered; the memo is emptied when full. */
const KEY_MEMO_SIZE = 10_000;

/** Paths (after the /api alias is rewritten) that never count against the budget. */
const UNCOUNTED = /^\/(v1\/health(\?|$)|docs(\/|\?|$)|openapi\.json(\?|$))/;

/**
 * One budget per client IP across all routes, enforced in a fastify onRequest hook rather than
 * ThrottlerGuard: guards run only for matched routes after body parsing, so 404, 405, 413, 415 and
 * invalid-JSON responses would carry no RateLimit headers and would not be counted.
 */
@Injectable()
export class RateLimiter {
  private readonly limit: number;
  private readonly limitHeader: string;
  private readonly ttlMs: number;
  private readonly syncStorage: SyncThrottlerStorage | null;
  /** Client address → counter key. normalizeIp parses an IPv6 address (its /64) in about 2.5 µs. */
  private readonly keys = new Map<string, string>();

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.rateLimit.max;
    this.limitHeader = String(this.limit);
    this.ttlMs = config.rateLimit.windowSeconds * 1000;
    this.syncStorage = isSyncThrottlerStorage(storage) ? storage : null;
  }

  /**
   * Must run after CORS's onRequest hook so that a 429 still carries the CORS headers. A
   * callback-style hook: with the in-memory storage a request costs no promise at all.
   */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => this.check(request, reply, done));
  }

  check(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    if (request.method === 'OPTIONS' || UNCOUNTED.test(request.url)) return done();
    const key = this.keyOf(request.ip);
    if (this.syncStorage) return done(this.apply(this.syncStorage.incrementSync(key, this.ttlMs, this.limit), reply));
    this.storage
      .increment(key, this.ttlMs, this.limit, this.ttlMs, 'default')
      .then((record) => done(this.apply(record, reply)), done);
  }

  /** Writes the RateLimit headers; returns the 429 error when the budget is spent. */
  private apply(record: ThrottlerStorageRecord, reply: FastifyReply): ApiError | undefined {
    reply.header('RateLimit-Limit', this.limitHeader);
    reply.header('RateLimit-Remaining', Math.max(0, this.limit - record.totalHits));
    reply.header('RateLimit-Reset', record.timeToExpire);
    if (!record.isBlocked) return undefined;
    return new ApiError('rate_limited', {
      headers: { 'Retry-After': String(record.timeToBlockExpire || record.timeToExpire) },
    });
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
