import { afterAll, expect, it } from '@jest/globals';
import { CollectingOutput, PEOPLE, payloadOf, people } from '../../../test/fixtures/print/sheet-people';
import {
  cropRaster,
  darkExtent,
  pdfFonts,
  pdfPages,
  pdfText,
  PrintFile,
  renderPdfPage,
  zbarimg,
  type GreyRaster,
} from '../../../test/utils/print-readers';
import { describeWithPrograms, POPPLER, PROGRAMS } from '../../../test/utils/system-program';
import { SHEET_LAYOUTS, sheetCodeBoxMm, type SheetLayoutName } from './sheet-layouts';
import { writeSheet } from './sheet-writer';

const IN = 25.4;
/**
 * Where each layout's items must be, written down here from the published numbers and not read
 * from the layout table: Avery's L7160 template (top 15.15 mm, horizontal pitch 66.04 mm, the grid
 * centred: side 7.21 mm) and 5160 template (top 0.5 in, side 0.1875 in, pitch 2.75 in × 1 in);
 * cards 2 × 5 butted and centred; badges 2 × 2 A6 on A4. `safe` is the margin content keeps.
 */
const GRIDS: Record<
  SheetLayoutName,
  {
    page: [number, number];
    item: [number, number];
    columns: number;
    rows: number;
    left: number;
    top: number;
    pitch: [number, number];
    safe: number;
  }
> = {
  'card-eu': { page: [210, 297], item: [85, 55], columns: 2, rows: 5, left: 20, top: 11, pitch: [85, 55], safe: 4 },
  'card-us': {
    page: [8.5 * IN, 11 * IN],
    item: [3.5 * IN, 2 * IN],
    columns: 2,
    rows: 5,
    left: 0.75 * IN,
    top: 0.5 * IN,
    pitch: [3.5 * IN, 2 * IN],
    safe: 4,
  },
  'badge-a6': {
    page: [210, 297],
    item: [105, 148],
    columns: 2,
    rows: 2,
    left: 0,
    top: 0.5,
    pitch: [105, 148],
    safe: 5,
  },
  'label-l7160': {
    page: [210, 297],
    item: [63.5, 38.1],
    columns: 3,
    rows: 7,
    left: 7.21,
    top: 15.15,
    pitch: [66.04, 38.1],
    safe: 1.5,
  },
  'label-5160': {
    page: [8.5 * IN, 11 * IN],
    item: [2.625 * IN, 1 * IN],
    columns: 3,
    rows: 10,
    left: 0.1875 * IN,
    top: 0.5 * IN,
    pitch: [2.75 * IN, 1 * IN],
    safe: 1.5,
  },
};

const PT = 72 / IN;
const DPI = 300;
const PX = DPI / IN;
const files: PrintFile[] = [];
afterAll(() => files.forEach((file) => file.done()));

const compact = (text: string) => text.replace(/\s+/g, '');

describeWithPrograms(POPPLER)('sheet layouts', () => {
  const zbar = describeWithPrograms([PROGRAMS.zbarimg]);

  zbar.each(Object.keys(GRIDS) as SheetLayoutName[])('%s', (name) => {
    const grid = GRIDS[name];
    const perPage = grid.columns * grid.rows;
    const count = perPage + 2;
    let file: PrintFile;

    it('writes the items, page by page, on pages of the sheet size', async () => {
      const output = new CollectingOutput();
      const summary = await writeSheet(name, people(count), output);
      expect(summary).toEqual({ pages: 2, printed: count, fitted: 0, missing: 0, textless: 0 });
      file = new PrintFile(output.bytes(), 'pdf');
      files.push(file);
      const pages = pdfPages(file);
      expect(pages).toHaveLength(2);
      for (const page of pages) {
        expect(page.width).toBeCloseTo(grid.page[0] * PT, 1);
        expect(page.height).toBeCloseTo(grid.page[1] * PT, 1);
      }
    });

    it("puts each item's name, title and organisation, extractable, inside its place on the maker's grid", () => {
      for (let index = 0; index < count; index++) {
        const slot = index % perPage;
        const x = grid.left + (slot % grid.columns) * grid.pitch[0] + grid.safe;
        const y = grid.top + Math.floor(slot / grid.columns) * grid.pitch[1] + grid.safe;
        const box = {
          x: x * PT,
          y: y * PT,
          width: (grid.item[0] - 2 * grid.safe) * PT,
          height: (grid.item[1] - 2 * grid.safe) * PT,
        };
        const text = compact(pdfText(file, Math.floor(index / perPage) + 1, box));
        const person = PEOPLE[index % PEOPLE.length];
        expect(text).toContain(compact(person.name));
        expect(text).toContain(compact(person.title));
        expect(text).toContain(compact(person.organization));
      }
    });

    it('draws every code inside its item, centred in the code box, and each decodes to its payload at 300 dpi', () => {
      const pages: GreyRaster[] = [renderPdfPage(file, 1, DPI), renderPdfPage(file, 2, DPI)];
      const codeBox = SHEET_LAYOUTS[name].codeBox;
      expect(sheetCodeBoxMm(name)).toBe(codeBox.width);
      for (let index = 0; index < count; index++) {
        const slot = index % perPage;
        const itemX = grid.left + (slot % grid.columns) * grid.pitch[0];
        const itemY = grid.top + Math.floor(slot / grid.columns) * grid.pitch[1];
        const page = pages[Math.floor(index / perPage)];
        const safeArea = {
          x: (itemX + grid.safe) * PX,
          y: (itemY + grid.safe) * PX,
          width: (grid.item[0] - 2 * grid.safe) * PX,
          height: (grid.item[1] - 2 * grid.safe) * PX,
        };
        expect(zbarimg(cropRaster(page, safeArea), file.folder).toString('utf8')).toBe(payloadOf(index));
        // The symbol (dark modules, inside a 4-module quiet zone) sits centred in the box.
        const box = {
          x: (itemX + codeBox.x) * PX,
          y: (itemY + codeBox.y) * PX,
          width: codeBox.width * PX,
          height: codeBox.height * PX,
        };
        const extent = darkExtent(cropRaster(page, box));
        expect(extent).not.toBeNull();
        const { left, right, top, bottom } = extent as NonNullable<typeof extent>;
        expect(Math.abs(left - (box.width - right))).toBeLessThanOrEqual(2);
        expect(Math.abs(top - (box.height - bottom))).toBeLessThanOrEqual(2);
        expect(left).toBeGreaterThan(0);
      }
    });

    it('embeds its fonts as subsets with ToUnicode maps', () => {
      const fonts = pdfFonts(file);
      expect(fonts.length).toBeGreaterThanOrEqual(4);
      for (const font of fonts) {
        expect(font).toMatchObject({ emb: true, sub: true, uni: true });
        expect(font.name).toMatch(/^[A-Z]{6}\+NotoSans/);
      }
    });
  });
});
