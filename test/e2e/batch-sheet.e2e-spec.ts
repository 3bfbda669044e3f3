import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PEOPLE } from '../fixtures/print/sheet-people';
import { finishedBatch, MIXED_SHEET_CONTACTS, type SheetBatchItem } from '../utils/sheet-batch';
import { SHEET_LAYOUTS, SHEET_LAYOUT_NAMES, type SheetLayoutName } from '../../src/lib/print';
import { cropRaster, pdfFonts, pdfPages, pdfText, PrintFile, renderPdfPage, zbarimg } from '../utils/print-readers';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';

// GET /v1/batches/{id}/sheet.pdf through createApp() as in production: every layout read by poppler
// (page sizes, text, fonts), every code on every page decoded by zbarimg from its layout's code box
// back to the payload it was fitted to, and the report page and header for fitted, missing and
// textless contacts, all with fit=exact (the QR budget alone; fit=auto is batch-sheet-fit's).

const MM_PER_PT = 25.4 / 72;
const DPI = 300;

describeWithPrograms([PROGRAMS.pdfinfo, PROGRAMS.pdftoppm, PROGRAMS.pdftotext, PROGRAMS.pdffonts, PROGRAMS.zbarimg])(
  'GET /v1/batches/{id}/sheet.pdf',
  () => {
    let app: NestFastifyApplication;
    let batchId: string;
    let items: SheetBatchItem[];
    beforeAll(async () => {
      app = await buildTestApp();
      ({ id: batchId, items } = await finishedBatch(app, JSON.stringify({ contacts: MIXED_SHEET_CONTACTS })));
    });
    afterAll(() => app.close());

    const sheet = (layout: string) =>
      app.inject({ url: `/v1/batches/${batchId}/sheet.pdf?layout=${layout}&fit=exact` });

    /** What each layout's code box takes: a dense card is fitted on all but the badge, whose box is largest. */
    const EXPECTED: Record<SheetLayoutName, { fitted: number; missing: number }> = {
      'card-eu': { fitted: 1, missing: 0 },
      'card-us': { fitted: 1, missing: 0 },
      'badge-a6': { fitted: 0, missing: 0 },
      'label-l7160': { fitted: 1, missing: 0 },
      'label-5160': { fitted: 2, missing: 3 },
    };

    it.each(SHEET_LAYOUT_NAMES.map((name) => [name]))(
      '%s: pages of the sheet size, every name, every code decoded from its code box, the report last',
      async (layout: SheetLayoutName) => {
        const res = await sheet(layout);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${batchId}-${layout}.pdf"`);
        const { fitted, missing } = EXPECTED[layout];
        const counts = `fitted=${fitted}, missing=${missing}, textless=1`;
        expect(res.headers['qr-sheet-report']).toBe(counts);
        expect(res.headers['access-control-expose-headers']).toContain('QR-Sheet-Report');
        const spec = SHEET_LAYOUTS[layout];
        const perPage = spec.columns * spec.rows;
        const file = new PrintFile(res.rawPayload, 'pdf');
        try {
          const pages = pdfPages(file);
          const report = pdfText(file, pages.length, undefined, { layout: true });
          expect(report).toContain('Report');
          expect(report).toContain(counts);
          // Rows: the index, then what was left out or why the item is missing.
          const rows = new Map([...report.matchAll(/^\s*(\d+)\s+(.+)$/gm)].map((m) => [Number(m[1]), m[2]]));
          expect(rows.get(7)).toMatch(/^text not printed .*: name/);
          const missingIndexes = [...rows].filter(([, text]) => text.startsWith('missing:')).map(([i]) => i);
          const fittedIndexes = [...rows].filter(([, text]) => text.startsWith('left out:')).map(([i]) => i);
          expect(missingIndexes).toHaveLength(missing);
          expect(fittedIndexes).toHaveLength(fitted);
          if (fitted > 0) expect(rows.get(6)).toMatch(/^left out: note\b/);
          if (missing > 0) expect(missingIndexes).toContain(9);
          // The failed contact (index 8) leaves no hole, and is not on the report.
          expect(rows.has(8)).toBe(false);
          const printed = items.filter((item) => item.status === 'succeeded' && !missingIndexes.includes(item.index));

          expect(pages).toHaveLength(Math.ceil(printed.length / perPage) + 1);
          for (const page of pages) {
            expect(page.width * MM_PER_PT).toBeCloseTo(spec.page.width, 0);
            expect(page.height * MM_PER_PT).toBeCloseTo(spec.page.height, 0);
          }
          const text = pages
            .slice(0, -1)
            .map((_, page) => pdfText(file, page + 1))
            .join('\n');
          for (const item of printed) {
            const person = PEOPLE[item.index];
            if (person !== undefined) expect(text).toContain(person.name);
          }
          expect(text).toContain('Thebes');
          expect(text).not.toContain('𓋹');
          const fonts = pdfFonts(file);
          expect(fonts.length).toBeGreaterThan(0);
          for (const font of fonts) expect(font).toMatchObject({ emb: true, sub: true, uni: true });

          for (let page = 0; page < pages.length - 1; page++) {
            const raster = renderPdfPage(file, page + 1, DPI);
            printed.slice(page * perPage, (page + 1) * perPage).forEach((item, slot) => {
              const x = spec.origin.x + (slot % spec.columns) * spec.pitch.x + spec.codeBox.x;
              const y = spec.origin.y + Math.floor(slot / spec.columns) * spec.pitch.y + spec.codeBox.y;
              const px = (mm: number) => (mm / 25.4) * DPI;
              const box = { x: px(x), y: px(y), width: px(spec.codeBox.width), height: px(spec.codeBox.height) };
              const read = zbarimg(cropRaster(raster, box), file.folder).toString('utf8');
              const stored = item.result?.qrPayload as string;
              if (fittedIndexes.includes(item.index)) {
                // Fitted: the same card with properties left out, its name kept.
                expect(read.length).toBeLessThan(stored.length);
                expect(read).toContain(/^FN:.*$/m.exec(stored)?.[0]);
              } else expect(read).toBe(stored);
            });
          }
        } finally {
          file.done();
        }
      },
    );

    it('the same batch and layout give the same bytes', async () => {
      expect((await sheet('card-eu')).rawPayload.equals((await sheet('card-eu')).rawPayload)).toBe(true);
    });

    it('a layout missing or unknown is 400 invalid_query naming layout; an unknown batch 404', async () => {
      for (const query of ['', '?layout=card-xx']) {
        const res = await app.inject({ url: `/v1/batches/${batchId}/sheet.pdf${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: { code: string; details: { parameter: string } } }>().error).toMatchObject({
          code: 'invalid_query',
          details: { parameter: 'layout' },
        });
      }
      const unknown = await app.inject({
        url: '/v1/batches/batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB/sheet.pdf?layout=card-eu',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ error: { code: string } }>().error.code).toBe('batch_not_found');
    });

    it('costs one request of the rate budget', async () => {
      const before = Number((await app.inject({ url: `/v1/batches/${batchId}` })).headers['ratelimit-remaining']);
      const res = await sheet('label-l7160');
      expect(Number(res.headers['ratelimit-remaining'])).toBe(before - 1);
    });

    it('is 409 batch_not_finished while the batch runs', async () => {
      const csv = `fullName\r\n${Array.from({ length: 3000 }, (_, i) => `Person ${i}`).join('\r\n')}\r\n`;
      const created = await app.inject({
        method: 'POST',
        url: '/v1/batches',
        headers: { 'content-type': 'text/csv' },
        payload: csv,
      });
      const res = await app.inject({
        url: `/v1/batches/${created.json<{ id: string }>().id}/sheet.pdf?layout=card-eu`,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('batch_not_finished');
    });
  },
);
