import { checkCode, prepareQrDecoders, type CodeCheck } from '../../lib/qr/decode';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import type { CheckCodeTask } from './check-code.render-task';

// A worker loads this module when it starts: compiling the decoders now spares the first task that cost. A failure
// here is not lost: the first task loads them again and reports it.
prepareQrDecoders().catch(() => undefined);

/** Runs in a render-pool worker (CHECK_CODE_TASK). */
export default function checkCodeTask({ image, expected }: CheckCodeTask): Promise<CodeCheck> {
  return checkCode(image, expected);
}
