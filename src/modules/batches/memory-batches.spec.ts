import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { StoredItem } from '../../infra/store/batch-record';
import type { BatchProcessor } from './batch-processor';
import { MemoryBatchRunner } from './batch-runner';
import { MemoryBatchStore } from '../../infra/store/memory/memory-batch-store';
import { queuedBatch } from '../../../test/fixtures/batch-record';

const LIMITS = { perClient: 2, total: 20 };

const ok = (n: number): StoredItem => ({ ok: true, qrPayload: `card ${n}` });
const bad: StoredItem = { ok: false, error: { code: 'invalid_request' } };

describe('MemoryBatchStore', () => {
  it('counts each contact once, however often and in whatever order its chunk is recorded (a chunk run twice after a crash)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        async (total, chunk, order) => {
          const store = new MemoryBatchStore(60);
          const batch = queuedBatch(total);
          await store.create(
            batch,
            Array.from({ length: total }, () => '{}'),
            LIMITS,
          );
          const starts = Array.from({ length: Math.ceil(total / chunk) }, (_, i) => i * chunk);
          // Every chunk at least once, some again, in a shuffled order.
          const runs = [...starts, ...order.map((n) => starts[n % starts.length])].sort(
            (a, b) => ((a * 7919 + b) % 13) - 6,
          );
          for (const from of runs) {
            const items = Array.from({ length: Math.min(chunk, total - from) }, (_, i) =>
              (from + i) % 3 === 0 ? bad : ok(from + i),
            );
            await store.recordResults(batch.id, from, items);
          }
          const done = (await store.get(batch.id))!;
          const failed = Array.from({ length: total }, (_, i) => i).filter((i) => i % 3 === 0).length;
          expect(done).toMatchObject({ status: 'succeeded', processed: total, succeeded: total - failed, failed });
          expect((await store.items(batch.id, 0, total)).every((item) => item !== null)).toBe(true);
          expect(await store.active(batch.client)).toEqual({ client: 0, total: 0 });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a batch over the limits in the same step that would store it', async () => {
    const store = new MemoryBatchStore(60);
    const results = await Promise.all(
      [0, 1, 2].map(() => store.create(queuedBatch(5), ['{}'], { perClient: 2, total: 20 })),
    );
    expect(
      results.map((result) => (result.created ? 'created' : 'refused' in result ? result.refused : 'replayed')),
    ).toEqual(['created', 'created', 'client']);
    const other = await store.create(queuedBatch(5, '198.51.100.1'), ['{}'], { perClient: 2, total: 2 });
    expect(other).toEqual({ created: false, refused: 'service' });
  });
});

describe('MemoryBatchRunner', () => {
  it('runs queued batches to completion', async () => {
    const store = new MemoryBatchStore(60);
    const processor = {
      processChunk: (id: string, from: number, to: number) =>
        store.recordResults(
          id,
          from,
          Array.from({ length: to - from }, (_, i) => ok(from + i)),
        ),
    } as unknown as BatchProcessor;
    const runner = new MemoryBatchRunner(processor);
    const batches = [queuedBatch(120), queuedBatch(7), queuedBatch(301)];
    for (const batch of batches) {
      await store.create(
        batch,
        Array.from({ length: batch.total }, () => '{}'),
        { perClient: 10, total: 10 },
      );
      await runner.enqueue(batch);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const batch of batches)
      expect(await store.get(batch.id)).toMatchObject({ status: 'succeeded', processed: batch.total });
  });

  it('marks a batch failed, and no longer active, when a chunk cannot be processed', async () => {
    const store = new MemoryBatchStore(60);
    let calls = 0;
    const processor = {
      processChunk: async (id: string, from: number, to: number) => {
        if (++calls === 2) throw new Error('store exploded');
        return store.recordResults(
          id,
          from,
          Array.from({ length: to - from }, (_, i) => ok(from + i)),
        );
      },
      fail: (id: string) => store.fail(id),
    } as unknown as BatchProcessor;
    const runner = new MemoryBatchRunner(processor);
    const batch = queuedBatch(500);
    await store.create(
      batch,
      Array.from({ length: 500 }, () => '{}'),
      LIMITS,
    );
    await runner.enqueue(batch);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const done = (await store.get(batch.id))!;
    expect(done.status).toBe('failed');
    expect(done.completed_at).not.toBeNull();
    expect(done.processed).toBeLessThan(500);
    expect(await store.active(batch.client)).toEqual({ client: 0, total: 0 });
  });
});
