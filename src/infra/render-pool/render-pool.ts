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

/** How `run()` meets a full pool: `refuse` rejects at once with `RenderPoolBusyError`, `wait` waits for room. */
export type WhenFull = 'refuse' | 'wait';

/**
 * Runs the tasks of one task module on worker threads (piscina), off the main thread. The pool is bounded: at most
 * `workers` tasks run and `queueLimit` wait; beyond that `run()` refuses at once, or, asked to wait, admits the task
 * when one settles (callers that wait are admitted in turn, and their images stay with them meanwhile). The workers
 * start with the first task, so a pool nobody uses starts no thread. A worker that crashes or times out is replaced.
 * `close()` takes no new task and resolves once every admitted task has settled.
 */
export class RenderPool<Task, Result> {
  readonly workers: number;
  readonly queueLimit: number;
  readonly taskTimeoutMs: number;
  private piscina: Piscina<Task, Result> | undefined;
  private admitted = 0;
  /** Callers waiting for room, in turn: each is called with whether it was admitted (false: the pool closed). */
  private readonly waiting: Array<(admitted: boolean) => void> = [];
  private closing: Promise<void> | undefined;
  private onIdle: (() => void) | undefined;

  constructor(
    private readonly module: RenderTaskModule<Task, Result>,
    private readonly options: RenderPoolOptions = {},
  ) {
    this.workers = options.workers ?? Math.max(1, availableParallelism() - 1);
    this.queueLimit = options.queueLimit ?? 4 * this.workers;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 5000;
    const nice = options.nice ?? 19;
    if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new RangeError('nice must be an integer from 0 to 19');
  }

  /**
   * Runs `task` on a worker. The buffers and ports in `transfer` move to the worker instead of being copied, and are
   * unusable here afterwards: name only buffers nothing else uses (never the shared pool under a small Node Buffer).
   * A refused task keeps them. The timeout counts from the task's admission.
   */
  async run(
    task: Task,
    transfer: readonly (ArrayBuffer | MessagePort)[] = [],
    whenFull: WhenFull = 'refuse',
  ): Promise<Result> {
    if (this.closing) throw new RenderPoolClosedError();
    if (this.admitted >= this.workers + this.queueLimit) {
      if (whenFull === 'refuse') throw new RenderPoolBusyError(this.queueLimit);
      const admitted = await new Promise<boolean>((resolve) => this.waiting.push(resolve));
      if (!admitted) throw new RenderPoolClosedError();
    } else this.admitted++;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.taskTimeoutMs);
    try {
      return await this.started().run(task, { transferList: [...transfer], signal: timeout.signal });
    } catch (error) {
      throw timeout.signal.aborted ? new RenderTaskTimeoutError(this.taskTimeoutMs) : error;
    } finally {
      clearTimeout(timer);
      this.settled();
    }
  }

  get load(): RenderPoolLoad {
    const queued = this.piscina?.queueSize ?? 0;
    return { workers: this.workers, running: this.admitted - queued, queued };
  }

  /**
   * Takes no new task, waits for the admitted ones (each settles by its timeout at the latest), then ends the
   * workers; callers still waiting for room are refused. Counted here rather than left to piscina's close(), which
   * loses count of a task whose worker was ended by its timeout and then waits for ever.
   */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      for (const waiter of this.waiting.splice(0)) waiter(false);
      if (this.admitted === 0) resolve();
      else this.onIdle = resolve;
    }).then(() => this.piscina?.destroy());
    return this.closing;
  }

  /** A task settled: its room goes to the next caller waiting, if any (the count stays), else it is freed. */
  private settled(): void {
    const next = this.waiting.shift();
    if (next !== undefined) return next(true);
    this.admitted--;
    if (this.admitted === 0) this.onIdle?.();
  }

  private started(): Piscina<Task, Result> {
    if (this.piscina) return this.piscina;
    const { file } = this.module;
    this.piscina = new Piscina({
      filename: file,
      minThreads: this.workers,
      maxThreads: this.workers,
      // The admission count in run() is the bound; piscina's own limit only backs it up.
      maxQueue: this.workers + this.queueLimit,
      // With piscina's default ('sync') a worker sleeps in Atomics.wait between tasks, so a task module's timers and
      // callbacks wait for the next task; without it the round trip measured no slower (bench/README.md).
      atomics: 'disabled',
      // A worker thread loads only JavaScript. From dist/ the module is .js and workers start as the process did;
      // from the TypeScript sources (Jest) each worker first registers tsx's require hook, a dev dependency.
      execArgv: file.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : undefined,
      // Each task module imports worker-priority.ts, which reads this and lowers its worker's priority.
      argv: [`${WORKER_NICE_ARG}${this.options.nice ?? 19}`],
    });
    // Piscina emits 'error' for a worker's failure outside a task; unheard, that event would end the process.
    this.piscina.on('error', this.options.onWorkerError ?? (() => undefined));
    return this.piscina;
  }
}
