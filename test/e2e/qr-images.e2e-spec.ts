import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { validatedContact } from '../fixtures/vcard/contact.arbitrary';
import { OpenApiContract } from '../utils/openapi-contract';
import { readPng, rasteriseSvg, zbarRead } from '../utils/qr-image-reader';
import { buildTestApp } from '../utils/test-app';

// POST /v1/vcard with Accept: image/png or image/svg+xml, through createApp() as in production.
// Every image is read back by independent decoders (pngjs or resvg, then zbar) and compared with
// the exact bytes of the qrPayload the JSON answer gives for the same body.

const JSON_HEADERS = { 'content-type': 'application/json' };
const ZOE = {
  fullName: 'Zoë Ångström-李小龍',
  phone: '+46 8 123 456',
  email: 'zoe@example.com',
  note: 'Fika 😀 \\ ; , :',
};

describe('QR code images from POST /v1/vcard', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const post = (payload: unknown, accept?: string, query = '', prefix = '') =>
    app.inject({
      method: 'POST',
      url: `${prefix}/v1/vcard${query}`,
      headers: { ...JSON_HEADERS, ...(accept ? { accept } : {}) },
      payload: JSON.stringify(payload),
    });
  const payloadOf = async (body: unknown): Promise<string> =>
    (await post(body)).json<{ qrPayload: string }>().qrPayload;

  describe.each(['', '/api'])('prefix "%s"', (prefix) => {
    it('Accept: image/png answers the code of qrPayload: PNG, inline file name, CORS and RateLimit headers', async () => {
      const res = await post(ZOE, 'image/png', '', prefix);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline; filename="Zoe-Angstrom.png"');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['ratelimit-limit']).toBeDefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const image = readPng(res.rawPayload);
      // Default scale 8, margin 4: (17 + 4v + 8) · 8 pixels.
      expect((image.width / 8 - 25) % 4).toBe(0);
      expect((await zbarRead(image)).toString('utf8')).toBe(await payloadOf(ZOE));
    });

    it('Accept: image/svg+xml answers the code as SVG, which resvg draws and zbar reads', async () => {
      const res = await post(ZOE, 'image/svg+xml', '?scale=4&margin=4', prefix);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-disposition']).toBe('inline; filename="Zoe-Angstrom.svg"');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d+)" height="\1"/);
      expect((await zbarRead(readPng(rasteriseSvg(res.rawPayload)))).toString('utf8')).toBe(await payloadOf(ZOE));
    });
  });

  it('for generated contacts, every level, scale and margin: the image decodes to exactly qrPayload', async () => {
    await fc.assert(
      fc.asyncProperty(
        validatedContact,
        fc.constantFrom('L', 'M', 'Q', 'H'),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 0, max: 16 }),
        fc.constantFrom('image/png', 'image/svg+xml'),
        async (contact, level, scale, margin, accept) => {
          const json = await post(contact);
          fc.pre(json.statusCode === 200);
          const { qrPayload, qr } = json.json<{
            qrPayload: string;
            qr: { minVersion: Record<string, number | null> };
          }>();
          const res = await post(contact, accept, `?qrLevel=${level}&scale=${scale}&margin=${margin}`);
          if (qr.minVersion[level] === null) {
            expect(res.statusCode).toBe(400);
            expect(res.json().error.code).toBe('qr_capacity_exceeded');
            return;
          }
          expect(res.statusCode).toBe(200);
          const image = readPng(accept === 'image/png' ? res.rawPayload : rasteriseSvg(res.rawPayload));
          // The smallest version at that level, in pixels.
          expect(image.width).toBe((17 + 4 * qr.minVersion[level]! + 2 * margin) * scale);
          const decoded = await zbarRead(image, { zoom: scale < 3 ? 2 : 1, border: margin < 4 ? 4 * scale * 2 : 0 });
          expect(Buffer.compare(decoded, Buffer.from(qrPayload, 'utf8'))).toBe(0);
        },
      ),
      // Reported as found, not shrunk: each shrink step is two requests and a decoded image.
      { numRuns: 30, endOnFailure: true },
    );
  });

  it('format and qrVersion shape the image too: a MECARD and a budgeted vCard 4.0 decode to their qrPayload, within the version', async () => {
    const rich = {
      ...ZOE,
      phones: [{ number: '+44 7700 900123', type: 'cell' }],
      note: 'A long note that a small code leaves out. '.repeat(4),
    };
    for (const query of ['?format=mecard', '?format=vcard4&qrVersion=12&qrLevel=Q']) {
      const json = (await post(rich, undefined, query)).json<{
        qrPayload: string;
        qr: { minVersion: Record<string, number> };
      }>();
      const res = await post(rich, 'image/png', query);
      expect(res.statusCode).toBe(200);
      const image = readPng(res.rawPayload);
      expect((await zbarRead(image)).toString('utf8')).toBe(json.qrPayload);
      const level = query.includes('qrLevel=Q') ? 'Q' : 'M';
      expect(image.width).toBe((17 + 4 * json.qr.minVersion[level] + 8) * 8);
      if (query.includes('qrVersion=12')) expect(json.qr.minVersion.Q).toBeLessThanOrEqual(12);
    }
  });

  it('Accept is negotiated with q-values; image/* is PNG; an Accept without images keeps its JSON or .vcf answer', async () => {
    const type = async (accept: string) => (await post(ZOE, accept)).headers['content-type'];
    expect(await type('image/*')).toBe('image/png');
    expect(await type('image/png;q=0.5, image/svg+xml')).toBe('image/svg+xml');
    expect(await type('application/json, image/png')).toMatch(/^application\/json/);
    expect(await type('application/json;q=0.5, image/png')).toBe('image/png');
    expect(await type('text/vcard, image/png;q=0.9')).toBe('text/vcard; charset=utf-8');
    expect(await type('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBe('image/png');
    expect(await type('text/html')).toMatch(/^application\/json/);
    expect(await type('*/*')).toMatch(/^application\/json/);
  });

  it('an Accept that asks only for images the route cannot draw is 406 in the Error shape', async () => {
    for (const accept of ['image/jpeg', 'image/webp, image/gif', 'image/png;q=0', 'text/html, image/jpeg']) {
      const res = await post(ZOE, accept);
      expect(res.statusCode).toBe(406);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      contract.expectResponse('POST', '/v1/vcard', 406, body);
      // What details.available lists is held in media-type-lists.e2e-spec.ts, for every route.
      expect(body.error).toMatchObject({ code: 'not_acceptable', status: 406 });
    }
  });

  it.each([
    ['qrLevel=X', 'qrLevel', 'invalid_value'],
    ['qrLevel=m', 'qrLevel', 'invalid_value'],
    ['qrLevel=', 'qrLevel', 'invalid_value'],
    ['qrLevel=L&qrLevel=H', 'qrLevel', 'invalid_value'],
    ['scale=0', 'scale', 'range'],
    ['scale=41', 'scale', 'range'],
    ['scale=2.5', 'scale', 'range'],
    ['scale=abc', 'scale', 'range'],
    ['scale=', 'scale', 'range'],
    ['scale=2&scale=3', 'scale', 'range'],
    ['margin=17', 'margin', 'range'],
    ['margin=-1', 'margin', 'range'],
  ])('?%s is 400 invalid_query naming %s', async (query, parameter, issue) => {
    for (const accept of ['image/png', 'image/svg+xml', undefined]) {
      const res = await post(ZOE, accept, `?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      contract.expectResponse('POST', '/v1/vcard', 400, body);
      expect(body.error).toMatchObject({ code: 'invalid_query', details: { parameter, issue } });
    }
  });

  it.each([
    ['M', 1, 0],
    ['M', 40, 16],
    ['H', 1, 16],
    ['L', 40, 0],
  ])(
    'qrLevel %s, scale %i, margin %i (the bounds): a PNG of (17 + 4v + 2·margin)·scale pixels that decodes',
    async (level, scale, margin) => {
      const body = { fullName: 'Zoë Ångström-李小龍' };
      const { qrPayload, qr } = (await post(body)).json<{
        qrPayload: string;
        qr: { minVersion: Record<string, number> };
      }>();
      const res = await post(body, 'image/png', `?qrLevel=${level}&scale=${scale}&margin=${margin}`);
      expect(res.statusCode).toBe(200);
      const image = readPng(res.rawPayload);
      expect(image.width).toBe((17 + 4 * qr.minVersion[level] + 2 * margin) * scale);
      const decoded = await zbarRead(image, { zoom: scale === 1 ? 3 : 4 / scale, border: margin === 0 ? 16 : 0 });
      expect(decoded.toString('utf8')).toBe(qrPayload);
    },
  );

  it('a payload no version holds at the level is 400 qr_capacity_exceeded with the figures; a lower level draws it', async () => {
    const big = { fullName: 'Big Card', note: 'x'.repeat(1400) };
    const res = await post(big, 'image/png', '?qrLevel=H');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    contract.expectResponse('POST', '/v1/vcard', 400, body);
    const bytes = Buffer.byteLength(await payloadOf(big));
    expect(body.error).toMatchObject({
      code: 'qr_capacity_exceeded',
      details: { bytes, maxBytes: 1273, qrLevel: 'H' },
    });
    expect(JSON.stringify(body)).not.toContain('xxxxxxxx');
    const low = await post(big, 'image/png', '?qrLevel=L&scale=2');
    expect(low.statusCode).toBe(200);
    expect((await zbarRead(readPng(low.rawPayload), { zoom: 2 })).toString('utf8')).toBe(await payloadOf(big));
  });

  it('an invalid body or an unknown template is the usual JSON error, whatever the Accept', async () => {
    const invalid = await post({ email: 'zoe@example.com' }, 'image/png');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('invalid_request');
    const template = await post(ZOE, 'image/png', '?template=no-such-template');
    expect(template.statusCode).toBe(400);
    expect(template.json().error).toMatchObject({ code: 'invalid_query', details: { parameter: 'template' } });
    const lacking = await post({ fullName: 'Zoë' }, 'image/png', '?template=business-card');
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().error.code).toBe('template_requirements_not_met');
  });

  it('an image costs one request of the rate budget, like the JSON answer', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const send = (accept?: string) =>
        limited.inject({
          method: 'POST',
          url: '/v1/vcard',
          headers: { ...JSON_HEADERS, ...(accept ? { accept } : {}) },
          payload: JSON.stringify(ZOE),
        });
      expect((await send('image/png')).headers['ratelimit-remaining']).toBe('2');
      expect((await send()).headers['ratelimit-remaining']).toBe('1');
      expect((await send('image/svg+xml')).headers['ratelimit-remaining']).toBe('0');
      const refused = await send('image/png');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
