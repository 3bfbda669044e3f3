/** The print sheets a batch can be laid out on. */
export const SHEET_LAYOUT_NAMES = ['card-eu', 'card-us', 'badge-a6', 'label-l7160', 'label-5160'] as const;
export type SheetLayoutName = (typeof SHEET_LAYOUT_NAMES)[number];

/** A box in millimetres, from the top-left corner of what contains it. */
export interface BoxMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Font sizes of a text line, in points: drawn at `max`, shrunk to fit down to `min`, then cut. */
export interface LineSize {
  max: number;
  min: number;
}

/**
 * One sheet layout, in millimetres. Items fill the grid row by row, left to right; everything an
 * item shows (its text box and code box) lies inside the item.
 */
export interface SheetLayout {
  name: SheetLayoutName;
  page: { width: number; height: number };
  item: { width: number; height: number };
  columns: number;
  rows: number;
  /** Top-left corner of the first item on the page. */
  origin: { x: number; y: number };
  /** From one item's top-left corner to the next one's, across and down. */
  pitch: { x: number; y: number };
  /** Bleed around the block of items (cards only); crop marks are drawn outside it. */
  bleed: number;
  cropMarks: boolean;
  /** Where the code is drawn: a square, fixed per layout, so the caller can fit the card to it. */
  codeBox: BoxMm;
  /** Where the name, title and organisation are drawn. */
  textBox: BoxMm;
  /** Text in the box: vertically centred and left-aligned (cards, labels), or from its top and centred (badges). */
  textAlign: 'middle' | 'top';
  nameSize: LineSize;
  detailSize: LineSize;
}

const A4 = { width: 210, height: 297 };
const LETTER = { width: 8.5 * 25.4, height: 11 * 25.4 };
const INCH = 25.4;

/** A grid of `columns` × `rows` items butted edge to edge and centred on the page (business cards). */
function centredBlock(
  page: { width: number; height: number },
  item: { width: number; height: number },
  columns: number,
  rows: number,
) {
  return {
    origin: { x: (page.width - columns * item.width) / 2, y: (page.height - rows * item.height) / 2 },
    pitch: { x: item.width, y: item.height },
  };
}

/**
 * A business card's insides: the code box at the right, centred in height, and the text to its left,
 * both inside the 4 mm safe margin a trimmed card needs.
 */
function cardInsides(item: { width: number; height: number }, codeSize: number) {
  const safe = 4;
  const gap = 3;
  const codeX = item.width - safe - codeSize;
  return {
    codeBox: { x: codeX, y: (item.height - codeSize) / 2, width: codeSize, height: codeSize },
    textBox: { x: safe, y: safe, width: codeX - gap - safe, height: item.height - 2 * safe },
  };
}

const CARD_EU = { width: 85, height: 55 };
const CARD_US = { width: 3.5 * INCH, height: 2 * INCH };
const L7160 = { width: 63.5, height: 38.1 };
const AVERY_5160 = { width: 2.625 * INCH, height: 1 * INCH };

/**
 * The layouts. Label grids follow Avery's published templates (docs/print-layouts.md gives the
 * sources and the arithmetic):
 * - L7160 (A4, 3 × 7): label 63.5 × 38.1 mm, top margin 15.15 mm, horizontal pitch 66.04 mm (a
 *   2.54 mm gap), vertical pitch 38.1 mm (no gap); the side margin, 7.21 mm, centres the grid
 *   (Avery's template gives 7.2 mm).
 * - 5160 (Letter, 3 × 10): label 2.625 × 1 in, top margin 0.5 in, side margin 0.1875 in (Avery's
 *   0.19 in), horizontal pitch 2.75 in (a 0.125 in gap), vertical pitch 1 in.
 * Business cards have no maker's grid: 2 × 5 edge to edge, centred, 3 mm (0.125 in) bleed round the
 * block, crop marks outside it. Badges: 2 × 2 A6, butted, filling the A4 page.
 */
export const SHEET_LAYOUTS: Record<SheetLayoutName, SheetLayout> = {
  'card-eu': {
    name: 'card-eu',
    page: A4,
    item: CARD_EU,
    columns: 2,
    rows: 5,
    ...centredBlock(A4, CARD_EU, 2, 5),
    bleed: 3,
    cropMarks: true,
    ...cardInsides(CARD_EU, 33),
    textAlign: 'middle',
    nameSize: { max: 13, min: 7 },
    detailSize: { max: 8.5, min: 6 },
  },
  'card-us': {
    name: 'card-us',
    page: LETTER,
    item: CARD_US,
    columns: 2,
    rows: 5,
    ...centredBlock(LETTER, CARD_US, 2, 5),
    bleed: 0.125 * INCH,
    cropMarks: true,
    ...cardInsides(CARD_US, 33),
    textAlign: 'middle',
    nameSize: { max: 13, min: 7 },
    detailSize: { max: 8.5, min: 6 },
  },
  'badge-a6': {
    name: 'badge-a6',
    page: A4,
    item: { width: 105, height: 148 },
    columns: 2,
    rows: 2,
    origin: { x: 0, y: 0.5 },
    pitch: { x: 105, y: 148 },
    bleed: 0,
    cropMarks: false,
    codeBox: { x: 17.5, y: 68, width: 70, height: 70 },
    textBox: { x: 8, y: 12, width: 89, height: 50 },
    textAlign: 'top',
    nameSize: { max: 24, min: 12 },
    detailSize: { max: 14, min: 8 },
  },
  'label-l7160': {
    name: 'label-l7160',
    page: A4,
    item: L7160,
    columns: 3,
    rows: 7,
    origin: { x: (A4.width - (2 * 66.04 + L7160.width)) / 2, y: 15.15 },
    pitch: { x: 66.04, y: 38.1 },
    bleed: 0,
    cropMarks: false,
    codeBox: { x: 31.5, y: 4.05, width: 30, height: 30 },
    textBox: { x: 3, y: 3, width: 27, height: 32.1 },
    textAlign: 'middle',
    nameSize: { max: 10, min: 6 },
    detailSize: { max: 7, min: 5 },
  },
  'label-5160': {
    name: 'label-5160',
    page: LETTER,
    item: AVERY_5160,
    columns: 3,
    rows: 10,
    origin: { x: 0.1875 * INCH, y: 0.5 * INCH },
    pitch: { x: 2.75 * INCH, y: 1 * INCH },
    bleed: 0,
    cropMarks: false,
    codeBox: { x: AVERY_5160.width - 1.6 - 22.2, y: 1.6, width: 22.2, height: 22.2 },
    textBox: { x: 3, y: 2, width: AVERY_5160.width - 1.6 - 22.2 - 1.5 - 3, height: 21.4 },
    textAlign: 'middle',
    nameSize: { max: 10, min: 6 },
    detailSize: { max: 7, min: 5 },
  },
};

export function isSheetLayoutName(value: string): value is SheetLayoutName {
  return (SHEET_LAYOUT_NAMES as readonly string[]).includes(value);
}

/** The side of a layout's code box in mm: the width (and height) a fitted code may take on the sheet. */
export function sheetCodeBoxMm(name: SheetLayoutName): number {
  return SHEET_LAYOUTS[name].codeBox.width;
}

/** Items per page. */
export function sheetItemsPerPage(layout: SheetLayout): number {
  return layout.columns * layout.rows;
}

/** The top-left corner, in mm from the page's, of the item in `slot` (0-based, row by row). */
export function sheetItemOrigin(layout: SheetLayout, slot: number): { x: number; y: number } {
  const column = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  return { x: layout.origin.x + column * layout.pitch.x, y: layout.origin.y + row * layout.pitch.y };
}
