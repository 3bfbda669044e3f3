import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES } from '../../src/lib/qr/style/qr-style';
import { LONG_CONTACT, ringLogo, SHORT_CONTACT, TYPICAL_CONTACT } from '../fixtures/styled/styled-fixtures';
import { zbarimgReadAll, zxingAvailable, zxingRead } from '../utils/styled-code-readers';
import { describeWithProgram } from '../utils/system-program';
import { useTestApp } from '../utils/test-app';

// The readability promise through the route: of every modules × finders × level × logo size ×
// card, a sample (fixed seed) is asked for; each 200 must read back to exactly qrPayload with
// Debian's zbarimg and ZXing-C++, which share no code with the service's decoders; anything else
// must be a documented 400 or 422. The whole cross product (216 codes) takes over a minute here;
// CI asks for all of it once (QR_MATRIX=full, on its first run of the suite), and a plain run
// asks for 60 drawn from it with a fixed seed.

const LEVELS = ['L', 'M', 'Q', 'H'] as const;
const LOGO_SIZES = [0.1, 0.2, 0.3];
const CARDS = { short: SHORT_CONTACT, long: LONG_CONTACT };
const FULL = process.env.QR_MATRIX === 'full';
const SAMPLE = 60;
const SEED = 20_261_126;
const GOLDEN = join(__dirname, '..', 'fixtures', 'styled', 'golden-codes.json');

interface Case {
  modules: (typeof QR_MODULE_SHAPES)[number];
  finders: (typeof QR_FINDER_SHAPES)[number];
  level: (typeof LEVELS)[number];
  size: number;
  card: keyof typeof CARDS;
}

function allCases(): Case[] {
  const cases: Case[] = [];
  for (const modules of QR_MODULE_SHAPES)
    for (const finders of QR_FINDER_SHAPES)
      for (const level of LEVELS)
        for (const size of LOGO_SIZES)
          for (const card of Object.keys(CARDS) as Array<keyof typeof CARDS>)
            cases.push({ modules, finders, level, size, card });
  return cases;
}

function pixels(png: Buffer): { width: number; height: number; data: Uint8Array } {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, data: image.data };
}

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')(
  'POST /v1/qrcodes: readability and golden bytes',
  () => {
    const suite = useTestApp();
    const logo = ringLogo();
    const post = (contact: unknown, style: unknown, query: string, accept = 'image/png') =>
      suite.app.inject({
        method: 'POST',
        url: `/v1/qrcodes${query}`,
        headers: { 'content-type': 'application/json', accept },
        payload: JSON.stringify({ contact, style }),
      });
    const payloadOf = async (contact: unknown, level: string): Promise<string> =>
      (
        await suite.app.inject({
          method: 'POST',
          url: `/v1/vcard?qrLevel=${level}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(contact),
        })
      ).json<{ qrPayload: string }>().qrPayload;

    it(`${FULL ? 'the whole matrix' : 'a seeded sample of the matrix'}: every 200 reads back to exactly qrPayload, everything else is a documented 400/422`, async () => {
      const sample = FULL
        ? allCases()
        : fc.sample(fc.shuffledSubarray(allCases(), { minLength: SAMPLE, maxLength: SAMPLE }), {
            seed: SEED,
            numRuns: 1,
          })[0];
      const served: Array<{ name: string; png: Buffer; payload: string }> = [];
      const refused: string[] = [];
      for (const { modules, finders, level, size, card } of sample) {
        const name = `${modules}/${finders}/${level}/${size}/${card}`;
        const style = { colors: { dark: '#1a3a6b' }, modules, finders, logo: { image: logo, size } };
        const res = await post(CARDS[card], style, `?qrLevel=${level}`);
        if (res.statusCode === 200) {
          expect(res.headers['qr-check']).toBe('passed');
          served.push({ name, png: res.rawPayload, payload: await payloadOf(CARDS[card], level) });
          continue;
        }
        const { error } = res.json<{ error: { code: string; details: { fields?: Array<{ field: string }> } } }>();
        if (res.statusCode === 400) {
          expect(error.code).toBe('invalid_style');
          expect(error.details.fields).toEqual([
            expect.objectContaining({ field: 'style.logo.size', issue: 'too_large' }),
          ]);
        } else {
          expect([res.statusCode, error.code]).toEqual([422, 'qr_unreadable']);
        }
        refused.push(name);
      }
      const failures: string[] = [];
      (await zbarimgReadAll(served.map(({ png }) => png))).forEach((read, index) => {
        if (read?.toString('utf8') !== served[index].payload) failures.push(`${served[index].name}: zbarimg`);
      });
      if (zxingAvailable())
        zxingRead(served.map(({ png }) => pixels(png))).forEach((read, index) => {
          if (read?.toString('utf8') !== served[index].payload) failures.push(`${served[index].name}: zxing-cpp`);
        });
      expect(failures).toEqual([]);
      // The sample must exercise both outcomes, or it proves little.
      expect(served.length).toBeGreaterThan(sample.length / 3);
      expect(refused.length).toBeGreaterThan(0);
    }, 600_000);

    it('the default logo (0.2, level H) on a typical business card is always served, in every shape', async () => {
      const pngs: Buffer[] = [];
      for (const modules of QR_MODULE_SHAPES)
        for (const finders of QR_FINDER_SHAPES) {
          const res = await post(TYPICAL_CONTACT, { modules, finders, logo: { image: logo } }, '');
          expect([`${modules}/${finders}`, res.statusCode]).toEqual([`${modules}/${finders}`, 200]);
          pngs.push(res.rawPayload);
        }
      const payload = await payloadOf(TYPICAL_CONTACT, 'H');
      expect((await zbarimgReadAll(pngs)).map((read) => read?.toString('utf8'))).toEqual(pngs.map(() => payload));
    }, 120_000);

    describe('golden bytes', () => {
      const REQUESTS: Array<[string, unknown, string, string]> = [
        [
          'png, logo, caption',
          { modules: 'dots', finders: 'rounded', logo: { image: ringLogo() }, frame: { caption: 'Ζωή Ångström' } },
          '',
          'image/png',
        ],
        [
          'svg, colours, caption on top',
          {
            colors: { dark: '#222', finder: '#7a1f1f', light: '#fafaf0' },
            modules: 'rounded',
            frame: { caption: 'Скан', position: 'top' },
          },
          '?scale=4',
          'image/svg+xml',
        ],
        [
          'png, transparent, margin 2',
          { colors: { light: 'transparent' }, finders: 'circle' },
          '?margin=2&scale=6',
          'image/png',
        ],
      ];

      it('the same request gives the same bytes in this process and as recorded by an earlier one', async () => {
        const hashes: Record<string, string> = {};
        for (const [name, style, query, accept] of REQUESTS) {
          const first = await post(TYPICAL_CONTACT, style, query, accept);
          const second = await post(TYPICAL_CONTACT, style, query, accept);
          expect([name, first.statusCode]).toEqual([name, 200]);
          expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
          hashes[name] = createHash('sha256').update(first.rawPayload).digest('hex');
        }
        if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(hashes, null, 2)}\n`);
        expect(hashes).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
      });
    });
  },
);
