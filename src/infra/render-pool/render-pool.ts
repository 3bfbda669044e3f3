import { availableParallelism } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { RenderPoolBusyError, RenderPoolClosedError, RenderTaskTimeoutError } from './render-pool.errors';
import type { RenderTaskModule } from './render-task-module';
import { WORKER_NICE_ARG } from './worker-priority';

/** How a render pool is sized and bounded. */
export interface RenderPoolOptions {
  /** Worker threads, all started at once. Default: the machine's available parallelism less one, at least 1. */
  workers?: number;
  /**
   * Tasks that may wait for a worker. One more is refused at once with `RenderPoolBusyError`, so the memory the
   * waiting tasks hold (their images) is bounded. Default: 4 per worker.
   */
  queueLimit?: number;
  /**
   * Milliseconds from `run()` until the task fails with `RenderTaskTimeoutError`, waiting time included; a task
   * still running then has its worker ended and replaced. Default: 5,000.
   */
  taskTimeoutMs?: number;
  /**
   * Receives what a worker throws outside any task (a task module that fails to load, a stray rejection); the worker
   * is replaced. Such an error reaches no caller of `run()`. Default: dropped.
   */
  onWorkerError?: (error: unknown) => void;
  /**
   * The workers' niceness, 0 (the event loop's own priority) to 19 (the lowest), where the OS keeps a priority per
   * thread (Linux). A busy pool then takes the cores the event loop leaves, instead of stalling the JSON routes on a
   * machine with few cores. Default: 19.
   */
  nice?: number;
}

/** What the pool is doing now: for metrics and for a busy answer's hint. */
export interface RenderPoolLoad {
  workers: number;
  running: number;
  queued: number;
}

/**
 * Runs the tasks of one task module on worker threads (piscina), off the main thread. The pool is bounded: at most
 * `workers` tasks run and `queueLimit` wait; beyond that `run()` refuses at once. A worker that crashes or times out
 * is replaced. `close()` takes no new task and resolves once every admitted task has settled.
 */
export class RenderPool<Task, Result> {
  readonly workers: number;
  readonly queueLimit: number;
  readonly taskTimeoutMs: number;
  private readonly piscina: Piscina<Task, Result>;
  private admitted = 0;
  private closing: Promise<void> | undefined;
  private onIdle: (() => void) | undefined;

  constructor(module: RenderTaskModule<Task, Result>, options: RenderPoolOptions = {}) {
    this.workers = options.workers ?? Math.max(1, availableParallelism() - 1);
    this.queueLimit = options.queueLimit ?? 4 * this.workers;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 5000;
    const nice = options.nice ?? 19;
    if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new RangeError('nice must be an integer from 0 to 19');
    this.piscina = new Piscina({
      filename: module.file,
      minThreads: this.workers,
      maxThreads: this.workers,
      // The admission count in run() is the bound; piscina's own limit only backs it up.
      maxQueue: this.workers + this.queueLimit,
      // With piscina's default ('sync') a worker sleeps in Atomics.wait between tasks, so a task module's timers and
      // callbacks wait for the next task; without it the round trip measured no slower (bench/README.md).
      atomics: 'disabled',
      // A worker thread loads only JavaScript. From dist/ the module is .js and workers start as the process did;
      // from the TypeScript sources (Jest) each worker first registers tsx's require hook, a dev dependency.
      execArgv: module.file.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : undefined,
      // Each task module imports worker-priority.ts, which reads this and lowers its worker's priority.
      argv: [`${WORKER_NICE_ARG}${nice}`],
    });
    // Piscina emits 'error' for a worker's failure outside a task; unheard, that event would end the process.
    this.piscina.on('error', options.onWorkerError ?? (() => undefined));
  }

  /**
   * Runs `task` on a worker. The buffers and ports in `transfer` move to the worker instead of being copied, and are
   * unusable here afterwards: name only buffers nothing else uses (never the shared pool under a small Node Buffer).
   * A refused task keeps them.
   */
  run(task: Task, transfer: readonly (ArrayBuffer | MessagePort)[] = []): Promise<Result> {
    if (this.closing) return Promise.reject(new RenderPoolClosedError());
    if (this.admitted >= this.workers + this.queueLimit)
      return Promise.reject(new RenderPoolBusyError(this.queueLimit));
    this.admitted++;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.taskTimeoutMs);
    return this.piscina
      .run(task, { transferList: [...transfer], signal: timeout.signal })
      .catch((error: unknown) => {
        throw timeout.signal.aborted ? new RenderTaskTimeoutError(this.taskTimeoutMs) : error;
      })
      .finally(() => {
        clearTimeout(timer);
        this.admitted--;
        if (this.admitted === 0) this.onIdle?.();
      });
  }

  get load(): RenderPoolLoad {
    const queued = this.piscina.queueSize;
    return { workers: this.workers, running: this.admitted - queued, queued };
  }

  /**
   * Takes no new task, waits for the admitted ones (each settles by its timeout at the latest), then ends the
   * workers. Counted here rather than left to piscina's close(), which loses count of a task whose worker was ended
   * by its timeout and then waits for ever.
   */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.admitted === 0) resolve();
      else this.onIdle = resolve;
    }).then(() => this.piscina.destroy());
    return this.closing;
  }
}
