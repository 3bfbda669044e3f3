import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { RENDER_CODE_TASK, type RenderedCode } from './render-code.render-task';
import { RenderPool, type RenderPoolLoad } from './render-pool';
import { RenderPoolClosedError } from './render-pool.errors';

/** The longest a code may take, waiting included: the largest PNG (version 40 at 40 px a module) takes seconds. */
const TASK_TIMEOUT_MS = 20_000;

/**
 * Archives of fewer codes are drawn on the pool alone (about two seconds of one worker's time), so
 * that a small archive never starts a thread.
 */
export const ARCHIVE_HELPERS_MIN_CODES = 100;

type CodeRenderPool = RenderPool<StyledCodeOrder, RenderedCode | StyledCodeRefusal>;

/** The renderer as one archive draws on it: `workers` codes at once, each by `render`; `release()` when done. */
export interface ArchiveRenderer {
  workers: number;
  render(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal>;
  release(): void;
}

/**
 * The module's one render pool for styled codes (`renderPool` options), shared by every surface
 * that draws them. Its workers start with the first styled code, so an application that never
 * draws one never starts a thread; the pool is closed when the application shuts down, after the
 * codes it admitted.
 *
 * An archive (a styled codes.zip) is one client's long task: while any archive of at least
 * ARCHIVE_HELPERS_MIN_CODES codes streams, helpers start on the cores the pool leaves (available
 * parallelism less its workers; none when it has a worker a core), at the same low priority, and
 * the archives' codes go to them and to the pool. They are closed when the last archive ends, so
 * the threads (and their memory) outside archives are the pool's alone, and a flood of single
 * codes still leaves a core to the event loop.
 */
@Injectable()
export class CodeRenderer implements OnApplicationShutdown {
  private pool: CodeRenderPool | undefined;
  private helpers: CodeRenderPool | undefined;
  private archives = 0;
  private closed = false;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  /** Draws and checks a code on a worker; rejects at once with RenderPoolBusyError when the queue is full. */
  render(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal> {
    // After shutdown a new pool would outlive the application.
    if (this.closed && !this.pool) return Promise.reject(new RenderPoolClosedError());
    this.pool ??= new RenderPool(RENDER_CODE_TASK, { ...this.config.renderPool, taskTimeoutMs: TASK_TIMEOUT_MS });
    return this.pool.run(order);
  }

  /**
   * The renderer for one archive of about `codes` codes, with the helpers it may use (see the class);
   * `release()` once its last code is drawn or it is abandoned.
   */
  archive(codes: number): ArchiveRenderer {
    const spare = Math.max(0, availableParallelism() - this.config.renderPool.workers);
    const shared = (order: StyledCodeOrder) => this.render(order);
    if (spare === 0 || codes < ARCHIVE_HELPERS_MIN_CODES || this.closed)
      return { workers: this.capacity.workers, render: shared, release: () => undefined };
    this.archives++;
    this.helpers ??= new RenderPool(RENDER_CODE_TASK, {
      workers: spare,
      queueLimit: spare,
      taskTimeoutMs: TASK_TIMEOUT_MS,
    });
    const helpers = this.helpers;
    let released = false;
    return {
      workers: this.capacity.workers + helpers.workers,
      // A helper when one is free, else the pool (which queues, or refuses when full).
      render: (order) => {
        const { running, queued } = helpers.load;
        return running + queued < helpers.workers ? helpers.run(order) : shared(order);
      },
      release: () => {
        if (released) return;
        released = true;
        this.archives--;
        if (this.archives > 0 || this.helpers !== helpers) return;
        this.helpers = undefined;
        // Its admitted codes settle first; nothing waits for the threads to end.
        void helpers.close();
      },
    };
  }

  /** Helper threads running for archives now (0 outside archives). */
  get archiveHelpers(): number {
    return this.helpers?.workers ?? 0;
  }

  /** How many codes run and wait now (none before the first). */
  get load(): RenderPoolLoad {
    return this.pool?.load ?? { workers: this.config.renderPool.workers, running: 0, queued: 0 };
  }

  /** Workers, and codes that may wait for them. */
  get capacity(): { workers: number; queueLimit: number } {
    return this.config.renderPool;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pool?.close(), this.helpers?.close()]);
  }
}
