import type { QrLevel } from '../../lib/vcard';
import { renderTaskModule } from './render-task-module';

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

/** Plain codes drawn on a render-pool worker a chunk at a time, so that a codes.zip's event loop only zips. */
export const PLAIN_CODES_TASK = renderTaskModule<PlainCodesTask, PlainCodesResult>(__dirname, 'plain-codes.task');
