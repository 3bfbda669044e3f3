import type { QrScene } from '../qr/qr-scene';
import type { PdfScenePainter } from './pdf-scene-painter';
import type { SheetLayout } from './sheet-layouts';
import { mmToPt } from './sheet-geometry';
import { drawLine, fitLine, type FittedLine } from './sheet-text';

/** What one item of a sheet shows. */
export interface SheetItemContent {
  name: string;
  title?: string;
  organization?: string;
  scene: QrScene;
}

/** A text line of an item, by the field it shows. */
export type SheetTextLine = 'name' | 'title' | 'organization';

// Line pitch and baseline as shares of the font size: room for accents above and descenders below.
const LINE_PITCH = 1.3;
const ASCENT = 1.0;

/**
 * Draws an item with its top-left corner at `origin` (mm from the page's): its text lines in the
 * layout's text box and its code fitted into the code box (a scene taller than wide, with a frame
 * band, is centred at the box's full height). Returns the text lines that were not printed because
 * a character has no shipped glyph.
 */
export function paintSheetItem(
  doc: PDFKit.PDFDocument,
  painter: PdfScenePainter,
  layout: SheetLayout,
  origin: { x: number; y: number },
  item: SheetItemContent,
): SheetTextLine[] {
  const textBox = layout.textBox;
  const maxWidth = mmToPt(textBox.width);
  const wanted: [SheetTextLine, string | undefined, FittedLine | null][] = [
    ['name', item.name, null],
    ['title', item.title, null],
    ['organization', item.organization, null],
  ];
  const dropped: SheetTextLine[] = [];
  const lines: FittedLine[] = [];
  for (const [field, text] of wanted) {
    if (text === undefined || text === '') continue;
    const line =
      field === 'name'
        ? fitLine(doc, text, maxWidth, layout.nameSize, 'bold')
        : fitLine(doc, text, maxWidth, layout.detailSize, 'regular');
    if (line === null) dropped.push(field);
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
