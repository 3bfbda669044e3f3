import type { SheetFitOptions, SheetPlan, SheetSource } from '../../lib/print/sheet-entry-plan';
import type { QrScene } from '../../lib/qr';
import type { QrLevel } from '../../lib/vcard';
import { renderTaskModule } from './render-task-module';

/**
 * Work on a sheet's contacts, a chunk at a time: `plan` fits each one to the layout (before the
 * sheet's first byte), `draw` makes the code of each planned payload (while the sheet streams).
 */
export type SheetItemsTask =
  | { kind: 'plan'; sources: SheetSource[]; options: SheetFitOptions }
  | { kind: 'draw'; payloads: string[]; level: QrLevel; margin: number };

/** Plans for `plan`, scenes in the same order for `draw`. */
export type SheetItemsResult = SheetPlan[] | QrScene[];

/** A sheet's fitting and drawing as a render-pool task. */
export const SHEET_ITEMS_TASK = renderTaskModule<SheetItemsTask, SheetItemsResult>(__dirname, 'sheet-items.task');
