import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import { CollectingOutput, people, personItem } from '../../../test/fixtures/print/sheet-people';
import { writeSheet, type SheetEntry } from '../../lib/print';
import type { SheetDrawnScene, SheetGroupCard } from './sheet-writer.messages';
import { writeSheetOnThread, type SheetGroup } from './sheet-writer-thread';

/** An entry as the sheet pool hands it over: the card's texts, and its code drawn apart. */
type DrawnEntry = { index: number; missing: string } | { card: SheetGroupCard; drawn: SheetDrawnScene };

function drawnOf(entry: SheetEntry): DrawnEntry {
  if ('missing' in entry) return entry;
  const { scene, ...card } = entry;
  return { card, drawn: scene };
}

/** `entries` in groups of ten, each group's codes posted to its port as the sheet pool posts them. */
async function* groupsOf(entries: DrawnEntry[], read: { groups: number } = { groups: 0 }): AsyncGenerator<SheetGroup> {
  for (let from = 0; from < entries.length; from += 10) {
    const group = entries.slice(from, from + 10);
    const { port1, port2 } = new MessageChannel();
    port2.postMessage(group.flatMap((entry) => ('drawn' in entry ? [entry.drawn] : [])));
    port2.close();
    read.groups++;
    yield {
      entries: group.map((entry) => ('card' in entry ? entry.card : entry)),
      scenes: port1,
      drawn: Promise.resolve(),
    };
  }
}

/** Resolves once `check()` holds, polled every 50 ms; rejects after `limitMs` (20 s). */
async function until(check: () => boolean, limitMs = 20_000): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > limitMs) throw new Error(`the condition did not hold within ${limitMs} ms`);
    await sleep(50);
  }
}

/**
 * The thread count is back to `before`: a writer thread ended by `terminate()` can still be counted by the OS for a
 * moment after the promise resolves (once in CI, on Node 24), so it is given 2 s to go.
 */
async function threadsBackTo(before: number): Promise<void> {
  await until(() => threads() === before, 2000);
  expect(threads()).toBe(before);
}

/** Threads of this process (Linux): a writer thread that ended is no longer counted. */
const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);

/**
 * The thread count once it has held still for 200 ms: a writer thread that has just ended can
 * still be counted for a moment after its `terminate()` resolves, and would be taken for a thread
 * that ends later.
 */
async function settledThreads(): Promise<number> {
  let count = threads();
  for (let still = 0; still < 4; still++) {
    await sleep(50);
    const now = threads();
    if (now !== count) [count, still] = [now, -1];
  }
  return count;
}

/** A client that reads nothing until `release()`: every write waits. */
class StalledOutput extends Writable {
  private received = 0;
  private readonly held: (() => void)[] = [];
  private released = false;
  constructor() {
    super({ highWaterMark: 16 * 1024 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.received += chunk.length;
    if (this.released) callback();
    else this.held.push(callback);
  }
  /** Bytes written to it so far, taken or waiting in its buffer. */
  get given(): number {
    return this.received + this.writableLength;
  }

  release(): void {
    this.released = true;
    this.held.splice(0).forEach((callback) => callback());
  }
}

describe('writeSheetOnThread', () => {
  it('writes the bytes and summary writeSheet writes in-process, a failed styled code reported as missing', async () => {
    const entries: SheetEntry[] = [
      ...people(23),
      { index: 23, missing: 'the card does not fit the code box' },
      { ...personItem(24), omitted: ['urls[0]'] },
      { index: 25, missing: 'its styled code failed the check' },
      ...people(31).slice(26),
    ];
    const inProcess = new CollectingOutput();
    const expected = await writeSheet('card-eu', entries, inProcess, { report: true });
    const drawn = entries.map(drawnOf);
    // The failed check as the pool posts it: an unreadable drawing in the card's place.
    drawn[25] = {
      card: { index: 25, lines: [{ label: 'name', text: 'Jane Doe' }] },
      drawn: { unreadable: 'its styled code failed the check' },
    };
    const onThread = new CollectingOutput();
    const summary = await writeSheetOnThread('card-eu', groupsOf(drawn), onThread, { report: true });
    expect(summary).toEqual(expected);
    expect(onThread.bytes().equals(inProcess.bytes())).toBe(true);
  });

  it('runs at most a bounded amount ahead of a client that does not read, then finishes when it does', async () => {
    const entries = people(1000);
    const whole = new CollectingOutput();
    await writeSheet('card-eu', entries, whole);
    const read = { groups: 0 };
    const output = new StalledOutput();
    // At the event loop's priority, so that a busy host does not starve the writer this test waits for.
    const written = writeSheetOnThread('card-eu', groupsOf(entries.map(drawnOf), read), output, { nice: 0 });
    // The writer fills its window (256 KiB) and stops there: a while later nothing more has come.
    await until(() => output.given >= 256 * 1024);
    await sleep(1000);
    expect(output.given).toBeLessThan(352 * 1024);
    expect(whole.bytes().length).toBeGreaterThan(2 * 352 * 1024);
    expect(read.groups).toBeLessThan(100);
    output.release();
    await written;
    expect(output.given).toBe(whole.bytes().length);
    expect(read.groups).toBe(100);
  }, 60_000);

  it('stops reading and ends its thread when the client goes away', async () => {
    await writeSheetOnThread('card-eu', groupsOf(people(1).map(drawnOf)), new CollectingOutput());
    const before = await settledThreads();
    const read = { groups: 0 };
    const output = new StalledOutput();
    const written = writeSheetOnThread('card-eu', groupsOf(people(400).map(drawnOf), read), output);
    await sleep(1000);
    expect(threads()).toBe(before + 1);
    output.destroy();
    await expect(written).rejects.toThrow('the output closed before the sheet ended');
    await threadsBackTo(before);
    const groups = read.groups;
    await sleep(200);
    expect(read.groups).toBe(groups);
  }, 30_000);

  it('fails, destroying the output and ending its thread, when a drawing fails or the signal aborts', async () => {
    async function* failing(): AsyncGenerator<SheetGroup> {
      yield* groupsOf(people(20).map(drawnOf));
      const { port1 } = new MessageChannel();
      yield {
        entries: [{ index: 20, lines: [{ label: 'name', text: 'Jane Doe' }] }],
        scenes: port1,
        drawn: Promise.reject(new Error('the worker failed')),
      };
    }
    const before = await settledThreads();
    const broken = new CollectingOutput();
    await expect(writeSheetOnThread('card-eu', failing(), broken)).rejects.toThrow('the worker failed');
    expect(broken.destroyed).toBe(true);
    const ending = new AbortController();
    const stalled = new StalledOutput();
    const written = writeSheetOnThread('card-eu', groupsOf(people(400).map(drawnOf)), stalled, {
      signal: ending.signal,
    });
    await sleep(500);
    ending.abort();
    await expect(written).rejects.toThrow('the application is shutting down');
    expect(stalled.destroyed).toBe(true);
    await threadsBackTo(before);
  }, 30_000);
});
