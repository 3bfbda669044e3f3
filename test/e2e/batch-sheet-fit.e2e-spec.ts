import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GOOGLE_LABEL_PEOPLE, GOOGLE_LABELS_CSV } from '../fixtures/print/google-labels';
import { SHEETS_BEFORE_FIT } from '../fixtures/print/sheets-before-fit';
import { SHEET_LAYOUTS, SHEET_LAYOUT_NAMES, type SheetLayoutName } from '../../src/lib/print';
import { pdfContentDigest } from '../utils/pdf-content-digest';
import { cropRaster, pdfPages, pdfText, PrintFile, renderPdfPage, zbarimg } from '../utils/print-readers';
import { finishedBatch, MIXED_SHEET_CONTACTS, type SheetBatchItem } from '../utils/sheet-batch';
import { describeWithProgram } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';

// GET /v1/batches/{id}/sheet.pdf?fit=auto|exact through createApp(): a Google export's 30 contacts
// (name, organization, phone, email) fill an Avery 5160 sheet, every code read back by zbarimg from
// poppler's 300 dpi page and compared with what the report page says was done to it; fit=exact
// answers what the build before fit answered (recorded content digests).

const DPI = 300;

interface Sheet {
  header: string;
  /** The report's rows by index. */
  rows: Map<number, string>;
  /** What zbarimg reads in each printed item's code box, in the order the items are printed. */
  codes: string[];
  pdf: Buffer;
}

/** The sheet as a reader sees it: the header, the report's rows, and every code of the item pages decoded. */
function readSheet(layout: SheetLayoutName, header: string, pdf: Buffer, printed: number): Sheet {
  const spec = SHEET_LAYOUTS[layout];
  const perPage = spec.columns * spec.rows;
  const file = new PrintFile(pdf, 'pdf');
  try {
    const pages = pdfPages(file);
    const report = pdfText(file, pages.length, undefined, { layout: true });
    expect(report).toContain('Report');
    expect(report).toContain(header);
    const rows = new Map([...report.matchAll(/^\s*(\d+)\s+(.+)$/gm)].map((m) => [Number(m[1]), m[2].trim()]));
    expect(pages).toHaveLength(Math.ceil(printed / perPage) + 1);
    const codes: string[] = [];
    const px = (mm: number) => (mm / 25.4) * DPI;
    for (let page = 0; page < pages.length - 1; page++) {
      const raster = renderPdfPage(file, page + 1, DPI);
      for (let slot = 0; slot < Math.min(perPage, printed - page * perPage); slot++) {
        const x = spec.origin.x + (slot % spec.columns) * spec.pitch.x + spec.codeBox.x;
        const y = spec.origin.y + Math.floor(slot / spec.columns) * spec.pitch.y + spec.codeBox.y;
        const box = { x: px(x), y: px(y), width: px(spec.codeBox.width), height: px(spec.codeBox.height) };
        codes.push(zbarimg(cropRaster(raster, box), file.folder).toString('utf8'));
      }
    }
    return { header, rows, codes, pdf };
  } finally {
    file.done();
  }
}

/** The fields a report row says were left out ("turned to MECARD, left out: a, b"). */
const leftOut = (row: string | undefined): string[] => /left out: (.+?)(;|$)/.exec(row ?? '')?.[1].split(', ') ?? [];

describeWithProgram('pdftoppm', 'apt-get install -y poppler-utils zbar-tools', ['-v'])(
  'GET /v1/batches/{id}/sheet.pdf: fit',
  () => {
    let app: NestFastifyApplication;
    let google: { id: string; items: SheetBatchItem[] };
    let mixed: { id: string; items: SheetBatchItem[] };
    beforeAll(async () => {
      app = await buildTestApp();
      google = await finishedBatch(app, GOOGLE_LABELS_CSV, 'text/csv');
      mixed = await finishedBatch(app, JSON.stringify({ contacts: MIXED_SHEET_CONTACTS }));
    });
    afterAll(() => app.close());

    const sheet = (id: string, query: string) => app.inject({ url: `/v1/batches/${id}/sheet.pdf?${query}` });

    it('label-5160 of a 30-contact Google export: every contact printed, every code a MECARD the report explains', async () => {
      expect(google.items.filter((item) => item.status === 'succeeded')).toHaveLength(30);
      const res = await sheet(google.id, 'layout=label-5160');
      expect(res.statusCode).toBe(200);
      const header = 'fitted=30, missing=0, textless=0, as-is=0, trimmed=0, mecard=30';
      expect(res.headers['qr-sheet-report']).toBe(header);
      const read = readSheet('label-5160', header, res.rawPayload, 30);
      const file = new PrintFile(res.rawPayload, 'pdf');
      const text = pdfText(file, 1);
      file.done();
      GOOGLE_LABEL_PEOPLE.forEach((person, index) => {
        expect(text).toContain(`${person.first} ${person.last}`);
        const row = read.rows.get(index);
        expect(row).toMatch(/^turned to MECARD(, left out: .+)?$/);
        const out = leftOut(row);
        // The organization is printed beside the code: it is the first thing a label leaves out of it.
        if (out.length > 0) expect(out[0]).toBe('organization');
        const fields = [
          `N:${person.last},${person.first}`,
          ...(out.includes('phones[0]') ? [] : [`TEL:${person.phone}`]),
          ...(out.includes('emails[0]') ? [] : [`EMAIL:${person.email}`]),
          ...(out.includes('organization') ? [] : [`ORG:${person.organization}`]),
        ];
        expect(read.codes[index]).toBe(`MECARD:${fields.join(';')};;`);
      });
    });

    it('label-5160 of the mixed batch: every valid contact printed, trimmed vCards and MECARDs as the report says', async () => {
      const res = await sheet(mixed.id, 'layout=label-5160');
      expect(res.statusCode).toBe(200);
      const header = res.headers['qr-sheet-report'] as string;
      const succeeded = mixed.items.filter((item) => item.status === 'succeeded');
      const counts = Object.fromEntries(header.split(', ').map((pair) => pair.split('=')));
      expect(counts).toMatchObject({ missing: '0', textless: '1' });
      expect(Number(counts['as-is']) + Number(counts.trimmed) + Number(counts.mecard)).toBe(succeeded.length);
      expect(Number(counts.fitted)).toBe(Number(counts.trimmed) + Number(counts.mecard));
      expect(Number(counts.mecard)).toBeGreaterThan(0);
      const read = readSheet('label-5160', header, res.rawPayload, succeeded.length);
      succeeded.forEach((item, slot) => {
        const stored = item.result?.qrPayload as string;
        const row = read.rows.get(item.index) ?? '';
        const code = read.codes[slot];
        if (row.startsWith('turned to MECARD')) {
          expect(code).toMatch(/^MECARD:N:[^;]+;.*;$/);
          if (leftOut(row).includes('organization')) expect(code).not.toContain('ORG:');
        } else if (row.startsWith('trimmed')) {
          expect(code.length).toBeLessThan(stored.length);
          expect(code).toContain(/^FN:.*$/m.exec(stored)?.[0]);
          for (const field of leftOut(row)) expect(code).not.toMatch(new RegExp(`^${field.toUpperCase()}[:;]`, 'm'));
        } else expect(code).toBe(stored);
      });
      expect(read.rows.get(6)).toMatch(/^trimmed, left out: note\b/);
      // The failed contact (index 8) leaves no hole, and is not on the report.
      expect(read.rows.has(8)).toBe(false);
    });

    // Ten sheets one after another, on a machine the other suites share: more than the default timeout.
    it('fit=exact answers every layout of both batches as the build before fit did', async () => {
      for (const [name, batch] of [
        ['google', google],
        ['mixed', mixed],
      ] as const)
        for (const layout of SHEET_LAYOUT_NAMES) {
          const res = await sheet(batch.id, `layout=${layout}&fit=exact`);
          expect({ sheet: `${name} ${layout}`, header: res.headers['qr-sheet-report'] }).toEqual({
            sheet: `${name} ${layout}`,
            header: SHEETS_BEFORE_FIT[`${name} ${layout}`].header,
          });
          expect(pdfContentDigest(res.rawPayload)).toBe(SHEETS_BEFORE_FIT[`${name} ${layout}`].digest);
        }
    }, 180_000);

    it('fit=auto answers a sheet whose cards all fit as they are with the same bytes as exact', async () => {
      const auto = await sheet(google.id, 'layout=card-eu');
      const exact = await sheet(google.id, 'layout=card-eu&fit=exact');
      expect(auto.rawPayload.equals(exact.rawPayload)).toBe(true);
      expect(auto.headers['qr-sheet-report']).toBe('fitted=0, missing=0, textless=0, as-is=30, trimmed=0, mecard=0');
      expect(exact.headers['qr-sheet-report']).toBe('fitted=0, missing=0, textless=0');
      const fitted = await sheet(google.id, 'layout=label-5160');
      expect(pdfContentDigest(fitted.rawPayload)).not.toBe(SHEETS_BEFORE_FIT['google label-5160'].digest);
    });

    it('an unknown fit is 400 invalid_query naming fit', async () => {
      const res = await sheet(google.id, 'layout=card-eu&fit=loose');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string; details: { parameter: string } } }>().error).toMatchObject({
        code: 'invalid_query',
        details: { parameter: 'fit' },
      });
    });
  },
);
