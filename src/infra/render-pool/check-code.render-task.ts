import type { CodeCheck, RgbaImage } from '../../lib/qr/decode';
import { renderTaskModule } from './render-task-module';

/** Check that `image` reads back to exactly `expected` (a payload's UTF-8 bytes) with both decoders. */
export interface CheckCodeTask {
  image: RgbaImage;
  expected: Uint8Array;
}

/** The check as a render-pool task: each worker loads the decoders once, when it starts. */
export const CHECK_CODE_TASK = renderTaskModule<CheckCodeTask, CodeCheck>(__dirname, 'check-code.task');
