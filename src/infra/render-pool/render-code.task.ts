import { Piscina } from 'piscina';
import { prepareQrDecoders } from '../../lib/qr/decode';
import { drawProvenCode } from '../../lib/qr/proof/draw-proven-code';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import type { RenderedCode } from './render-code.render-task';

// A worker loads this module when it starts: compiling the decoders now spares the first task that cost. A failure
// here is not lost: the first task loads them again and reports it.
prepareQrDecoders().catch(() => undefined);

/** Runs in a render-pool worker (RENDER_CODE_TASK). */
export default async function renderCodeTask(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal> {
  const drawing = await drawProvenCode(order);
  if ('refused' in drawing) return drawing;
  const { file, check: result, ...size } = drawing;
  // Moved to the main thread, not copied: the file's own memory when it holds nothing else, else a copy of
  // its own, so that moving it detaches nothing else (Node pools small buffers).
  const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  const moved = whole ? (file.buffer as ArrayBuffer) : new Uint8Array(file).buffer;
  const rendered: RenderedCode = { ...size, file: moved, check: result };
  // Piscina's transferable wrapper, marked by move(): the result is `rendered`, with its file moved instead of copied.
  const transferable = { [Piscina.transferableSymbol]: [moved], [Piscina.valueSymbol]: rendered };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as RenderedCode;
}
