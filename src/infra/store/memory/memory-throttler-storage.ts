import type { ThrottlerStorageRecord } from '../../../core/rate-limit/sync-throttler-storage';
import type { SyncThrottlerStorage } from '../../../core/rate-limit/sync-throttler-storage';

interface Window {
  hits: number;
  resetAt: number;
}

/**
 * In-memory fixed-window counter behind @nestjs/throttler's storage port. The stock
 * ThrottlerStorageService keeps one timestamp per hit and filters them on every request (O(hits)
 * time and memory per client); a counter per window is O(1) and matches the RateLimit-Reset
 * semantics ("seconds until the window resets").
 */
export class MemoryThrottlerStorage implements SyncThrottlerStorage {
  private readonly windows = new Map<string, Window>();

  constructor(sweepIntervalMs = 30_000) {
    // Expired windows are dropped periodically so memory follows active clients only. unref():
    // the sweeper must never keep the process alive.
    setInterval(() => this.sweep(Date.now()), sweepIntervalMs).unref();
  }

  async increment(key: string, ttlMs: number, limit: number): Promise<ThrottlerStorageRecord> {
    return this.incrementSync(key, ttlMs, limit);
  }

  /** The same count without a promise: the rate-limit hook's fast path (see SyncThrottlerStorage). */
  incrementSync(key: string, ttlMs: number, limit: number): ThrottlerStorageRecord {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + ttlMs };
      this.windows.set(key, window);
    }
    window.hits += 1;
    const secondsLeft = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    const isBlocked = window.hits > limit;
    return {
      totalHits: window.hits,
      timeToExpire: secondsLeft,
      isBlocked,
      timeToBlockExpire: isBlocked ? secondsLeft : 0,
    };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
