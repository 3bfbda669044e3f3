import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { aheadInOrder } from './ahead-in-order';

async function* listed<Item>(items: Item[]): AsyncGenerator<Item> {
  for (const item of items) yield item;
}

async function all<Result>(results: AsyncIterable<Result>): Promise<Result[]> {
  const out: Result[] = [];
  for await (const result of results) out.push(result);
  return out;
}

describe('aheadInOrder', () => {
  it('yields every result in the items’ order, with never more than `ahead` at work', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        async (delays, ahead) => {
          let working = 0;
          let most = 0;
          const results = await all(
            aheadInOrder(listed(delays.map((delay, index) => ({ delay, index }))), ahead, async ({ delay, index }) => {
              working++;
              most = Math.max(most, working);
              await sleep(delay);
              working--;
              return index;
            }),
          );
          expect(results).toEqual(delays.map((_, index) => index));
          // Every wait is a timer, so the first `ahead` items are all at work before any ends.
          expect(most).toBe(Math.min(ahead, delays.length));
        },
      ),
      { seed: 37, numRuns: 60 },
    );
  });

  it('works on the next items while the caller holds an earlier result', async () => {
    const started: number[] = [];
    const results = aheadInOrder(listed([0, 1, 2, 3]), 3, async (item) => {
      started.push(item);
      await sleep(1);
      return item;
    });
    expect((await results.next()).value).toBe(0);
    // The first result came after three were started.
    expect(started).toEqual([0, 1, 2]);
    expect(await all(results)).toEqual([1, 2, 3]);
  });

  it('a failure rejects in its turn, after the results before it, and is never unhandled before then', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const seen: number[] = [];
      const results = aheadInOrder(listed([0, 1, 2, 3]), 4, async (item) => {
        if (item === 2) throw new Error('item 2 failed');
        await sleep(5);
        return item;
      });
      await expect(
        (async () => {
          for await (const result of results) seen.push(result);
        })(),
      ).rejects.toThrow('item 2 failed');
      expect(seen).toEqual([0, 1]);
      await sleep(10);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
