import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { JobRecord } from '../../src/infra/store/job-record';
import type { JobStore } from '../../src/infra/store/job-store';

/** Limits a contract case builds its store with. */
export interface JobStoreLimits {
  ttlSeconds: number;
  maxJobs: number;
}

/** A store under test, with control over its notion of time. */
export interface JobStoreHarness {
  store: JobStore<{ value: string }>;
  /** Moves the store's clock forward (a fake clock in memory; a real wait where time cannot be faked). */
  advance(ms: number): Promise<void>;
  /** Releases timers and connections. */
  dispose(): Promise<void>;
}

let sequence = 0;

function aJob(value = 'v'): JobRecord<{ value: string }> {
  sequence += 1;
  return {
    id: `job_${String(sequence).padStart(26, '0')}`,
    status: 'succeeded',
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: '2026-11-20T10:00:00.001Z',
    result: { value },
  };
}

/**
 * The behaviour every JobStore driver must have. Run it from each driver's spec:
 * `describeJobStoreContract('MemoryJobStore', (limits) => ...)`.
 */
export function describeJobStoreContract(
  name: string,
  createHarness: (limits: JobStoreLimits) => Promise<JobStoreHarness>,
): void {
  describe(`${name} (JobStore contract)`, () => {
    let harness: JobStoreHarness | undefined;
    let store: JobStore<{ value: string }>;
    /** (Re)opens the store under test with these limits. */
    const open = async (limits: Partial<JobStoreLimits> = {}): Promise<JobStoreHarness> => {
      await harness?.dispose();
      harness = await createHarness({ ttlSeconds: 60, maxJobs: 100, ...limits });
      store = harness.store;
      return harness;
    };

    beforeEach(() => open());
    afterEach(async () => {
      await harness?.dispose();
      harness = undefined;
    });

    it('returns an inserted job by id, and null for an unknown id', async () => {
      const job = aJob();
      await expect(store.insert(job)).resolves.toEqual({ inserted: true });
      await expect(store.get(job.id)).resolves.toEqual(job);
      await expect(store.get(aJob().id)).resolves.toBeNull();
    });

    it('returns copies: changing a returned or inserted job does not change the stored one', async () => {
      const job = aJob('original');
      await store.insert(job);
      job.result!.value = 'changed after insert';
      const read = await store.get(job.id);
      read!.status = 'failed';
      await expect(store.get(job.id)).resolves.toMatchObject({ status: 'succeeded', result: { value: 'original' } });
    });

    it('expires a job once its TTL has passed, not before', async () => {
      const { advance } = await open({ ttlSeconds: 1 });
      const job = aJob();
      await store.insert(job);
      await advance(900);
      await expect(store.get(job.id)).resolves.not.toBeNull();
      await advance(200);
      await expect(store.get(job.id)).resolves.toBeNull();
    });

    it('evicts the oldest jobs first when full', async () => {
      await open({ maxJobs: 2 });
      const [first, second, third] = [aJob(), aJob(), aJob()];
      for (const job of [first, second, third]) await store.insert(job);
      await expect(store.get(first.id)).resolves.toBeNull();
      await expect(store.get(second.id)).resolves.not.toBeNull();
      await expect(store.get(third.id)).resolves.not.toBeNull();
    });

    it('finds a job by its Idempotency-Key with the request fingerprint', async () => {
      const job = aJob();
      await store.insert(job, { key: 'key-1', fingerprint: 'fp-1' });
      await expect(store.findByIdempotencyKey('key-1')).resolves.toEqual({ job, fingerprint: 'fp-1' });
      await expect(store.findByIdempotencyKey('key-2')).resolves.toBeNull();
    });

    it('does not insert a second job for a key a live job holds, and returns the holder', async () => {
      const first = aJob('first');
      const second = aJob('second');
      await store.insert(first, { key: 'key', fingerprint: 'fp-a' });
      await expect(store.insert(second, { key: 'key', fingerprint: 'fp-b' })).resolves.toEqual({
        inserted: false,
        existing: { job: first, fingerprint: 'fp-a' },
      });
      await expect(store.get(second.id)).resolves.toBeNull();
    });

    it('makes concurrent inserts with one key store exactly one job', async () => {
      const jobs = Array.from({ length: 50 }, () => aJob());
      const outcomes = await Promise.all(jobs.map((job) => store.insert(job, { key: 'same', fingerprint: 'fp' })));
      const winners = jobs.filter((_, i) => outcomes[i].inserted);
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes) {
        if (!outcome.inserted) expect(outcome.existing.job.id).toBe(winners[0].id);
      }
    });

    it('lets an Idempotency-Key expire with its job', async () => {
      const { advance } = await open({ ttlSeconds: 1 });
      await store.insert(aJob(), { key: 'key', fingerprint: 'fp' });
      await advance(1100);
      await expect(store.findByIdempotencyKey('key')).resolves.toBeNull();
      const next = aJob();
      await expect(store.insert(next, { key: 'key', fingerprint: 'other' })).resolves.toEqual({ inserted: true });
      await expect(store.findByIdempotencyKey('key')).resolves.toEqual({ job: next, fingerprint: 'other' });
    });

    it('releases an Idempotency-Key when its job is evicted', async () => {
      await open({ maxJobs: 1 });
      await store.insert(aJob(), { key: 'key', fingerprint: 'fp' });
      await store.insert(aJob());
      await expect(store.findByIdempotencyKey('key')).resolves.toBeNull();
    });
  });
}
