import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

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
