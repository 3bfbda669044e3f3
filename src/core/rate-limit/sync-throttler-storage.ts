import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a ThrottlerStorage counts a hit into: the public interface's own type (the package exports no name for it). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * A ThrottlerStorage that can also count a hit without a promise. The in-memory storage has
 * nothing to wait for, and the rate-limit hook runs on every request, so it takes this path when
 * the storage offers it (Redis does not: it keeps the async `increment`).
 */
export interface SyncThrottlerStorage extends ThrottlerStorage {
  incrementSync(key: string, ttlMs: number, limit: number): ThrottlerStorageRecord;
}

export function isSyncThrottlerStorage(storage: ThrottlerStorage): storage is SyncThrottlerStorage {
  return typeof (storage as Partial<SyncThrottlerStorage>).incrementSync === 'function';
}
