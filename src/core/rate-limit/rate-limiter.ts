import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage, normalizeIp } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';

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
  private readonly ttlMs: number;
  /** Client address → counter key. normalizeIp parses an IPv6 address (its /64) in about 2.5 µs. */
  private readonly keys = new Map<string, string>();

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.rateLimit.max;
    this.ttlMs = config.rateLimit.windowSeconds * 1000;
  }

  /** Must run after CORS's onRequest hook so that a 429 still carries the CORS headers. */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply) => this.check(request, reply));
  }

  async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.method === 'OPTIONS' || UNCOUNTED.test(request.url)) return;
    const record = await this.storage.increment(this.keyOf(request.ip), this.ttlMs, this.limit, this.ttlMs, 'default');
    reply.header('RateLimit-Limit', this.limit);
    reply.header('RateLimit-Remaining', Math.max(0, this.limit - record.totalHits));
    reply.header('RateLimit-Reset', record.timeToExpire);
    if (record.isBlocked) {
      throw new ApiError('rate_limited', {
        headers: { 'Retry-After': String(record.timeToBlockExpire || record.timeToExpire) },
      });
    }
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
