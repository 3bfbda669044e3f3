import { textRuns, useFace, type FontWeight, type TextRun } from './sheet-fonts';
import type { LineSize } from './sheet-layouts';

/** A line ready to draw: its runs (cut with `…` when it had to be), its size and width in points. */
export interface FittedLine {
  runs: TextRun[];
  size: number;
  width: number;
  weight: FontWeight;
}

const ELLIPSIS = '…';
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Width in points of the runs at 1 pt (widths grow linearly with the size). */
function unitWidth(doc: PDFKit.PDFDocument, runs: TextRun[], weight: FontWeight): number {
  let width = 0;
  for (const run of runs) width += useFace(doc, run.family, weight).fontSize(1).widthOfString(run.text);
  return width;
}

/** The first `count` graphemes of the runs, and an ellipsis in the last run's family. */
function cut(graphemes: { family: TextRun['family']; text: string }[], count: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const { family, text } of graphemes.slice(0, count)) {
    const last = runs[runs.length - 1];
    if (last?.family === family) last.text += text;
    else runs.push({ family, text });
  }
  const last = runs[runs.length - 1];
  // Every shipped family draws U+2026, so the ellipsis can stay in the run it ends.
  if (last === undefined) runs.push({ family: 'sans', text: ELLIPSIS });
  else last.text = last.text.trimEnd() + ELLIPSIS;
  return runs;
}

/**
 * The text fitted to `maxWidth` points: at `size.max` when it fits, shrunk as far as `size.min`,
 * then cut at a grapheme boundary with `…` until it fits at the minimum. Null when a character has
 * no shipped glyph (the line is not printed at all).
 */
export function fitLine(
  doc: PDFKit.PDFDocument,
  text: string,
  maxWidth: number,
  size: LineSize,
  weight: FontWeight,
): FittedLine | null {
  const runs = textRuns(text);
  if (runs === null) return null;
  const width = unitWidth(doc, runs, weight);
  if (width * size.min <= maxWidth) {
    const fitted = Math.min(size.max, maxWidth / width);
    return { runs, size: fitted, width: width * fitted, weight };
  }
  const graphemes = runs.flatMap((run) =>
    Array.from(segmenter.segment(run.text), ({ segment }) => ({ family: run.family, text: segment })),
  );
  // The longest prefix that fits with its ellipsis: binary search, as the width grows with the count.
  let low = 0;
  let high = graphemes.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (unitWidth(doc, cut(graphemes, middle), weight) * size.min <= maxWidth) low = middle;
    else high = middle - 1;
  }
  const shortened = cut(graphemes, low);
  return { runs: shortened, size: size.min, width: unitWidth(doc, shortened, weight) * size.min, weight };
}

/** Draws a fitted line with its baseline at (`x`, `baseline`) points; text is black in DeviceGray (pure K). */
export function drawLine(doc: PDFKit.PDFDocument, line: FittedLine, x: number, baseline: number): void {
  let at = x;
  for (const run of line.runs) {
    const width = useFace(doc, run.family, line.weight).fontSize(line.size).widthOfString(run.text);
    // Given the width, PDFKit does not measure the run again before drawing it.
    doc.text(run.text, at, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      textWidth: width,
    } as PDFKit.Mixins.TextOptions);
    at += width;
  }
}
