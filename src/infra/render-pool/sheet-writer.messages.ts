import type {
  SheetFitted,
  SheetLayoutName,
  SheetMissingItem,
  SheetOptions,
  SheetSummary,
  SheetText,
} from '../../lib/print';
import type { MessagePort } from 'node:worker_threads';
import type { SheetStyledScene } from '../../lib/print/sheet-styled-scene';
import type { QrScene } from '../../lib/qr';

/** A contact of a sheet group as the writer prints it: its texts; its code comes over the group's port. */
export interface SheetGroupCard {
  index: number;
  lines: readonly SheetText[];
  omitted?: readonly string[];
  fit?: SheetFitted;
}

/** A drawn code: a plain scene, or a styled one (which may have failed its check). */
export type SheetDrawnScene = QrScene | SheetStyledScene;

/** What the writer thread starts with. */
export interface SheetWriterData {
  layout: SheetLayoutName;
  options: SheetOptions;
  /** Bytes the writer may hand over before the event loop says the output took them. */
  window: number;
}

/**
 * To the writer: a group of entries, in order, whose cards' codes arrive on `scenes` (one message: an
 * array, a code per card); the end of the groups; or bytes the output took.
 */
export type ToSheetWriter =
  | { kind: 'group'; entries: (SheetGroupCard | SheetMissingItem)[]; scenes: MessagePort }
  | { kind: 'groups-end' }
  | { kind: 'taken'; bytes: number };

/** From the writer: PDF bytes, a group taken (room for another), or the end with what was written. */
export type FromSheetWriter =
  { kind: 'bytes'; chunk: Uint8Array } | { kind: 'group-taken' } | { kind: 'end'; summary: SheetSummary };
