import { Injectable } from '@nestjs/common';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import type { RenderedCode } from './render-code.task';
import type { RenderPoolLoad, WhenFull } from './render-pool';
import { RenderPools, type CodePool } from './render-pools';

/**
 * Archives of fewer codes are drawn on the pool alone (about two seconds of one worker's time), so
 * that a small archive never starts a thread.
 */
export const ARCHIVE_HELPERS_MIN_CODES = 100;

/** The renderer as one archive draws on it: `workers` codes at once, each by `render`; `release()` when done. */
export interface ArchiveRenderer {
  workers: number;
  render(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal>;
  release(): void;
}

/**
 * Styled codes drawn and checked on the module's `codes` pool (RenderPools, sized by the
 * `renderPool` options), shared by every surface that draws them.
 *
 * An archive (a styled codes.zip) is one client's long task: while any archive of at least
 * ARCHIVE_HELPERS_MIN_CODES codes streams, helpers start on the cores the pool leaves (available
 * parallelism less its workers; none when it has a worker a core), at the same low priority, and
 * the archives' codes go to them and to the pool. They are closed when the last archive ends, so
 * the threads (and their memory) outside archives are the pool's alone, and a flood of single
 * codes still leaves a core to the event loop.
 */
@Injectable()
export class CodeRenderer {
  private helpers: CodePool | undefined;
  private archives = 0;

  constructor(private readonly pools: RenderPools) {}

  /**
   * Draws and checks a code on a worker; when the queue is full, rejects at once with RenderPoolBusyError
   * (`refuse`) or waits for room (`wait`). Rejects with RenderPoolClosedError after shutdown.
   */
  render(order: StyledCodeOrder, whenFull: WhenFull = 'refuse'): Promise<RenderedCode | StyledCodeRefusal> {
    return this.pools.codes.run(order, [], whenFull);
  }

  /**
   * The renderer for one archive of about `codes` codes, with the helpers it may use (see the class);
   * its codes wait for room rather than being refused. `release()` once its last code is drawn or it is abandoned.
   */
  archive(codes: number): ArchiveRenderer {
    const shared = (order: StyledCodeOrder) => this.render(order, 'wait');
    const helpers = codes < ARCHIVE_HELPERS_MIN_CODES ? undefined : (this.helpers ?? this.pools.codeHelpers());
    if (helpers === undefined) return { workers: this.capacity.workers, render: shared, release: () => undefined };
    this.helpers = helpers;
    this.archives++;
    let released = false;
    return {
      workers: this.capacity.workers + helpers.workers,
      // A helper when one is free, else the pool (which queues, or waits when full).
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
        this.pools.endCodeHelpers(helpers);
      },
    };
  }

  /** Helper threads running for archives now (0 outside archives). */
  get archiveHelpers(): number {
    return this.helpers?.workers ?? 0;
  }

  /** How many codes run and wait now (none before the first). */
  get load(): RenderPoolLoad {
    return this.pools.codes.load;
  }

  /** Workers, and codes that may wait for them. */
  get capacity(): { workers: number; queueLimit: number } {
    const { workers, queueLimit } = this.pools.codes;
    return { workers, queueLimit };
  }
}
