import { Injectable } from '@nestjs/common';
import type { PlainCodeOrder, PlainCodesTask } from '../../infra/render-pool/plain-codes.task';
import { RenderPools } from '../../infra/render-pool/render-pools';
import { aheadInOrder } from './ahead-in-order';

/** The image every code of a chunk is drawn as. */
export type PlainCodesImage = Omit<PlainCodesTask, 'codes'>;

/**
 * Draws the plain codes of a codes.zip on worker threads of the module's plain-codes pool, a chunk
 * at a time and a few chunks ahead of the archive, so that the event loop only zips and answers
 * other requests while the workers draw. A full pool (other archives) is waited for.
 */
@Injectable()
export class BatchPlainCodes {
  constructor(private readonly pools: RenderPools) {}

  /**
   * Each chunk with its codes' files in the same order, chunks in the order given: up to two a
   * worker are drawn while the caller writes the earlier ones. A chunk that fails rejects in turn.
   */
  drawInOrder<Code extends PlainCodeOrder>(
    chunks: AsyncIterable<Code[]>,
    image: PlainCodesImage,
  ): AsyncGenerator<{ chunk: Code[]; files: Buffer[] }> {
    return aheadInOrder(chunks, 2 * this.pools.plainCodes.workers, async (chunk) => ({
      chunk,
      files: await this.draw(chunk, image),
    }));
  }

  private async draw(chunk: readonly PlainCodeOrder[], image: PlainCodesImage): Promise<Buffer[]> {
    const codes = chunk.map(({ payload, level }) => ({ payload, level }));
    const { data, ends } = await this.pools.plainCodes.run({ codes, ...image }, [], 'wait');
    return ends.map((end, i) => Buffer.from(data, i === 0 ? 0 : ends[i - 1], end - (i === 0 ? 0 : ends[i - 1])));
  }
}
