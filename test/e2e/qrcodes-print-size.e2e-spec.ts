import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPng } from '../utils/qr-image-reader';
import { zbarimg } from '../utils/print-readers';
import { describeWithProgram } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';

// POST /v1/qrcodes with ?size= and ?dpi= on PNG, SVG and JSON, plain and styled, as POST /v1/vcard
// answers them: the PNG at the largest whole scale within the size with pHYs (read back by zbarimg),
// the SVG in mm, JSON's qr.print, and the module-size warning and refusal.

const ADA = { fullName: 'Ada Lovelace', organization: 'Analytical Engines Ltd', email: 'ada@example.com' };
const STYLE = { colors: { dark: '#1a3a6b' }, modules: 'rounded', finders: 'circle' };

interface CodeJson {
  qrPayload: string;
  qr: { check: { status: string }; print?: Record<string, unknown>; minVersion: { M: number } };
  image: { mediaType: string; data: string };
}

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools', ['--version'])(
  'POST /v1/qrcodes with size and dpi',
  () => {
    let app: NestFastifyApplication;
    let folder: string;
    beforeAll(async () => {
      app = await buildTestApp();
      folder = mkdtempSync(join(tmpdir(), 'qrcodes-size-'));
    });
    afterAll(async () => {
      rmSync(folder, { recursive: true, force: true });
      await app.close();
    });

    const post = (query: string, accept: string, style?: object) =>
      app.inject({
        method: 'POST',
        url: `/v1/qrcodes${query}`,
        headers: { 'content-type': 'application/json', accept },
        payload: JSON.stringify({ contact: ADA, ...(style ? { style } : {}) }),
      });
    const json = async (query = '', style?: object) => (await post(query, 'application/json', style)).json<CodeJson>();
    const read = (png: Buffer, name: string): string => {
      const path = join(folder, `${name}.png`);
      writeFileSync(path, png);
      return zbarimg(path).toString('utf8');
    };
    const dpiOf = (png: Buffer): number => {
      const phys = png.indexOf('pHYs');
      expect(phys).toBeGreaterThan(0);
      expect(png[phys + 12]).toBe(1);
      return Math.round(png.readUInt32BE(phys + 4) * 0.0254);
    };

    it.each([
      ['plain', undefined],
      ['styled', STYLE],
    ])(
      '%s PNG ?size=40mm&dpi=600: the largest whole scale within 40 mm, pHYs 600 dpi, read by zbarimg',
      async (name, style) => {
        const res = await post('?size=40mm&dpi=600', 'image/png', style);
        expect(res.statusCode).toBe(200);
        expect(res.headers['qr-check']).toBe(style ? 'passed' : undefined);
        const png = readPng(res.rawPayload);
        expect(png.width).toBeLessThanOrEqual(Math.floor((40 / 25.4) * 600));
        expect(dpiOf(res.rawPayload)).toBe(600);
        const modulePx = (Number(res.headers['qr-module-size']) / 25.4) * 600;
        const across = Math.round(png.width / modulePx);
        // One more pixel a module would pass 40 mm.
        expect(((Math.round(modulePx) + 1) * across * 25.4) / 600).toBeGreaterThan(40);
        expect(read(res.rawPayload, name)).toBe((await json('', style)).qrPayload);
      },
    );

    it('?size= alone on a PNG is at 300 dpi; ?dpi= alone only adds pHYs to the usual PNG', async () => {
      const sized = await post('?size=30mm', 'image/png', STYLE);
      expect(dpiOf(sized.rawPayload)).toBe(300);
      expect(readPng(sized.rawPayload).width).toBeLessThanOrEqual(Math.floor((30 / 25.4) * 300));
      const usual = await post('', 'image/png');
      const dpi = await post('?dpi=150', 'image/png');
      expect(dpiOf(dpi.rawPayload)).toBe(150);
      expect(readPng(dpi.rawPayload).width).toBe(readPng(usual.rawPayload).width);
      expect(dpi.headers['qr-module-size']).toBe(((8 / 150) * 25.4).toFixed(2));
    });

    it('SVG ?size=3cm is 30 mm wide and high, its drawing unchanged; JSON reports qr.print and embeds the sized image', async () => {
      for (const style of [undefined, STYLE]) {
        const usual = await post('', 'image/svg+xml', style);
        const svg = await post('?size=3cm', 'image/svg+xml', style);
        expect(svg.statusCode).toBe(200);
        expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="30mm" height="30mm"/);
        const drawing = (body: string) => body.slice(body.indexOf('viewBox'));
        expect(drawing(svg.body)).toBe(drawing(usual.body));
        const answer = await json('?size=30mm', style);
        expect(answer.qr.print).toEqual({
          size: '30mm',
          moduleMm: Number(svg.headers['qr-module-size']),
          warnings: [],
        });
        const png = Buffer.from(answer.image.data, 'base64');
        expect(dpiOf(png)).toBe(300);
        expect(read(png, 'json')).toBe(answer.qrPayload);
      }
    });

    it('modules under 0.40 mm warn small_modules; under 0.25 mm a PNG is 400 invalid_query with minimumSize', async () => {
      const modulesAcross = 17 + 4 * (await json()).qr.minVersion.M + 8;
      const small = await post(`?size=${Math.ceil(modulesAcross * 0.3)}mm&dpi=1200`, 'image/png');
      expect(small.statusCode).toBe(200);
      expect(small.headers['qr-check-warnings']).toBe('small_modules');
      const refused = await post(`?size=${Math.floor(modulesAcross * 0.2)}mm`, 'image/png');
      expect(refused.statusCode).toBe(400);
      const error = refused.json<{ error: { code: string; details: Record<string, string> } }>().error;
      expect(error.code).toBe('invalid_query');
      expect(error.details).toMatchObject({ parameter: 'size', issue: 'too_small' });
      expect((await post(`?size=${error.details.minimumSize}`, 'image/png')).statusCode).toBe(200);
    });

    it('size with scale, and dpi with a PDF, are 400 invalid_query naming them', async () => {
      const both = await post('?size=30mm&scale=4', 'image/png');
      expect(both.json<{ error: { details: { parameter: string } } }>().error.details.parameter).toBe('size');
      const pdf = await post('?size=30mm&dpi=300', 'application/pdf');
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json<{ error: { details: { parameter: string } } }>().error.details.parameter).toBe('dpi');
    });
  },
);
