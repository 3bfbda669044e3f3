import { afterAll, describe, expect, it } from '@jest/globals';
import { qrMatrix, qrPng, qrSvg, type QrMatrix } from '../../lib/qr';
import type { QrLevel } from '../../lib/vcard';
import { RenderPools } from '../../infra/render-pool/render-pools';
import type { ServiceConfig } from '../../options/service-config';
import { BatchPlainCodes } from './batch-plain-codes';

/** What the single-code image routes draw for the payload (QrImageService): the bytes the archive must hold. */
function routeFile(matrix: QrMatrix, type: 'png' | 'svg', scale: number, margin: number): Buffer {
  return type === 'png' ? qrPng(matrix, { scale, margin }) : Buffer.from(qrSvg(matrix, { scale, margin }), 'utf8');
}

async function* chunksOf<T>(chunks: T[][]): AsyncGenerator<T[]> {
  for (const chunk of chunks) yield chunk;
}

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

describe('BatchPlainCodes (plain codes of a codes.zip drawn on worker threads)', () => {
  const pools = new RenderPools({ renderPool: { workers: 1, queueLimit: 1 } } as ServiceConfig);
  const codes = new BatchPlainCodes(pools);
  afterAll(() => pools.onApplicationShutdown());

  it('gives each chunk back in order, with the same bytes as the image routes, PNG and SVG', async () => {
    const chunks = Array.from({ length: 7 }, (_, c) =>
      Array.from({ length: 1 + ((c * 5) % 9) }, (_, i) => ({
        payload: `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person ${c}-${i} ${'Zoë '.repeat(c * 7 + i)}\r\nEND:VCARD\r\n`,
        level: LEVELS[(c + i) % 4],
        tag: `${c}.${i}`,
      })),
    );
    for (const [type, scale, margin] of [
      ['png', 8, 4],
      ['svg', 3, 0],
      ['png', 1, 2],
    ] as const) {
      const seen: string[] = [];
      for await (const { chunk, files } of codes.drawInOrder(chunksOf(chunks), { type, scale, margin })) {
        expect(files).toHaveLength(chunk.length);
        chunk.forEach((code, i) => {
          seen.push(code.tag);
          expect(files[i].equals(routeFile(qrMatrix(code.payload, code.level), type, scale, margin))).toBe(true);
        });
      }
      expect(seen).toEqual(chunks.flat().map((code) => code.tag));
    }
  });

  it('rejects in turn for a chunk that fails: the chunks before it still arrive', async () => {
    const fits = { payload: 'BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n', level: 'H' as const };
    // More than level H holds in any version: qrMatrix refuses it on the worker.
    const tooLarge = { payload: 'x'.repeat(1300), level: 'H' as const };
    const arrived: number[] = [];
    const drawing = (async () => {
      const drawn = codes.drawInOrder(chunksOf([[fits], [fits, fits], [tooLarge], [fits]]), {
        type: 'png',
        scale: 2,
        margin: 1,
      });
      for await (const { files } of drawn) arrived.push(files.length);
    })();
    await expect(drawing).rejects.toThrow(/holds at most/);
    expect(arrived).toEqual([1, 2]);
  });
});
