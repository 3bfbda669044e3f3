import { deterministicPdf, renewWordCaches } from './pdf-document';
import { PdfScenePainter } from './pdf-scene-painter';
import { drawCropMarks } from './sheet-crop-marks';
import { mmToPt } from './sheet-geometry';
import { paintSheetItem, type SheetItemContent } from './sheet-item-painter';
import { SHEET_LAYOUTS, sheetItemOrigin, sheetItemsPerPage, type SheetLayoutName } from './sheet-layouts';
import type { SheetFit, SheetFitted } from './sheet-fit';
import { drawReportPages, type SheetReportCounts, type SheetReportRow } from './sheet-report';

/** A contact printed on the sheet: its texts and its code, already fitted to the layout's code box. */
export interface SheetItem extends SheetItemContent {
  /** Its index in the batch (0-based), for the report. */
  index: number;
  /** Field paths the QR budget left out of its card to fit it, reported when non-empty. */
  omitted?: readonly string[];
  /** With `fit=auto`, how its card was fitted to the code box (absent: as it is). */
  fit?: SheetFitted;
}

/** A contact left out of the sheet (no hole is left), and why, for the report. */
export interface SheetMissingItem {
  index: number;
  missing: string;
}

export type SheetEntry = SheetItem | SheetMissingItem;

/** Pages after which the sheet's word caches start again (renewWordCaches): ten pages of cards, or of the report. */
const WORD_CACHE_PAGES = 10;

export interface SheetOptions {
  /** End the sheet with the "Report" page(s), as it also does whenever an entry is reported. */
  report?: boolean;
  /** How the entries were fitted: with `auto`, the report also counts them as-is, trimmed and MECARD. */
  fit?: SheetFit;
}

/** What was written: pages (the report's included), items printed, and the report's counts. */
export interface SheetSummary extends SheetReportCounts {
  pages: number;
  printed: number;
}

/**
 * Writes the sheet PDF of `entries`, in their order, to `output` and ends it. Pages are produced one
 * at a time and only while `output` accepts more (its `write` returning false pauses the sheet until
 * `drain`), so memory stays flat however many pages there are; `entries` is read no faster either.
 * The same entries give the same bytes. Rejects, and stops reading `entries`, when `output` fails or
 * closes early.
 */
export async function writeSheet(
  layoutName: SheetLayoutName,
  entries: AsyncIterable<SheetEntry> | Iterable<SheetEntry>,
  output: NodeJS.WritableStream,
  options: SheetOptions = {},
): Promise<SheetSummary> {
  const layout = SHEET_LAYOUTS[layoutName];
  const doc = deterministicPdf(`${layoutName} sheet`);
  renewWordCaches(doc, WORD_CACHE_PAGES);
  const flow = new OutputFlow(doc, output);
  const painter = new PdfScenePainter(doc);
  const perPage = sheetItemsPerPage(layout);
  const page = { size: [mmToPt(layout.page.width), mmToPt(layout.page.height)] as [number, number], margin: 0 };
  const rows: SheetReportRow[] = [];
  const summary: SheetSummary = { pages: 0, printed: 0, fitted: 0, missing: 0, textless: 0 };
  const fits = { asIs: 0, trimmed: 0, mecard: 0 };
  if (options.fit === 'auto') summary.fits = fits;
  try {
    for await (const entry of entries) {
      if ('missing' in entry) {
        summary.missing++;
        rows.push({ index: entry.index, text: `missing: ${entry.missing}` });
        continue;
      }
      const slot = summary.printed % perPage;
      if (slot === 0) {
        doc.addPage(page);
        summary.pages++;
        if (layout.cropMarks) drawCropMarks(doc, layout);
        await flow.ready();
      }
      const dropped = paintSheetItem(doc, painter, layout, sheetItemOrigin(layout, slot), entry);
      summary.printed++;
      const notes = fitNotes(entry, fits);
      if (notes.length > 0) summary.fitted++;
      if (dropped.length > 0) {
        summary.textless++;
        notes.push(`text not printed (no shipped font has a character): ${dropped.join(', ')}`);
      }
      if (notes.length > 0) rows.push({ index: entry.index, text: notes.join('; ') });
    }
    if (options.report || rows.length > 0) summary.pages += drawReportPages(doc, layout, rows, summary);
    if (summary.pages === 0) {
      // A PDF has at least one page: an empty sheet is one blank page.
      doc.addPage(page);
      summary.pages++;
    }
    await flow.end();
    return summary;
  } catch (error) {
    flow.abort(error as Error);
    throw error;
  }
}

/**
 * The report's note on how an item's card was fitted, counted in `fits`: what was left out (as
 * `exact` says it), or with `fit=auto` "trimmed" or "turned to MECARD" before it.
 */
function fitNotes(entry: SheetItem, fits: NonNullable<SheetReportCounts['fits']>): string[] {
  const omitted = entry.omitted ?? [];
  const leftOut = omitted.length > 0 ? `left out: ${omitted.join(', ')}` : null;
  if (entry.fit === 'mecard') {
    fits.mecard++;
    return [leftOut === null ? 'turned to MECARD' : `turned to MECARD, ${leftOut}`];
  }
  if (entry.fit === 'trimmed' || leftOut !== null) {
    fits.trimmed++;
    if (entry.fit === undefined) return [leftOut as string];
    return [leftOut === null ? 'trimmed' : `trimmed, ${leftOut}`];
  }
  fits.asIs++;
  return [];
}

/** Moves the document's bytes to the output as they come, and says when the output wants more. */
class OutputFlow {
  private full = false;
  private failure: Error | null = null;
  /** ready()'s wait for room, ended by a 'drain' or a failure. */
  private waiting: (() => void) | null = null;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly output: NodeJS.WritableStream,
  ) {
    doc.on('data', (chunk: Buffer) => {
      if (!output.write(chunk)) this.full = true;
    });
    // Heard all along: a 'drain' that comes before ready() waits for it must not be missed.
    output.on('drain', () => {
      this.full = false;
      this.wake();
    });
    const fail = (error?: Error) => {
      this.failure ??= error ?? new Error('the output closed before the sheet ended');
      this.wake();
    };
    output.once('error', fail);
    output.once('close', () => fail());
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  /**
   * Resolves once the output has taken what was written and has room; rejects when it has failed.
   * It first lets the event loop turn: PDFKit hands its bytes over in 'data' events on the next
   * tick, and entries that arrive without waiting (an array, a busy generator) would otherwise keep
   * the whole document queued in memory until the end.
   */
  async ready(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failure !== null) throw this.failure;
    if (!this.full) return;
    await new Promise<void>((resolve) => (this.waiting = resolve));
    if (this.failure !== null) throw this.failure;
  }

  /** Ends the document, writes its last bytes and ends the output. */
  async end(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.doc.once('end', resolve);
      this.doc.once('error', reject);
      this.doc.end();
    });
    if (this.failure !== null) throw this.failure;
    // Not end(callback): some responses (light-my-request's) take end's only argument as data.
    await new Promise<void>((resolve, reject) => {
      this.output.once('error', reject);
      this.output.once('finish', resolve);
      this.output.end();
    });
  }

  abort(error: Error): void {
    const destroyable = this.output as NodeJS.WritableStream & { destroy?: (error?: Error) => void };
    destroyable.destroy?.(error);
  }
}
