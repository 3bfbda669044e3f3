import { planSheetEntry, sheetScene } from '../../lib/print/sheet-entry-plan';
import { sheetStyledScene } from '../../lib/print/sheet-styled-scene';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import { movedResult } from './moved-result';
import { packSheetPlans, type SheetItemsResult, type SheetItemsTask } from './sheet-items.render-task';

/** Runs in a render-pool worker (SHEET_ITEMS_TASK). */
export default async function sheetItemsTask(task: SheetItemsTask): Promise<SheetItemsResult> {
  if (task.kind === 'plan') {
    const packed = packSheetPlans(task.sources.map((source) => planSheetEntry(source, task.options)));
    return movedResult(packed, [packed.data]);
  }
  const { payloads, level, margin, style, scenes } = task;
  const drawn = [];
  // A styled code is checked one at a time: the decoders are loaded once per worker, on the first.
  if (style !== undefined)
    for (const payload of payloads) drawn.push(await sheetStyledScene(payload, level, style, margin));
  else for (const payload of payloads) drawn.push(sheetScene(payload, level, margin));
  scenes.postMessage(drawn);
  scenes.close();
  return drawn.length;
}
