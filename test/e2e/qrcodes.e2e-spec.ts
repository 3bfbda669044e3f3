import { describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import { ringLogo, svgDataUrl } from '../fixtures/styled/styled-fixtures';
import { rasteriseSvg } from '../utils/qr-image-reader';
import { zbarimgRead, zxingAvailable, zxingRead } from '../utils/styled-code-readers';
import { describeWithProgram } from '../utils/system-program';
import { buildTestApp, useTestApp } from '../utils/test-app';

// POST /v1/qrcodes through createApp(), as in production. Every styled code answered is read back
// by Debian's zbarimg and ZXing-C++, which share no code with the service's two decoders.

/** A JSON answer, read loosely: each test names the fields it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const ADA = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0958', email: 'ada@example.com' };
const STYLE = { colors: { dark: '#1a3a6b' }, modules: 'rounded', finders: 'circle' };
const LOGO_STYLE = { ...STYLE, logo: { image: ringLogo() } };

function pixels(png: Buffer): { width: number; height: number; data: Uint8Array } {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, data: image.data };
}

/** What the independent readers read from a PNG: zbarimg's bytes and ZXing-C++'s (null when not installed). */
function independentReads(png: Buffer): { zbarimg: string | null; zxing: string | null | undefined } {
  const zbarimg = zbarimgRead(png)?.toString('utf8') ?? null;
  const zxing = zxingAvailable() ? (zxingRead([pixels(png)])[0]?.toString('utf8') ?? null) : undefined;
  return { zbarimg, zxing };
}

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')('POST /v1/qrcodes', () => {
  const suite = useTestApp();
  const post = (body: unknown, accept?: string, query = '', path = '/v1/qrcodes') =>
    suite.app.inject({
      method: 'POST',
      url: `${path}${query}`,
      headers: { ...JSON_HEADERS, ...(accept ? { accept } : {}) },
      payload: JSON.stringify(body),
    });
  const payloadOf = async (contact: unknown, query = ''): Promise<string> =>
    (await post(contact, 'application/json', query, '/v1/vcard')).json<{ qrPayload: string }>().qrPayload;

  describe('plain codes are the images of POST /v1/vcard, byte for byte', () => {
    it.each([
      ['image/png', ''],
      ['image/svg+xml', '?scale=3&margin=2'],
      [undefined, '?qrLevel=H&scale=5'],
      ['image/png', '?format=vcard4&qrVersion=10&qrLevel=Q'],
    ])('Accept %s, query %s: same status, bytes and headers, no QR-Check', async (accept, query) => {
      for (const style of [undefined, {}]) {
        const code = await post({ contact: ADA, ...(style ? { style } : {}) }, accept, query);
        const vcard = await post(ADA, accept ?? 'image/png', query, '/v1/vcard');
        expect(code.statusCode).toBe(200);
        expect(code.rawPayload.equals(vcard.rawPayload)).toBe(true);
        for (const header of ['content-type', 'content-disposition', 'content-length'])
          expect(code.headers[header]).toBe(vcard.headers[header]);
        expect(code.headers['qr-check']).toBeUndefined();
      }
    });

    it('JSON: the VCardResponse with the plain check and the image inside', async () => {
      const res = await post({ contact: ADA }, 'application/json');
      expect(res.statusCode).toBe(200);
      const body = res.json<Answer>();
      const vcard = (await post(ADA, 'application/json', '', '/v1/vcard')).json<Answer>();
      expect(body.qrPayload).toBe(vcard.qrPayload);
      expect(body.qr.check).toEqual({
        decoders: [],
        level: 'M',
        levelRaised: false,
        contrast: 21,
        logoShare: 0,
        quietZone: 4,
        warnings: [],
      });
      const png = (await post(ADA, 'image/png', '', '/v1/vcard')).rawPayload;
      const { width, height } = pixels(png);
      expect(body.image).toEqual({ mediaType: 'image/png', width, height, data: png.toString('base64') });
    });
  });

  describe('styled codes', () => {
    it('a styled PNG with a logo: level H, QR-Check: passed, read back to exactly qrPayload by zbarimg and ZXing-C++', async () => {
      const res = await post({ contact: ADA, style: LOGO_STYLE }, 'image/png');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline; filename="Ada-Lovelace.png"');
      expect(res.headers['qr-check']).toBe('passed');
      // A card of ~150 bytes at level H is too dense to print small (qr.warnings' rule).
      expect(res.headers['qr-check-warnings']).toBe('dense');
      expect(res.headers['access-control-expose-headers']).toContain('QR-Check-Warnings');
      const payload = await payloadOf(ADA, '?qrLevel=H');
      const reads = independentReads(res.rawPayload);
      expect(reads.zbarimg).toBe(payload);
      if (reads.zxing !== undefined) expect(reads.zxing).toBe(payload);
    });

    it('JSON with ?type=svg: qr.check says what was checked; the SVG, drawn by resvg, reads back', async () => {
      const res = await post({ contact: ADA, style: LOGO_STYLE }, 'application/json', '?type=svg&margin=2');
      expect(res.statusCode).toBe(200);
      const body = res.json<Answer>();
      expect(body.qr.check).toMatchObject({
        decoders: ['zbar', 'zxing'],
        level: 'H',
        levelRaised: true,
        quietZone: 2,
      });
      expect(body.qr.check.warnings).toContain('quiet_zone');
      expect(body.qr.check.contrast).toBeCloseTo(11.7, 0);
      expect(body.qr.check.logoShare).toBeGreaterThan(0);
      expect(body.image.mediaType).toBe('image/svg+xml');
      const svg = Buffer.from(body.image.data, 'base64');
      expect(svg.toString('utf8')).not.toContain('<text');
      expect(zbarimgRead(rasteriseSvg(svg))?.toString('utf8')).toBe(body.qrPayload);
    });

    it('a caption frame makes the PNG taller, not wider; warnings reach the header', async () => {
      const style = { colors: { dark: '#777777' }, frame: { caption: 'Scan to save Ada' } };
      const res = await post({ contact: ADA, style }, 'image/png', '?margin=3');
      expect(res.statusCode).toBe(200);
      const { width, height } = pixels(res.rawPayload);
      expect(height).toBeGreaterThan(width);
      expect(res.headers['qr-check-warnings']).toBe('quiet_zone,contrast');
      expect(zbarimgRead(res.rawPayload)?.toString('utf8')).toBe(await payloadOf(ADA));
    });

    it('the same request gives the same bytes', async () => {
      const first = await post({ contact: ADA, style: { ...LOGO_STYLE, frame: { caption: 'Ada' } } }, 'image/png');
      const second = await post({ contact: ADA, style: { ...LOGO_STYLE, frame: { caption: 'Ada' } } }, 'image/png');
      expect(first.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    });
  });

  describe('refusals', () => {
    it('an unknown style key or a wrong JSON type is 400 invalid_request at style.<path>', async () => {
      const res = await post({ contact: ADA, style: { colour: '#000', modules: 3 } });
      expect(res.statusCode).toBe(400);
      const { error } = res.json<{ error: { code: string; details: { fields: Array<{ field: string }> } } }>();
      expect(error.code).toBe('invalid_request');
      expect(error.details.fields.map(({ field }) => field).sort()).toEqual(['style.colour', 'style.modules']);
    });

    it('an invalid contact is reported at contact.<path>; a missing one is required', async () => {
      const res = await post({ contact: { fullName: 'A', phones: [{ number: '1' }, { number: 'x'.repeat(500) }] } });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('contact.phones[1].number');
      const missing = await post({ style: STYLE });
      expect(
        missing.json<{ error: { details: { fields: Array<{ field: string }> } } }>().error.details.fields[0].field,
      ).toBe('contact');
    });

    it.each([
      [{ colors: { dark: '#ddd' } }, 'style.colors.dark', 'low_contrast'],
      [{ colors: { dark: '#fff', light: '#000' } }, 'style.colors.dark', 'inverted'],
      [{ colors: { dark: 'navy' } }, 'style.colors.dark', 'format'],
      [{ modules: 'hexagons' }, 'style.modules', 'invalid_value'],
      [{ logo: { image: ringLogo(), size: 0.5 } }, 'style.logo.size', 'invalid_value'],
      [{ frame: { caption: 'x'.repeat(25) } }, 'style.frame.caption', 'too_long'],
      [
        { logo: { image: svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>') } },
        'style.logo.image',
        'unsafe',
      ],
      [{ logo: { image: 'data:image/png;base64,AAAA' } }, 'style.logo.image', 'invalid_value'],
    ])('%j is 400 invalid_style at its path, without its value', async (style, field, issue) => {
      const res = await post({ contact: ADA, style });
      expect(res.statusCode).toBe(400);
      const { error } = res.json<{
        error: { code: string; details: { fields: Array<{ field: string; issue: string }> } };
      }>();
      expect(error.code).toBe('invalid_style');
      expect(error.details.fields).toContainEqual(expect.objectContaining({ field, issue }));
      expect(res.body).not.toContain('#ddd');
    });

    it('a logo its level cannot recover is too_large at style.logo.size, before drawing', async () => {
      const res = await post(
        { contact: ADA, style: { logo: { image: ringLogo(), size: 0.3 } } },
        'image/png',
        '?qrLevel=L',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { details: { fields: unknown[] } } }>().error.details.fields).toContainEqual(
        expect.objectContaining({ field: 'style.logo.size', issue: 'too_large' }),
      );
    });

    it('q-values are honoured: the highest wins, a tie goes to the PNG', async () => {
      const svg = await post({ contact: ADA }, 'image/png;q=0.5, image/svg+xml');
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      const json = await post({ contact: ADA }, 'image/*;q=0.2, application/json;q=0.9');
      expect(json.headers['content-type']).toContain('application/json');
      expect((await post({ contact: ADA }, '*/*')).headers['content-type']).toBe('image/png');
    });

    it('nfc is not a parameter of a code (400 invalid_query naming it)', async () => {
      const res = await post({ contact: ADA }, 'image/png', '?nfc=ntag213');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid_query');
    });
  });
});

describe('POST /v1/qrcodes when the render pool is full', () => {
  it('refuses styled codes at once with 503 renderer_busy and Retry-After, while plain codes answer', async () => {
    const app = await buildTestApp({ RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '0' });
    try {
      const request = (style?: unknown) =>
        app.inject({
          method: 'POST',
          url: '/v1/qrcodes?scale=20',
          headers: JSON_HEADERS,
          payload: JSON.stringify({ contact: ADA, ...(style ? { style } : {}) }),
        });
      const answers = await Promise.all([1, 2, 3, 4].map(() => request({ logo: { image: ringLogo() } })));
      const busy = answers.filter((res) => res.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(0);
      expect(busy[0].json<{ error: { code: string } }>().error.code).toBe('renderer_busy');
      expect(busy[0].headers['retry-after']).toBe('1');
      expect((await request()).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
