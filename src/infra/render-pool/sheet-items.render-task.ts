import type { MessagePort } from 'node:worker_threads';
import type { SheetFitOptions, SheetPlan, SheetSource } from '../../lib/print/sheet-entry-plan';
import type { ResolvedQrStyle } from '../../lib/qr/style/qr-style';
import type { QrLevel } from '../../lib/vcard';
import { renderTaskModule } from './render-task-module';

/**
 * Work on a sheet's contacts, a chunk at a time: `plan` fits each one to the layout (before the
 * sheet's first byte), `draw` makes the code of each planned payload (while the sheet streams),
 * in the batch's style and checked when it has one, and posts them, as one array in the payloads'
 * order, to `scenes`: the sheet's writer thread holds the other end, so they bypass the event loop.
 */
export type SheetItemsTask =
  | { kind: 'plan'; sources: SheetSource[]; options: SheetFitOptions }
  | { kind: 'draw'; payloads: string[]; level: QrLevel; margin: number; style?: ResolvedQrStyle; scenes: MessagePort };

/** Plans for `plan`; for `draw`, how many codes were posted. */
export type SheetItemsResult = SheetPlan[] | number;

/** A sheet's fitting and drawing as a render-pool task. */
export const SHEET_ITEMS_TASK = renderTaskModule<SheetItemsTask, SheetItemsResult>(__dirname, 'sheet-items.task');
