import { checkCode, prepareQrDecoders, type CodeCheck } from '../../lib/qr/decode';
import { drawStyledCode, type StyledCodeOrder, type StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import { releaseRaster } from '../../lib/qr/style/scene-raster';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import { movedResult, ownBuffer } from './moved-result';

/** A styled code drawn and checked on a worker: the file, its size, and what each decoder read. */
export interface RenderedCode {
  /** The PNG or SVG file (moved from the worker, not copied). */
  file: ArrayBuffer;
  width: number;
  height: number;
  version: number;
  logoShare: number;
  check: CodeCheck;
}

// A worker loads this module when it starts: compiling the decoders now spares the first task that cost. A failure
// here is not lost: the first task loads them again and reports it.
prepareQrDecoders().catch(() => undefined);

/**
 * Draws a styled code and checks it, both on a render-pool worker: the drawing's raster is what the
 * decoders read (see drawStyledCode), and each worker loads the decoders once, when it starts.
 */
export default async function renderCodeTask(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal> {
  const drawing = await drawStyledCode(order);
  if ('refused' in drawing) return drawing;
  const { file, check, ...size } = drawing;
  const result = await checkCode(check.image, Buffer.from(order.payload, 'utf8'), { modulePixels: check.modulePixels });
  // Read, and the file already holds it: the next code is drawn into the same memory.
  releaseRaster(check.image);
  const moved = ownBuffer(file);
  return movedResult<RenderedCode>({ ...size, file: moved, check: result }, [moved]);
}
