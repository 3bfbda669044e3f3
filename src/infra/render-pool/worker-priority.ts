import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** The argument that carries a render worker's niceness (the pool appends it to the worker's argv). */
export const WORKER_NICE_ARG = '--render-worker-nice=';

/**
 * Lowers the calling thread's scheduling priority to `nice`, never raising it, (0 normal, 19 lowest), where the OS
 * keeps one per thread: Linux, through the thread's own id. Elsewhere, or when the OS refuses, the
 * thread keeps its priority and nothing else changes. Returns whether the priority was set.
 */
export function lowerThreadPriority(nice: number): boolean {
  try {
    // '/proc/thread-self' links to '<pid>/task/<tid>'; setpriority() takes a thread id on Linux.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    // Never above the priority the thread already has (a process started under `nice` stays as low).
    setPriority(tid, Math.max(getPriority(tid), nice));
    return true;
  } catch {
    return false;
  }
}

// Imported by each task module, so it runs once in each render worker as the worker starts: a
// worker that renders or decodes runs below the event loop's priority, so that on a machine whose
// cores are all busy the OS runs the event loop (the JSON routes, the sheet's writer) first.
const arg = process.argv.find((value) => value.startsWith(WORKER_NICE_ARG));
if (!isMainThread && arg !== undefined) lowerThreadPriority(Number(arg.slice(WORKER_NICE_ARG.length)));
