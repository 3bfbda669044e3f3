import { qrMatrix, qrPng, qrSvg } from '../../lib/qr';
import type { QrLevel } from '../../lib/vcard';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import { movedResult } from './moved-result';
import { collectYoungGarbage } from './worker-gc';

/** One plain code: the payload and the level it is drawn at (one that holds it). */
export interface PlainCodeOrder {
  payload: string;
  level: QrLevel;
}

/** A chunk of plain codes, all of one image type, scale and margin. */
export interface PlainCodesTask {
  codes: PlainCodeOrder[];
  type: 'png' | 'svg';
  scale: number;
  margin: number;
}

/** The chunk's files end to end in one buffer (moved from the worker, not copied); `ends[i]` is where file i ends. */
export interface PlainCodesResult {
  data: ArrayBuffer;
  ends: number[];
}

/**
 * Plain codes drawn on a render-pool worker a chunk at a time, so that a codes.zip's event loop only zips: the same
 * bytes as the plain image routes draw.
 */
export default function plainCodesTask({ codes, type, scale, margin }: PlainCodesTask): PlainCodesResult {
  const files = codes.map(({ payload, level }) => {
    const matrix = qrMatrix(payload, level);
    return type === 'png' ? qrPng(matrix, { scale, margin }) : Buffer.from(qrSvg(matrix, { scale, margin }), 'utf8');
  });
  // One buffer of its own for the whole chunk: small files share Node's buffer pool, which must not move.
  const whole = Buffer.concat(files);
  const data = new Uint8Array(whole).buffer;
  let end = 0;
  const ends = files.map((file) => (end += file.length));
  // The chunk's matrices, rasters and zlib buffers are dead now: freed before the next chunk, not tens of MB later.
  collectYoungGarbage();
  return movedResult<PlainCodesResult>({ data, ends }, [data]);
}
