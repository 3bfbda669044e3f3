import { describe, expect, it } from '@jest/globals';
import type { JobRecord } from '../job-record';
import { describeJobStoreContract } from '../../../../test/utils/job-store.contract';
import { MemoryJobStore } from './memory-job-store';

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 10, 20)): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

describeJobStoreContract('MemoryJobStore', async (limits) => {
  const clock = manualClock();
  const store = new MemoryJobStore<{ value: string }>({ ...limits, now: clock.now, sweepIntervalMs: 0 });
  return {
    store,
    advance: async (ms) => clock.advance(ms),
    dispose: async () => store.onModuleDestroy(),
  };
});

function job(n: number): JobRecord<{ value: string }> {
  return {
    id: `job_${String(n).padStart(26, '0')}`,
    status: 'succeeded',
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: '2026-11-20T10:00:00.000Z',
    result: { value: 'x'.repeat(100) },
  };
}

describe('MemoryJobStore (driver specifics)', () => {
  it('stays at maxJobs entries under a flood of inserts', async () => {
    const store = new MemoryJobStore({ ttlSeconds: 900, maxJobs: 100, sweepIntervalMs: 0 });
    let largest = 0;
    for (let n = 0; n < 10_000; n += 1) {
      await store.insert(job(n), { key: `key-${n}`, fingerprint: 'fp' });
      largest = Math.max(largest, store.size);
    }
    expect(largest).toBe(100);
    await expect(store.findByIdempotencyKey('key-9899')).resolves.toBeNull();
    await expect(store.findByIdempotencyKey('key-9900')).resolves.not.toBeNull();
  });

  it('sweeps expired jobs without reads, oldest first, and keeps live ones', async () => {
    const clock = manualClock();
    const store = new MemoryJobStore({ ttlSeconds: 10, maxJobs: 100, now: clock.now, sweepIntervalMs: 0 });
    await store.insert(job(1));
    clock.advance(5_000);
    await store.insert(job(2));
    clock.advance(5_000);
    store.sweepExpired();
    expect(store.size).toBe(1);
    await expect(store.get(job(2).id)).resolves.not.toBeNull();
  });

  it('sweeps on its own timer', async () => {
    const clock = manualClock();
    const store = new MemoryJobStore({ ttlSeconds: 1, maxJobs: 10, now: clock.now, sweepIntervalMs: 20 });
    await store.insert(job(1));
    clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(store.size).toBe(0);
    store.onModuleDestroy();
  });
});
