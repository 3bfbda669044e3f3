import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readPng } from '../utils/qr-image-reader';
import { cropRaster, darkExtent, pdfPages, PrintFile, renderEps, renderPdfPage, zbarimg } from '../utils/print-readers';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';

// POST /v1/vcard at a physical size (?size=, ?dpi=, Accept: application/pdf or application/postscript),
// through createApp() as in production. Every PDF is read by poppler, every EPS by Ghostscript, and
// the code on each is decoded by zbarimg back to the qrPayload the JSON answer gives.

const ADA = {
  fullName: 'Ada Lovelace',
  organization: 'Analytical Engines Ltd',
  title: 'Principal Engineer',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
};
const MM_PER_PT = 25.4 / 72;

describeWithPrograms([PROGRAMS.pdfinfo, PROGRAMS.pdftoppm, PROGRAMS.gs, PROGRAMS.zbarimg])(
  'Codes at a physical size from POST /v1/vcard',
  () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await buildTestApp();
    });
    afterAll(() => app.close());

    const post = (query: string, accept?: string, body: object = ADA) =>
      app.inject({
        method: 'POST',
        url: `/v1/vcard${query}`,
        headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
        payload: JSON.stringify(body),
      });
    const payloadOf = async (query = '') => (await post(query)).json<{ qrPayload: string }>().qrPayload;

    it('Accept: application/pdf is one page 30 mm wide whose code zbar reads back, pure K, same bytes twice', async () => {
      const res = await post('', 'application/pdf');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('inline; filename="Ada-Lovelace.pdf"');
      expect(res.headers['access-control-expose-headers']).toContain('QR-Module-Size');
      const pdf = res.rawPayload;
      const file = new PrintFile(pdf, 'pdf');
      try {
        const [page, ...others] = pdfPages(file);
        expect(others).toHaveLength(0);
        expect(page.width * MM_PER_PT).toBeCloseTo(30, 1);
        expect(page.height).toBeCloseTo(page.width, 2);
        const raster = renderPdfPage(file, 1, 300);
        expect(zbarimg(raster, file.folder).toString('utf8')).toBe(await payloadOf());
        // Modules: 30 mm over (modules + 8); the header says so to 2 decimals.
        const modules = Number(res.headers['qr-module-size']);
        expect(modules).toBeGreaterThan(0.4);
        expect(res.headers['qr-check-warnings']).toBeUndefined();
      } finally {
        file.done();
      }
      expect(pdf.toString('latin1')).not.toMatch(/\/CreationDate|\/ModDate/);
      // Black is DeviceGray 0 (pure K), never an RGB black.
      expect((await post('', 'application/pdf')).rawPayload.equals(pdf)).toBe(true);
    });

    it('?size=1.25in with application/postscript is an EPS Ghostscript draws and zbar reads, its boxes in points', async () => {
      const res = await post('?size=1.25in', 'application/postscript');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/postscript');
      expect(res.headers['content-disposition']).toBe('inline; filename="Ada-Lovelace.eps"');
      const text = res.rawPayload.toString('latin1');
      expect(text.startsWith('%!PS-Adobe-3.0 EPSF-3.0\n')).toBe(true);
      expect(text).toContain('%%BoundingBox: 0 0 90 90\n');
      expect(text).toContain('%%HiResBoundingBox: 0 0 90 90\n');
      expect(text).toContain('0 setgray');
      const file = new PrintFile(res.rawPayload, 'eps');
      try {
        expect(zbarimg(renderEps(file, 300)).toString('utf8')).toBe(await payloadOf());
      } finally {
        file.done();
      }
      expect((await post('?size=1.25in', 'application/postscript')).rawPayload.equals(res.rawPayload)).toBe(true);
    });

    it('?size=40mm&dpi=600 on a PNG: the largest whole scale within 40 mm at 600 dpi, pHYs says 600 dpi', async () => {
      const res = await post('?size=40mm&dpi=600', 'image/png');
      expect(res.statusCode).toBe(200);
      const png = readPng(res.rawPayload);
      const widthMax = Math.floor((40 / 25.4) * 600);
      expect(png.width).toBeLessThanOrEqual(widthMax);
      const phys = res.rawPayload.indexOf('pHYs');
      expect(phys).toBeGreaterThan(0);
      expect(res.rawPayload.readUInt32BE(phys + 4)).toBe(Math.round(600 / 0.0254));
      expect(res.rawPayload[phys + 12]).toBe(1);
      const moduleMm = Number(res.headers['qr-module-size']);
      // One more pixel per module would pass 40 mm.
      const across = Math.round(png.width / ((moduleMm / 25.4) * 600));
      expect(((Math.round((moduleMm / 25.4) * 600) + 1) * across * 25.4) / 600).toBeGreaterThan(40);
    });

    it('?size= on SVG sets width and height in mm; with JSON, qr.print reports it', async () => {
      const svg = await post('?size=3cm', 'image/svg+xml');
      expect(svg.statusCode).toBe(200);
      expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="30mm" height="30mm" viewBox/);
      const json = await post('?size=30mm');
      expect(json.statusCode).toBe(200);
      const print = json.json<{ qr: { print: Record<string, unknown> } }>().qr.print;
      expect(print).toEqual({ size: '30mm', moduleMm: Number(svg.headers['qr-module-size']), warnings: [] });
    });

    it('modules under 0.40 mm warn small_modules with the size that avoids it; under 0.25 mm it is 400 with minimumSize', async () => {
      const version = (await post('')).json<{ qr: { minVersion: { M: number } } }>().qr.minVersion.M;
      const modulesAcross = 17 + 4 * version + 8;
      // 0.30 mm modules: between the refusal and the warning.
      const at = `${Math.ceil(modulesAcross * 0.3)}mm`;
      const small = await post(`?size=${at}`, 'application/pdf');
      expect(small.statusCode).toBe(200);
      expect(small.headers['qr-check-warnings']).toBe('small_modules');
      const json = (await post(`?size=${at}`)).json<{ qr: { print: { warnings: string[]; hint: string } } }>();
      expect(json.qr.print.warnings).toEqual(['small_modules']);
      expect(json.qr.print.hint).toMatch(/\d+(\.\d+)?mm or more/);
      const recommended = /(\d+(?:\.\d+)?mm) or more/.exec(json.qr.print.hint)?.[1] as string;
      const fine = await post(`?size=${recommended}`);
      expect(fine.json<{ qr: { print: { warnings: string[] } } }>().qr.print.warnings).toEqual([]);

      const refused = await post(`?size=${Math.floor(modulesAcross * 0.2)}mm`, 'application/pdf');
      expect(refused.statusCode).toBe(400);
      const error = refused.json<{ error: { code: string; details: Record<string, string> } }>().error;
      expect(error.code).toBe('invalid_query');
      expect(error.details).toMatchObject({ parameter: 'size', issue: 'too_small' });
      expect(error.details.minimumSize).toMatch(/^\d+(\.\d{1,2})?mm$/);
      expect((await post(`?size=${error.details.minimumSize}`, 'application/pdf')).statusCode).toBe(200);
    });

    it.each([
      ['?size=30', 'size', 'invalid_value'],
      ['?size=9mm', 'size', 'range'],
      ['?size=30mm&scale=8', 'size', 'invalid_value'],
      ['?dpi=71', 'dpi', 'range'],
    ])('%s is 400 invalid_query naming %s', async (query, parameter, issue) => {
      const res = await post(query, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { details: unknown } }>().error.details).toEqual({ parameter, issue });
    });

    it('dpi with a PDF or EPS is 400 invalid_query naming dpi', async () => {
      for (const accept of ['application/pdf', 'application/postscript']) {
        const res = await post('?size=30mm&dpi=300', accept);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: { details: { parameter: string } } }>().error.details.parameter).toBe('dpi');
      }
    });

    it('?dpi= alone only adds pHYs: the image is the usual PNG otherwise', async () => {
      const plain = (await post('', 'image/png')).rawPayload;
      const res = await post('?dpi=150', 'image/png');
      expect(res.statusCode).toBe(200);
      const png = res.rawPayload;
      expect(png.length).toBe(plain.length + 21);
      expect(Buffer.concat([png.subarray(0, 33), png.subarray(54)]).equals(plain)).toBe(true);
      // The default scale 8 at 150 dpi: 8 / 150 in.
      expect(res.headers['qr-module-size']).toBe(((8 / 150) * 25.4).toFixed(2));
    });

    it('POST /v1/qrcodes: a styled code as a PDF and an EPS, checked (QR-Check: passed), drawn by poppler and Ghostscript, read by zbar', async () => {
      const style = { colors: { dark: '#1a3a6b' }, modules: 'rounded', finders: 'circle' };
      const code = (accept: string, query = '') =>
        app.inject({
          method: 'POST',
          url: `/v1/qrcodes${query}`,
          headers: { 'content-type': 'application/json', accept },
          payload: JSON.stringify({ contact: ADA, style }),
        });
      const pdf = await code('application/pdf', '?size=40mm');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['qr-check']).toBe('passed');
      expect(Number(pdf.headers['qr-module-size'])).toBeGreaterThan(0.4);
      const file = new PrintFile(pdf.rawPayload, 'pdf');
      try {
        expect(pdfPages(file)[0].width * MM_PER_PT).toBeCloseTo(40, 1);
        expect(zbarimg(renderPdfPage(file, 1, 300), file.folder).toString('utf8')).toBe(await payloadOf());
      } finally {
        file.done();
      }
      expect((await code('application/pdf', '?size=40mm')).rawPayload.equals(pdf.rawPayload)).toBe(true);
      const eps = await code('application/postscript');
      expect(eps.statusCode).toBe(200);
      const epsFile = new PrintFile(eps.rawPayload, 'eps');
      try {
        expect(zbarimg(renderEps(epsFile, 300)).toString('utf8')).toBe(await payloadOf());
      } finally {
        epsFile.done();
      }
    });

    it('a PDF code sits in its page with its quiet zone: the dark extent is the symbol, inset by 4 modules', async () => {
      const res = await post('?size=50mm', 'application/pdf');
      const file = new PrintFile(res.rawPayload, 'pdf');
      try {
        const raster = renderPdfPage(file, 1, 300);
        const extent = darkExtent(cropRaster(raster, { x: 0, y: 0, width: raster.width, height: raster.height }));
        const moduleMm = Number(res.headers['qr-module-size']);
        const modulePx = (moduleMm / 25.4) * 300;
        expect(extent?.left).toBeGreaterThanOrEqual(Math.floor(4 * modulePx) - 2);
        expect(extent?.left).toBeLessThanOrEqual(Math.ceil(4 * modulePx) + 2);
      } finally {
        file.done();
      }
    });
  },
);
