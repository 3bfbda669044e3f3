import { formatNumber } from './scene-path-operators';
import { mmToPt } from './sheet-geometry';
import type { SheetLayout } from './sheet-layouts';

/** Marks start this far outside the bleed and are this long (mm); hairlines of 0.25 pt. */
const MARK_OFFSET = 1;
const MARK_LENGTH = 5;

/**
 * Crop marks of a card layout: at every cut line of the block of cards, short lines in the margin
 * outside the bleed on both ends, in pure K, so a guillotine can trim the stack.
 */
export function drawCropMarks(doc: PDFKit.PDFDocument, layout: SheetLayout): void {
  const { origin, item, columns, rows, bleed } = layout;
  const left = origin.x;
  const top = origin.y;
  const right = left + columns * item.width;
  const bottom = top + rows * item.height;
  const near = bleed + MARK_OFFSET;
  const far = near + MARK_LENGTH;
  const segments: [number, number, number, number][] = [];
  for (let column = 0; column <= columns; column++) {
    const x = left + column * item.width;
    segments.push([x, top - far, x, top - near], [x, bottom + near, x, bottom + far]);
  }
  for (let row = 0; row <= rows; row++) {
    const y = top + row * item.height;
    segments.push([left - far, y, left - near, y], [right + near, y, right + far, y]);
  }
  const path = segments
    .map(
      ([x1, y1, x2, y2]) =>
        `${[x1, y1].map((v) => formatNumber(mmToPt(v))).join(' ')} m ${[x2, y2].map((v) => formatNumber(mmToPt(v))).join(' ')} l`,
    )
    .join(' ');
  doc.addContent(`q 0 G 0.25 w ${path} S Q`);
}
