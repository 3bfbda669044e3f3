import type { QrScene } from '../qr/qr-scene';
import type { PdfScenePainter } from './pdf-scene-painter';
import type { SheetLayout } from './sheet-layouts';
import { mmToPt } from './sheet-geometry';
import { drawLine, fitLine, type FittedLine } from './sheet-text';

/** A text line of an item, and how the report names it (by the field it shows). */
export interface SheetText {
  label: string;
  text: string;
}

/** What one item of a sheet shows: its text lines, the name first, and its code. */
export interface SheetItemContent {
  lines: readonly SheetText[];
  scene: QrScene;
}

// Line pitch and baseline as shares of the font size: room for accents above and descenders below.
const LINE_PITCH = 1.3;
const ASCENT = 1.0;

/**
 * Draws an item with its top-left corner at `origin` (mm from the page's): its text lines in the
 * layout's text box and its code fitted into the code box (a scene taller than wide, with a frame
 * band, is centred at the box's full height). Returns the labels of the text lines that were not
 * printed because a character has no shipped glyph.
 */
export function paintSheetItem(
  doc: PDFKit.PDFDocument,
  painter: PdfScenePainter,
  layout: SheetLayout,
  origin: { x: number; y: number },
  item: SheetItemContent,
): string[] {
  const textBox = layout.textBox;
  const maxWidth = mmToPt(textBox.width);
  const dropped: string[] = [];
  const lines: FittedLine[] = [];
  for (const [position, { label, text }] of item.lines.entries()) {
    if (text === '') continue;
    const line =
      position === 0
        ? fitLine(doc, text, maxWidth, layout.nameSize, 'bold')
        : fitLine(doc, text, maxWidth, layout.detailSize, 'regular');
    if (line === null) dropped.push(label);
    else lines.push(line);
  }
  const blockHeight = lines.reduce((sum, line) => sum + line.size * LINE_PITCH, 0);
  const boxTop = mmToPt(origin.y + textBox.y);
  let top = layout.textAlign === 'middle' ? boxTop + (mmToPt(textBox.height) - blockHeight) / 2 : boxTop;
  const left = mmToPt(origin.x + textBox.x);
  for (const line of lines) {
    const indent = layout.textAlign === 'top' ? (maxWidth - line.width) / 2 : 0;
    drawLine(doc, line, left + indent, top + line.size * ASCENT);
    top += line.size * LINE_PITCH;
  }

  const box = layout.codeBox;
  const side = mmToPt(box.width);
  const widthPt = item.scene.height > item.scene.width ? (side * item.scene.width) / item.scene.height : side;
  const x = mmToPt(origin.x + box.x) + (side - widthPt) / 2;
  painter.paint(item.scene, x, mmToPt(origin.y + box.y), widthPt);
  return dropped;
}
