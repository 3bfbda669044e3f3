import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import iconv from 'iconv-lite';
import QRCode from 'qrcode';
import type { GreyImage } from '../../src/lib/qr/decode/decodable-image';
import { blur, compress, keystone, light, noise } from '../../src/lib/qr/proof/grey-effects';
import { PROGRAMS, describeWithPrograms } from '../utils/system-program';
import { useTestApp } from '../utils/test-app';
import {
  filled,
  inverted,
  jpegFile,
  pasted,
  pngFile,
  pngRaster,
  qrcodeRaster,
  turned,
  type Raster,
} from '../utils/scan-images';

// POST /v1/scans over the real app, on a corpus of readable codes: the service's own (plain, styled,
// printed and photographed in simulation), and other generators' (the npm qrcode package, Debian's
// qrencode). Every code is read exactly; version, level and mask are the writer's own.

interface Code {
  text: string;
  charset: string | null;
  content: string;
  position: Array<{ x: number; y: number }>;
  version: number | null;
  level: string | null;
  mask: number | null;
  readBy: string[];
  import?: { version: string; contact: Record<string, unknown>; leftOut: unknown[] };
  report: Record<string, unknown> & { modulePixels: number | null; quietZone: number | null; causes: string[] };
}
interface Answer {
  image: { width: number; height: number; mediaType: string };
  codes: Code[];
}

const CARD =
  'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nTEL:+44 20 7946 0958\r\nEND:VCARD\r\n';
const ADA = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  organization: 'Analytical Engines',
};

/** A grey plane of a raster (luma), the proof's effects applied, as an opaque RGBA raster again. */
function photographed(raster: Raster, effects: Array<ReturnType<typeof blur>>): Raster {
  let plane: GreyImage = {
    width: raster.width,
    height: raster.height,
    data: new Uint8Array(raster.width * raster.height),
  };
  for (let i = 0; i < plane.data.length; i++)
    plane.data[i] = Math.round(
      0.299 * raster.data[i * 4] + 0.587 * raster.data[i * 4 + 1] + 0.114 * raster.data[i * 4 + 2],
    );
  for (const effect of effects) plane = effect(plane, { seed: 7 });
  const data = new Uint8Array(plane.data.length * 4);
  for (let i = 0; i < plane.data.length; i++) data.set([plane.data[i], plane.data[i], plane.data[i], 255], i * 4);
  return { width: plane.width, height: plane.height, data };
}

describe('POST /v1/scans', () => {
  const suite = useTestApp();
  const scan = async (payload: Buffer, type = 'image/png', url = '/v1/scans') => {
    const res = await suite.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type, origin: 'https://app.example' },
      payload,
    });
    expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.body }).toEqual({
      status: 200,
      body: 'ok',
    });
    return { answer: res.json<Answer>(), headers: res.headers };
  };
  const imported = async (text: string) => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: { 'content-type': 'text/vcard' },
      payload: text,
    });
    return res.json<{ import: Code['import'] }>().import;
  };

  describe('the route', () => {
    let png: Buffer;
    beforeAll(async () => {
      png = await QRCode.toBuffer(CARD, { scale: 5, margin: 4, errorCorrectionLevel: 'Q' });
    });

    it('answers on both mounts, rate-limited and open to CORS like every route, with the import of the card', async () => {
      for (const url of ['/v1/scans', '/api/v1/scans']) {
        const { answer, headers } = await scan(png, 'image/png', url);
        expect(headers['access-control-allow-origin']).toBe('*');
        expect(headers['ratelimit-limit']).toBeDefined();
        const [code] = answer.codes;
        expect(answer.image).toEqual({
          width: png.readUInt32BE(16),
          height: png.readUInt32BE(20),
          mediaType: 'image/png',
        });
        expect(code).toMatchObject({
          text: CARD,
          charset: 'UTF-8',
          eci: null,
          content: 'vcard',
          level: 'Q',
          readBy: ['zbar', 'zxing'],
        });
        expect(code.import).toEqual(await imported(CARD));
        expect(code.report).toMatchObject({
          modulePixels: 5,
          quietZone: 4,
          contrast: 21,
          inverted: false,
          decodersAgree: true,
          causes: [],
        });
      }
    });

    it('takes the image as a browser form sends it, as one file of a multipart body, and a JPEG', async () => {
      const form = Buffer.concat([
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nbadge\r\n--XyZ\r\n', 'latin1'),
        Buffer.from(
          'Content-Disposition: form-data; name="photo"; filename="badge.png"\r\nContent-Type: image/png\r\n\r\n',
          'latin1',
        ),
        png,
        Buffer.from('\r\n--XyZ--\r\n', 'latin1'),
      ]);
      const fromForm = await scan(form, 'multipart/form-data; boundary=XyZ');
      expect(fromForm.answer.codes.map((code) => code.text)).toEqual([CARD]);
      const fromJpeg = await scan(jpegFile(pngRaster(png), 90), 'image/jpeg');
      expect(fromJpeg.answer.image.mediaType).toBe('image/jpeg');
      expect(fromJpeg.answer.codes.map((code) => code.text)).toEqual([CARD]);
    });
  });

  describe("the service's own codes", () => {
    it.each([
      ['vCard 3.0, 2 px a module, margin 1', '?scale=2&margin=1'],
      ['vCard 4.0, level H', '?format=vcard4&qrLevel=H'],
      ['MECARD', '?format=mecard'],
    ])('a plain code: %s, read to its qrPayload and imported', async (_name, query) => {
      const json = await suite.app.inject({ method: 'POST', url: `/v1/vcard${query}`, payload: ADA });
      const image = await suite.app.inject({
        method: 'POST',
        url: `/v1/vcard${query}`,
        headers: { accept: 'image/png' },
        payload: ADA,
      });
      const { qrPayload } = json.json<{ qrPayload: string }>();
      const [code] = (await scan(image.rawPayload)).answer.codes;
      expect(code.text).toBe(qrPayload);
      expect(code.import?.contact).toMatchObject({
        fullName: 'Ada Lovelace',
        phones: [{ number: '+44 20 7946 0958' }],
      });
      if (!query.includes('mecard')) expect(code.import).toEqual(await imported(qrPayload));
    });

    it.each([
      ['dots and rounded finders in navy', { colors: { dark: '#1a3a6b' }, modules: 'dots', finders: 'rounded' }],
      [
        'a red disc logo',
        {
          logo: {
            image:
              'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0IDQiPjxjaXJjbGUgY3g9IjIiIGN5PSIyIiByPSIyIiBmaWxsPSIjYzAzOTJiIi8+PC9zdmc+',
          },
        },
      ],
      ['a caption frame', { frame: { caption: 'Scan to save my contact' } }],
    ])('a styled code (%s), read by both decoders', async (_name, style) => {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/v1/qrcodes',
        headers: { accept: 'application/json' },
        payload: { contact: ADA, style },
      });
      expect(res.statusCode).toBe(200);
      const { qrPayload, image } = res.json<{ qrPayload: string; image: { data: string } }>();
      const [code] = (await scan(Buffer.from(image.data, 'base64'))).answer.codes;
      expect({ text: code.text, readBy: code.readBy }).toEqual({ text: qrPayload, readBy: ['zbar', 'zxing'] });
    });

    it('a code printed and photographed: keystone, blur, uneven light, noise, on a desk, as a JPEG', async () => {
      const image = await suite.app.inject({
        method: 'POST',
        url: '/v1/vcard?scale=4',
        headers: { accept: 'image/png' },
        payload: ADA,
      });
      const json = await suite.app.inject({ method: 'POST', url: '/v1/vcard', payload: ADA });
      const code = photographed(pngRaster(image.rawPayload), [keystone(0.08), blur(0.8)]);
      const desk = photographed(pasted(filled(1000, 1000, [200, 190, 170]), code, 310, 260), [
        light(0.3),
        noise(4),
        compress(80),
      ]);
      const [read] = (await scan(jpegFile(desk, 80), 'image/jpeg')).answer.codes;
      expect(read.text).toBe(json.json<{ qrPayload: string }>().qrPayload);
      const centre = read.position.reduce((sum, p) => ({ x: sum.x + p.x / 4, y: sum.y + p.y / 4 }), { x: 0, y: 0 });
      expect(Math.abs(centre.x - (310 + code.width / 2))).toBeLessThan(8);
      expect(Math.abs(centre.y - (260 + code.height / 2))).toBeLessThan(8);
    });
  });

  describe("the npm qrcode package's codes", () => {
    it.each(['L', 'M', 'Q', 'H'] as const)(
      'level %s: text, version, level and mask as written, corners where drawn',
      async (level) => {
        const text = `Zoë Ørsted 中文 ${level}: https://example.com/a?b=c`;
        const symbol = QRCode.create(text, { errorCorrectionLevel: level });
        const raster = qrcodeRaster(text, { level });
        const [code] = (await scan(pngFile(pasted(filled(600, 500), raster, 100, 50)))).answer.codes;
        expect(code).toMatchObject({
          text,
          charset: 'UTF-8',
          content: 'text',
          version: symbol.version,
          level,
          mask: symbol.maskPattern,
        });
        const side = symbol.modules.size * 4;
        const [tl, , br] = code.position;
        expect([tl.x, tl.y, br.x, br.y].map(Math.round)).toEqual([116, 66, 116 + side, 66 + side]);
      },
    );

    it('a code turned a quarter, one light on dark, and two codes in one picture, each read', async () => {
      const one = qrcodeRaster('first code');
      const two = qrcodeRaster('second code');
      const [turnedCode] = (await scan(pngFile(turned(one)))).answer.codes;
      expect(turnedCode.text).toBe('first code');
      const [dark] = (await scan(pngFile(inverted(one)))).answer.codes;
      expect(dark).toMatchObject({ text: 'first code', report: { inverted: true } });
      expect(dark.report.advice).toContain(
        'The code is light on dark; many phone readers look only for dark codes on a light background.',
      );
      const both = pasted(pasted(filled(500, 300), one, 20, 40), two, 260, 40);
      expect((await scan(pngFile(both))).answer.codes.map((code) => code.text)).toEqual(['first code', 'second code']);
    });
  });

  describeWithPrograms([PROGRAMS.qrencode])("Debian's qrencode codes", () => {
    it.each([
      ['8-bit, level H', ['-8', '-l', 'H']],
      ['kanji mode, level M', ['-k', '-l', 'M']],
      ['micro margin 1, level L', ['-m', '1', '-l', 'L']],
    ])('%s', async (_name, args) => {
      // Kanji mode takes Shift_JIS input (from standard input); the text comes back as ZXing reads the kanji segments.
      const kanji = args.includes('-k');
      const text = kanji ? '山田太郎 090-1234-5678' : CARD;
      const input = kanji ? iconv.encode(text, 'Shift_JIS') : undefined;
      const png = execFileSync('qrencode', ['-o', '-', '-t', 'PNG', '-s', '4', ...args, ...(kanji ? [] : [text])], {
        input,
        timeout: 10_000,
      });
      const [code] = (await scan(png)).answer.codes;
      expect({ text: code.text, charset: code.charset }).toEqual({ text, charset: kanji ? null : 'UTF-8' });
      expect(code.level).toBe(args[args.indexOf('-l') + 1]);
    });
  });
});
