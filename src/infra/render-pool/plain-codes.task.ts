import { qrMatrix, qrPng, qrSvg } from '../../lib/qr';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import { movedResult } from './moved-result';
import type { PlainCodesResult, PlainCodesTask } from './plain-codes.render-task';

/** Runs in a render-pool worker (PLAIN_CODES_TASK): the same bytes as the plain image routes draw. */
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
  return movedResult<PlainCodesResult>({ data, ends }, [data]);
}
