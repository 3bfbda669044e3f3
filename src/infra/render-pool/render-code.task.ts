import { prepareQrDecoders } from '../../lib/qr/decode';
import { drawProvenCode, type ProvenDrawing } from '../../lib/qr/proof/draw-proven-code';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import { movedResult, ownBuffer } from './moved-result';

/** A styled code drawn and proven on a worker: the file, its size, and what each decoder read. */
export interface RenderedCode {
  /** The PNG or SVG file (moved from the worker, not copied). */
  file: ArrayBuffer;
  width: number;
  height: number;
  version: number;
  logoShare: number;
  check: ProvenDrawing['check'];
}

// A worker loads this module when it starts: compiling the decoders now spares the first task that cost. A failure
// here is not lost: the first task loads them again and reports it.
prepareQrDecoders().catch(() => undefined);

/**
 * Draws a styled code and proves it, both on a render-pool worker (see drawProvenCode); each
 * worker loads the decoders once, when it starts.
 */
export default async function renderCodeTask(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal> {
  const drawing = await drawProvenCode(order);
  if ('refused' in drawing) return drawing;
  const { file, check: result, ...size } = drawing;
  const moved = ownBuffer(file);
  return movedResult<RenderedCode>({ ...size, file: moved, check: result }, [moved]);
}
