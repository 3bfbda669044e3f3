import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  PLAIN_CODES_TASK,
  type PlainCodeOrder,
  type PlainCodesResult,
  type PlainCodesTask,
} from '../../infra/render-pool/plain-codes.render-task';
import { RenderPool } from '../../infra/render-pool/render-pool';
import { RenderPoolBusyError } from '../../infra/render-pool/render-pool.errors';
import { aheadInOrder } from './ahead-in-order';

/** The image every code of a chunk is drawn as. */
export type PlainCodesImage = Omit<PlainCodesTask, 'codes'>;

/** How long an archive waits before asking a full pool again. */
const BUSY_WAIT_MS = 20;
/** The longest one chunk may take, waiting included (a chunk of the largest codes takes seconds). */
const TASK_TIMEOUT_MS = 60_000;

/**
 * Draws the plain codes of a codes.zip on worker threads of the module's own pool, a chunk at a
 * time and a few chunks ahead of the archive, so that the event loop only zips and answers other
 * requests while the workers draw. The workers start with the first archive.
 */
@Injectable()
export class BatchPlainCodes implements OnApplicationShutdown {
  private pool: RenderPool<PlainCodesTask, PlainCodesResult> | undefined;
  private closed = false;

  /**
   * Each chunk with its codes' files in the same order, chunks in the order given: up to two a
   * worker are drawn while the caller writes the earlier ones. A chunk that fails rejects in turn.
   */
  drawInOrder<Code extends PlainCodeOrder>(
    chunks: AsyncIterable<Code[]>,
    image: PlainCodesImage,
  ): AsyncGenerator<{ chunk: Code[]; files: Buffer[] }> {
    return aheadInOrder(chunks, 2 * this.poolOf().workers, async (chunk) => ({
      chunk,
      files: await this.draw(chunk, image),
    }));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }

  private async draw(chunk: readonly PlainCodeOrder[], image: PlainCodesImage): Promise<Buffer[]> {
    const codes = chunk.map(({ payload, level }) => ({ payload, level }));
    for (;;) {
      try {
        const { data, ends } = await this.poolOf().run({ codes, ...image });
        return ends.map((end, i) => Buffer.from(data, i === 0 ? 0 : ends[i - 1], end - (i === 0 ? 0 : ends[i - 1])));
      } catch (error) {
        if (!(error instanceof RenderPoolBusyError)) throw error;
        await sleep(BUSY_WAIT_MS);
      }
    }
  }

  private poolOf(): RenderPool<PlainCodesTask, PlainCodesResult> {
    if (this.closed && !this.pool) throw new Error('the application is shutting down');
    // One worker a core, not one less: they run below the event loop's priority, so the event loop
    // writes the archive (and answers others) first and the workers draw on whatever it leaves.
    this.pool ??= new RenderPool(PLAIN_CODES_TASK, {
      workers: availableParallelism(),
      taskTimeoutMs: TASK_TIMEOUT_MS,
    });
    return this.pool;
  }
}
