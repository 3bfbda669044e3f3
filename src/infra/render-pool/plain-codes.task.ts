import { Piscina } from 'piscina';
import { qrMatrix, qrPng, qrSvg } from '../../lib/qr';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
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
  const result: PlainCodesResult = { data, ends };
  // Piscina's transferable wrapper, marked by move(): the result is `result`, its buffer moved instead of copied.
  const transferable = { [Piscina.transferableSymbol]: [data], [Piscina.valueSymbol]: result };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as PlainCodesResult;
}
