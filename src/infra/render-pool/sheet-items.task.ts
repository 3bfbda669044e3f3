import type { MessagePort } from 'node:worker_threads';
import {
  planSheetEntry,
  sheetScene,
  type SheetFitOptions,
  type SheetPlan,
  type SheetSource,
} from '../../lib/print/sheet-entry-plan';
import { sheetStyledScene } from '../../lib/print/sheet-styled-scene';
import type { ResolvedQrStyle } from '../../lib/qr/style/qr-style';
import type { QrLevel } from '../../lib/vcard';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';
import { movedResult, packJson } from './moved-result';

/**
 * Work on a sheet's contacts, a chunk at a time: `plan` fits each one to the layout (before the
 * sheet's first byte), `draw` makes the code of each planned payload (while the sheet streams),
 * in the batch's style and checked when it has one, and posts them, as one array in the payloads'
 * order, to `scenes`: the sheet's writer thread holds the other end, so they bypass the event loop.
 */
export type SheetItemsTask =
  | { kind: 'plan'; sources: SheetSource[]; options: SheetFitOptions }
  | {
      kind: 'draw';
      payloads: string[];
      level: QrLevel;
      margin: number;
      style?: ResolvedQrStyle;
      /** The payloads (by position) whose styled code is given the whole proof set, not only read back. */
      fullProof?: number[];
      scenes: MessagePort;
    };

/**
 * A chunk's plans as `plan` answers them: what the sheet's report counts, and the plans as UTF-8
 * JSON in a buffer moved from the worker (packJson; the event loop reads them with unpackJson). A
 * large sheet's plans wait seconds for their page; kept as objects on the event loop's heap,
 * every young-generation collection until then would copy them (10-15 ms pauses at 10,000
 * contacts, bench/README.md).
 */
export interface PackedSheetPlans {
  data: ArrayBuffer;
  counts: SheetPlanCounts;
  /** The printed plan with the longest payload (UTF-8 bytes; the first of equals), or none. */
  longest?: { index: number; bytes: number };
}

/**
 * Fitted (shortened to fit: some fields left out, or turned to MECARD), missing (not printed),
 * textless (a line without glyphs); and of the printed, as-is, trimmed and turned to MECARD.
 */
export interface SheetPlanCounts {
  fitted: number;
  missing: number;
  textless: number;
  asIs: number;
  trimmed: number;
  mecard: number;
}

/** The packed plans for `plan`; for `draw`, how many codes were posted. */
export type SheetItemsResult = PackedSheetPlans | number;

/** Plans packed for the event loop, with their counts; `data` is the caller's to move. */
export function packSheetPlans(plans: readonly SheetPlan[]): PackedSheetPlans {
  const counts = { fitted: 0, missing: 0, textless: 0, asIs: 0, trimmed: 0, mecard: 0 };
  let longest: PackedSheetPlans['longest'];
  for (const plan of plans) {
    if ('missing' in plan) counts.missing++;
    else {
      const bytes = Buffer.byteLength(plan.payload, 'utf8');
      if (longest === undefined || bytes > longest.bytes) longest = { index: plan.index, bytes };
      if (plan.fit === 'mecard') counts.mecard++;
      else if (plan.fit !== undefined || (plan.omitted !== undefined && plan.omitted.length > 0)) counts.trimmed++;
      else counts.asIs++;
      if (plan.textless) counts.textless++;
    }
  }
  counts.fitted = counts.trimmed + counts.mecard;
  return { data: packJson(plans), counts, ...(longest ? { longest } : {}) };
}

/** A sheet's fitting and drawing, on a render-pool worker. */
export default async function sheetItemsTask(task: SheetItemsTask): Promise<SheetItemsResult> {
  if (task.kind === 'plan') {
    const packed = packSheetPlans(task.sources.map((source) => planSheetEntry(source, task.options)));
    return movedResult(packed, [packed.data]);
  }
  const { payloads, level, margin, style, scenes } = task;
  const fullProof = new Set(task.fullProof);
  const drawn = [];
  // A styled code is checked one at a time: the decoders are loaded once per worker, on the first.
  if (style !== undefined)
    for (const [at, payload] of payloads.entries())
      drawn.push(await sheetStyledScene(payload, level, style, margin, fullProof.has(at)));
  else for (const payload of payloads) drawn.push(sheetScene(payload, level, margin));
  scenes.postMessage(drawn);
  scenes.close();
  return drawn.length;
}
