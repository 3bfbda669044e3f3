import type { ProvenDrawing } from '../../lib/qr/proof/draw-proven-code';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import { renderTaskModule } from './render-task-module';

/** A styled code drawn and checked on a worker: the file, its size, and what each decoder read. */
export interface RenderedCode {
  /** The PNG or SVG file (moved from the worker, not copied). */
  file: ArrayBuffer;
  width: number;
  height: number;
  version: number;
  logoShare: number;
  check: ProvenDrawing['check'];
}

/**
 * Draws a styled code and proves it, both on a render-pool worker (see drawProvenCode), and each
 * worker loads the decoders once, when it starts.
 */
export const RENDER_CODE_TASK = renderTaskModule<StyledCodeOrder, RenderedCode | StyledCodeRefusal>(
  __dirname,
  'render-code.task',
);
