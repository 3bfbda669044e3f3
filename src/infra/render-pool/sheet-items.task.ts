import { planSheetEntry, sheetScene } from '../../lib/print/sheet-entry-plan';
import type { SheetItemsResult, SheetItemsTask } from './sheet-items.render-task';

/** Runs in a render-pool worker (SHEET_ITEMS_TASK). */
export default function sheetItemsTask(task: SheetItemsTask): SheetItemsResult {
  if (task.kind === 'plan') return task.sources.map((source) => planSheetEntry(source, task.options));
  return task.payloads.map((payload) => sheetScene(payload, task.level, task.margin));
}
