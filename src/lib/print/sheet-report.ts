import { mmToPt } from './sheet-geometry';
import type { SheetLayout } from './sheet-layouts';
import { drawLine, fitLine } from './sheet-text';

/** One row of the report page: an item's index in the batch and what happened to it. */
export interface SheetReportRow {
  index: number;
  text: string;
}

/** The counts the report's header line gives (and the service's `QR-Sheet-Report` header). */
export interface SheetReportCounts {
  fitted: number;
  missing: number;
  textless: number;
  /** With `fit=auto`: of the printed entries, how many were fitted as they are, trimmed, or turned to MECARD. */
  fits?: { asIs: number; trimmed: number; mecard: number };
}

/**
 * The counts as the report page's summary and the `QR-Sheet-Report` header give them:
 * `fitted=<n>, missing=<n>, textless=<n>`, then with `fit=auto` `, as-is=<n>, trimmed=<n>, mecard=<n>`.
 */
export function sheetReportLine({ fitted, missing, textless, fits }: SheetReportCounts): string {
  const line = `fitted=${fitted}, missing=${missing}, textless=${textless}`;
  return fits ? `${line}, as-is=${fits.asIs}, trimmed=${fits.trimmed}, mecard=${fits.mecard}` : line;
}

const MARGIN = 15;
const INDEX_COLUMN = 18;
const ROW_PITCH = 12;
const ROW_SIZE = { max: 9, min: 7 };

function printable(doc: PDFKit.PDFDocument, text: string, maxWidth: number) {
  // Rows are field paths and reasons the service wrote; anything outside the shipped fonts is shown as ?.
  return (
    fitLine(doc, text, maxWidth, ROW_SIZE, 'regular') ??
    fitLine(doc, text.replace(/[^\x20-\x7e]/g, '?'), maxWidth, ROW_SIZE, 'regular')
  );
}

/**
 * The report, titled "Report", on pages of the sheet's own size after the items: its counts, then a
 * row per affected contact. Returns the number of pages it took.
 */
export function drawReportPages(
  doc: PDFKit.PDFDocument,
  layout: SheetLayout,
  rows: SheetReportRow[],
  counts: SheetReportCounts,
): number {
  const page = { width: mmToPt(layout.page.width), height: mmToPt(layout.page.height) };
  const left = mmToPt(MARGIN);
  const textLeft = left + mmToPt(INDEX_COLUMN);
  const textWidth = page.width - textLeft - left;
  const bottom = page.height - mmToPt(MARGIN);
  let pages = 0;
  let y = bottom;
  const newPage = () => {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    pages++;
    y = mmToPt(MARGIN);
    const title = fitLine(doc, pages === 1 ? 'Report' : 'Report (continued)', textWidth, { max: 16, min: 16 }, 'bold');
    if (title !== null) drawLine(doc, title, left, y + 16);
    y += 24;
    const summary = printable(doc, sheetReportLine(counts), textWidth);
    if (summary !== null) drawLine(doc, summary, left, y + ROW_SIZE.max);
    y += ROW_PITCH * 1.5;
    const heading = [
      fitLine(doc, 'index', mmToPt(INDEX_COLUMN), ROW_SIZE, 'bold'),
      fitLine(doc, 'what was left out, or why the item is missing', textWidth, ROW_SIZE, 'bold'),
    ];
    if (heading[0] !== null) drawLine(doc, heading[0], left, y + ROW_SIZE.max);
    if (heading[1] !== null) drawLine(doc, heading[1], textLeft, y + ROW_SIZE.max);
    y += ROW_PITCH * 1.25;
  };
  newPage();
  if (rows.length === 0) {
    const none = printable(doc, 'Every contact was printed in full.', textWidth);
    if (none !== null) drawLine(doc, none, textLeft, y + ROW_SIZE.max);
  }
  for (const row of rows) {
    if (y + ROW_PITCH > bottom) newPage();
    const index = printable(doc, String(row.index), mmToPt(INDEX_COLUMN));
    const text = printable(doc, row.text, textWidth);
    if (index !== null) drawLine(doc, index, left, y + ROW_SIZE.max);
    if (text !== null) drawLine(doc, text, textLeft, y + ROW_SIZE.max);
    y += ROW_PITCH;
  }
  return pages;
}
