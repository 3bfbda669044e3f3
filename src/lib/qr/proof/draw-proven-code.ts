import type { CodeCheck } from '../decode/check-code';
import {
  drawStyledCode,
  type StyledCodeDrawing,
  type StyledCodeOrder,
  type StyledCodeRefusal,
} from '../style/draw-styled-code';
import { paintLogo } from '../style/logo-pixels';
import { releaseRaster } from '../style/scene-raster';
import { styledRaster } from '../style/styled-raster';
import { PROOF_SET } from './proof-set';
import { proveCode, type ProvenCheck } from './prove-code';

/** A styled code drawn and proven: the file, its size, the verdict (with the counts when it had the full set). */
export type ProvenDrawing = Omit<StyledCodeDrawing, 'check' | 'layers'> & { check: CodeCheck & Partial<ProvenCheck> };

/**
 * Draws a styled code and proves it: with `proof: 'full'`, the proof set drawn from the same scene
 * the file was, then the file's own raster (see proveCode); without, the file's raster alone. The
 * raster read is given back for the next code drawn on this thread.
 */
export async function drawProvenCode(order: StyledCodeOrder): Promise<ProvenDrawing | StyledCodeRefusal> {
  const drawing = await drawStyledCode(order);
  if ('refused' in drawing) return drawing;
  const { layers, check: asSent, ...drawn } = drawing;
  const check = await proveCode(
    {
      version: drawn.version,
      draw: (pxPerModule) => styledRaster(layers, pxPerModule, paintLogo),
      asSent,
      expected: Buffer.from(order.payload, 'utf8'),
    },
    order.proof === 'full' ? PROOF_SET : [],
  );
  releaseRaster(asSent.image);
  // Without the full proof the check reads the file's raster alone: its answer is {zbar, zxing}.
  return { ...drawn, check: order.proof === 'full' ? check : { zbar: check.zbar, zxing: check.zxing } };
}
