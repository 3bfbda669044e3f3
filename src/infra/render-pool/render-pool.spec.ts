import { afterEach, describe, expect, it } from '@jest/globals';
import { readlinkSync } from 'node:fs';
import { availableParallelism, getPriority } from 'node:os';
import { join } from 'node:path';
import { threadId as mainThreadId } from 'node:worker_threads';
import type probe from '../../../test/fixtures/render-pool/probe.task';
import type { ProbeResult, ProbeTask } from '../../../test/fixtures/render-pool/probe.task';
import { RenderPool, type RenderPoolOptions } from './render-pool';
import {
  RenderPoolBusyError,
  RenderPoolClosedError,
  RenderPoolError,
  RenderTaskTimeoutError,
} from './render-pool.errors';
import { renderTaskModule } from './render-task-module';

const PROBE = renderTaskModule<typeof probe>(join(__dirname, '../../../test/fixtures/render-pool'), 'probe.task');

/** A gate a 'block' task waits behind until the test opens it. */
function gate(): { gate: SharedArrayBuffer; open(): void } {
  const shared = new SharedArrayBuffer(4);
  return {
    gate: shared,
    open() {
      Atomics.store(new Int32Array(shared), 0, 1);
      Atomics.notify(new Int32Array(shared), 0);
    },
  };
}

describe('RenderPool (piscina worker threads, bounded queue)', () => {
  const pools: Array<RenderPool<unknown, unknown>> = [];
  const gates: Array<() => void> = [];
  const probePool = (options: RenderPoolOptions = {}): RenderPool<ProbeTask, ProbeResult> => {
    const pool = new RenderPool(PROBE, { workers: 1, ...options });
    pools.push(pool as RenderPool<unknown, unknown>);
    return pool;
  };
  const blocked = (): { task: ProbeTask; open(): void } => {
    const g = gate();
    gates.push(g.open);
    return { task: { kind: 'block', gate: g.gate }, open: g.open };
  };
  afterEach(async () => {
    gates.splice(0).forEach((open) => open());
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('sizes itself to the machine, runs tasks on a worker thread and returns their results', async () => {
    expect(probePool({ workers: undefined }).workers).toBe(Math.max(1, availableParallelism() - 1));
    const pool = probePool();
    const results = await Promise.all(['a', 'b', 'c'].map((value) => pool.run({ kind: 'echo', value })));
    expect(results.map((result) => result.value)).toEqual(['a', 'b', 'c']);
    expect(new Set(results.map((result) => result.threadId)).size).toBe(1);
    expect(results[0].threadId).not.toBe(mainThreadId);
    expect(pool.load).toEqual({ workers: 1, running: 0, queued: 0 });
  });

  // Where the OS keeps a priority per thread (Linux), the workers run below the event loop.
  const perThreadPriority = process.platform === 'linux' ? it : it.skip;
  perThreadPriority('runs its workers at the lowest priority, below the event loop (nice 19 unless told)', async () => {
    const mainNice = getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()));
    const defaults = await probePool().run({ kind: 'priority' });
    const twelve = await probePool({ nice: 12 }).run({ kind: 'priority' });
    const normal = await probePool({ nice: 0 }).run({ kind: 'priority' });
    // Raising the niceness needs no privilege; from an already lowered process it stays at least as low.
    expect([defaults.nice, twelve.nice, normal.nice]).toEqual([19, Math.max(mainNice, 12), mainNice]);
    expect(getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()))).toBe(mainNice);
    expect(() => probePool({ nice: 20 })).toThrow(RangeError);
    expect(() => probePool({ nice: 2.5 })).toThrow(RangeError);
  });

  it('moves transferred buffers to the worker instead of copying them', async () => {
    const pool = probePool();
    const data = new Uint8Array(1 << 20).fill(7);
    const result = await pool.run({ kind: 'bytes', data }, [data.buffer]);
    expect(result.byteLength).toBe(1 << 20);
    expect(data.byteLength).toBe(0);
  });

  it('refuses a task at once when the workers are busy and the queue is full, and runs the admitted ones', async () => {
    const pool = probePool({ queueLimit: 2 });
    const { task, open } = blocked();
    const admitted = [pool.run(task), pool.run({ kind: 'echo', value: '1' }), pool.run({ kind: 'echo', value: '2' })];
    expect(pool.load).toEqual({ workers: 1, running: expect.any(Number), queued: expect.any(Number) });
    expect(pool.load.running + pool.load.queued).toBe(3);

    const data = new Uint8Array(64);
    const refused = pool.run({ kind: 'bytes', data }, [data.buffer]);
    await expect(refused).rejects.toThrow(RenderPoolBusyError);
    await expect(refused).rejects.toMatchObject({ queueLimit: 2 });
    expect(data.byteLength).toBe(64);

    open();
    const results = await Promise.all(admitted);
    expect(results.map((result) => result.value)).toEqual([undefined, '1', '2']);
    await expect(pool.run({ kind: 'echo', value: 'later' })).resolves.toMatchObject({ value: 'later' });
  });

  // Timeouts count from run(), so a worker's start (tsx compiling the probe, under Jest) must fit in them: 2 s does.
  it('fails a task that outlives the timeout, and replaces its worker', async () => {
    const pool = probePool({ taskTimeoutMs: 2000 });
    const before = await pool.run({ kind: 'echo', value: 'before' });
    const started = Date.now();
    const late = pool.run({ kind: 'spin', ms: 60_000 });
    await expect(late).rejects.toThrow(RenderTaskTimeoutError);
    await expect(late).rejects.toBeInstanceOf(RenderPoolError);
    expect(Date.now() - started).toBeLessThan(15_000);
    const after = await pool.run({ kind: 'echo', value: 'after' });
    expect(after.value).toBe('after');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('times out a task that waited too long in the queue', async () => {
    const pool = probePool({ taskTimeoutMs: 2000, queueLimit: 1 });
    await pool.run({ kind: 'echo', value: 'warm' });
    const { task } = blocked();
    const running = expect(pool.run(task)).rejects.toThrow(RenderTaskTimeoutError);
    await expect(pool.run({ kind: 'echo', value: 'waiting' })).rejects.toThrow(RenderTaskTimeoutError);
    await running;
  });

  it('survives a worker that crashes: the task fails and a new worker takes the next one', async () => {
    const pool = probePool();
    const before = await pool.run({ kind: 'echo', value: 'before' });
    const crashed = pool.run({ kind: 'crash' });
    await expect(crashed).rejects.toThrow(/exited/);
    await expect(crashed).rejects.not.toBeInstanceOf(RenderPoolError);
    const after = await pool.run({ kind: 'echo', value: 'after' });
    expect(after.threadId).not.toBe(before.threadId);
    expect(pool.load).toEqual({ workers: 1, running: 0, queued: 0 });
  });

  it("passes on a task's own error and keeps its worker", async () => {
    const pool = probePool();
    const before = await pool.run({ kind: 'echo', value: 'before' });
    await expect(pool.run({ kind: 'fail' })).rejects.toThrow('the probe task failed as asked');
    expect((await pool.run({ kind: 'echo', value: 'after' })).threadId).toBe(before.threadId);
  });

  it('closes after the running and waiting tasks, refusing new ones meanwhile', async () => {
    const pool = probePool();
    const { task, open } = blocked();
    const running = pool.run(task);
    const waiting = pool.run({ kind: 'echo', value: 'waiting' });
    let closed = false;
    const closing = pool.close().then(() => {
      closed = true;
    });
    await expect(pool.run({ kind: 'echo', value: 'late' })).rejects.toThrow(RenderPoolClosedError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    open();
    await expect(running).resolves.toMatchObject({ threadId: expect.any(Number) });
    await expect(waiting).resolves.toMatchObject({ value: 'waiting' });
    await closing;
    expect(closed).toBe(true);
    await expect(pool.close()).resolves.toBeUndefined();
  });

  it('closes once a running task has timed out and its worker was ended', async () => {
    const pool = probePool({ taskTimeoutMs: 2000 });
    await pool.run({ kind: 'echo', value: 'warm' });
    // The task waiting behind the runaway one spends its whole time budget waiting, so it times out too.
    const tasks = [pool.run({ kind: 'spin', ms: 60_000 }), pool.run({ kind: 'echo', value: 'waiting' })].map((task) =>
      expect(task).rejects.toThrow(RenderTaskTimeoutError),
    );
    const started = Date.now();
    await pool.close();
    expect(Date.now() - started).toBeLessThan(15_000);
    await Promise.all(tasks);
  });

  it("hands a worker's error outside any task to onWorkerError, and replaces the worker", async () => {
    const errors: unknown[] = [];
    const pool = probePool({ onWorkerError: (error) => errors.push(error) });
    const gate = new SharedArrayBuffer(4);
    const before = await pool.run({ kind: 'stray', gate });
    // Only now, with the task's result taken, may the worker throw: the error cannot be counted as the task's.
    Atomics.store(new Int32Array(gate), 0, 1);
    for (let waited = 0; errors.length === 0 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([expect.objectContaining({ message: 'a stray error outside any task' })]);
    const after = await pool.run({ kind: 'echo', value: 'after' });
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('waits for room when asked: waiting tasks are admitted in turn as admitted ones settle', async () => {
    const pool = probePool({ queueLimit: 1 });
    const { task, open } = blocked();
    const admitted = [pool.run(task), pool.run({ kind: 'echo', value: 'queued' })];
    const order: string[] = [];
    const waiting = ['w1', 'w2', 'w3'].map((value) =>
      pool.run({ kind: 'echo', value }, [], 'wait').then((result) => {
        order.push(result.value!);
        return result;
      }),
    );
    // The waiting tasks hold no room: a task that will not wait is still refused.
    await expect(pool.run({ kind: 'echo', value: 'refused' })).rejects.toThrow(RenderPoolBusyError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual([]);
    expect(pool.load.running + pool.load.queued).toBe(2);
    open();
    await Promise.all([...admitted, ...waiting]);
    expect(order).toEqual(['w1', 'w2', 'w3']);
    expect(pool.load).toEqual({ workers: 1, running: 0, queued: 0 });
  });

  it('refuses the tasks still waiting for room when it closes, and closes after the admitted ones', async () => {
    const pool = probePool({ queueLimit: 0 });
    const { task, open } = blocked();
    const running = pool.run(task);
    const waiting = pool.run({ kind: 'echo', value: 'waiting' }, [], 'wait');
    const closing = pool.close();
    await expect(waiting).rejects.toThrow(RenderPoolClosedError);
    open();
    await expect(running).resolves.toMatchObject({ threadId: expect.any(Number) });
    await expect(closing).resolves.toBeUndefined();
  });
});
