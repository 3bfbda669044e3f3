import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ShutdownSignal } from './shutdown-signal';

function fakeResponse(): ServerResponse & EventEmitter {
  return Object.assign(new EventEmitter(), { closed: false }) as unknown as ServerResponse & EventEmitter;
}

/** Whether `promise` has settled after the pending callbacks ran. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await jest.advanceTimersByTimeAsync(0);
  return settled;
}

describe('ShutdownSignal', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('emits once and completes when shutdown begins, also for late subscribers', async () => {
    const signal = new ShutdownSignal();
    const seen: string[] = [];
    signal.requested$.subscribe({ next: () => seen.push('early'), complete: () => seen.push('early done') });
    expect(seen).toEqual([]);
    await signal.beforeApplicationShutdown();
    signal.requested$.subscribe({ next: () => seen.push('late'), complete: () => seen.push('late done') });
    expect(seen).toEqual(['early', 'early done', 'late', 'late done']);
  });

  it('waits for held responses to close before letting shutdown continue', async () => {
    jest.useFakeTimers();
    const signal = new ShutdownSignal();
    const response = fakeResponse();
    signal.holdUntilClosed(response);
    const shutdown = signal.beforeApplicationShutdown();
    expect(await isSettled(shutdown)).toBe(false);
    response.emit('close');
    expect(await isSettled(shutdown)).toBe(true);
  });

  it('waits at most one second for a response that does not close', async () => {
    jest.useFakeTimers();
    const signal = new ShutdownSignal();
    signal.holdUntilClosed(fakeResponse());
    const shutdown = signal.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(999);
    expect(await isSettled(shutdown)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await isSettled(shutdown)).toBe(true);
  });

  it('forgets responses that closed before shutdown', async () => {
    jest.useFakeTimers();
    const signal = new ShutdownSignal();
    const response = fakeResponse();
    signal.holdUntilClosed(response);
    response.emit('close');
    expect(await isSettled(signal.beforeApplicationShutdown())).toBe(true);
  });
});
