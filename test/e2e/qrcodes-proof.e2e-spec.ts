import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PNG } from 'pngjs';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES } from '../../src/lib/qr/style/qr-style';
import { LONG_CONTACT, ringLogo, SHORT_CONTACT, TYPICAL_CONTACT } from '../fixtures/styled/styled-fixtures';
import { rasteriseSvg } from '../utils/qr-image-reader';
import { zbarimgRead } from '../utils/styled-code-readers';
import { describeWithProgram } from '../utils/system-program';
import { useTestApp } from '../utils/test-app';

// A refused code is tried again with up to three changes, each a proof of its own.
jest.setTimeout(180_000);

// The scan proof through the route: a styled code is judged on its scene, so one body gets one
// verdict whatever the representation; a code with the default logo grows until it is served;
// a refused code suggests only changes the service tried. Served PNGs and SVGs are read back by
// Debian's zbarimg, which shares no code with the service's decoders. The default-logo matrix
// (4 cards × 9 shape pairs × 2 logos) is asked for whole under CI (QR_MATRIX=full); a plain run
// asks for a fixed sample of it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

const FULL = process.env.QR_MATRIX === 'full';
const CARDS = {
  'bare name': { fullName: 'Ada' },
  'name and phone': SHORT_CONTACT,
  typical: TYPICAL_CONTACT,
  'long rich': LONG_CONTACT,
};

/** A logo as a PNG data URL: `paint(x, y)` gives each pixel's RGBA, on a `side`-pixel square. */
function logo(side: number, paint: (x: number, y: number) => [number, number, number, number]): string {
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) png.data.set(paint(x, y), (y * side + x) * 4);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** An initials disc: a dark blue disc with a light bar (a letter, roughly), transparent around it. */
const ROUND_LOGO = logo(96, (x, y) => {
  const distance = Math.hypot(x + 0.5 - 48, y + 0.5 - 48);
  if (distance > 46) return [0, 0, 0, 0];
  return Math.abs(x + 0.5 - 48) < 8 && Math.abs(y + 0.5 - 48) < 28 ? [255, 255, 255, 255] : [26, 58, 107, 255];
});
/** A square brand mark: an orange square with a dark frame. */
const SQUARE_LOGO = logo(96, (x, y) =>
  x < 10 || y < 10 || x > 85 || y > 85 ? [30, 30, 30, 255] : [240, 140, 20, 255],
);

/** A style that many readers struggle with: dots and circles in a colour of about 3:1 on white. */
const LOW_CONTRAST_DOTS = { colors: { dark: '#8f8f8f' }, modules: 'dots', finders: 'circle' };
/**
 * A code the proof refuses: dots, circle finders and a ring logo (dark pixels where modules were) at
 * level H on the name-and-phone card, held at its smallest version (10) so that it cannot grow.
 */
const REFUSED = {
  contact: SHORT_CONTACT,
  style: { modules: 'dots', finders: 'circle', logo: { image: ringLogo() } },
  query: '?qrVersion=10',
};

const ACCEPTS = {
  png: 'image/png',
  svg: 'image/svg+xml',
  json: 'application/json',
  pdf: 'application/pdf',
  eps: 'application/postscript',
} as const;

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')('POST /v1/qrcodes: the scan proof', () => {
  const suite = useTestApp();
  const post = (contact: unknown, style: unknown, accept: string, query = '') =>
    suite.app.inject({
      method: 'POST',
      url: `/v1/qrcodes${query}`,
      headers: { 'content-type': 'application/json', accept },
      payload: JSON.stringify({ contact, style }),
    });

  // The first styled code starts the render pool's worker and compiles its decoders: on a busy
  // machine that can outlast a task's timeout, so it is asked for before the tests, once.
  beforeAll(async () => {
    await post(SHORT_CONTACT, { modules: 'rounded' }, 'application/json');
  });

  it('reports the proof in qr.check: the set, how many renderings each decoder read, the version', async () => {
    const res = await post(TYPICAL_CONTACT, { modules: 'rounded', logo: { image: ROUND_LOGO } }, 'application/json');
    expect(res.statusCode).toBe(200);
    const check = res.json<Answer>().qr.check;
    expect(check.proof).toEqual({ version: 1, renderings: 7, zbar: expect.any(Number), zxing: expect.any(Number) });
    expect(check.proof.zbar).toBeGreaterThanOrEqual(6);
    expect(check.proof.zxing).toBeGreaterThanOrEqual(6);
    expect(check.version).toBeGreaterThanOrEqual(res.json<Answer>().qr.minVersion.H);
    expect(typeof check.versionRaised).toBe('boolean');
    // Deterministic: the same body, the same answer.
    const again = await post(TYPICAL_CONTACT, { modules: 'rounded', logo: { image: ROUND_LOGO } }, 'application/json');
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  describe('one verdict per body, in PNG, SVG, JSON, PDF and EPS', () => {
    const bodies: Array<[string, unknown, unknown, string]> = [
      ['default logo, name and phone', SHORT_CONTACT, { logo: { image: ROUND_LOGO } }, ''],
      ['dots and circles, long card', LONG_CONTACT, { modules: 'dots', finders: 'circle' }, ''],
      ['large logo at level L', TYPICAL_CONTACT, { logo: { image: SQUARE_LOGO, size: 0.3 } }, '?qrLevel=L'],
      ['low contrast dots, a logo, version fixed', LONG_CONTACT, LOW_CONTRAST_DOTS, '?qrVersion=20'],
      ['brand colour', TYPICAL_CONTACT, { colors: { dark: '#1a3a6b' } }, '?scale=3'],
      ['refused: dots, circles and a ring logo held at version 10', REFUSED.contact, REFUSED.style, REFUSED.query],
    ];
    it.each(bodies)('%s: the same status in every representation', async (_name, contact, style, query) => {
      // One after another: the render pool's queue is small, and a full one answers 503 at once.
      const answers = [];
      for (const accept of Object.values(ACCEPTS)) answers.push(await post(contact, style, accept, query));
      const statuses = answers.map((res) => res.statusCode);
      expect(new Set(statuses).size).toBe(1);
      expect([200, 400, 422]).toContain(statuses[0]);
      if (statuses[0] !== 200) {
        const codes = answers.map((res) => res.json<Answer>().error.code);
        expect(new Set(codes).size).toBe(1);
        return;
      }
      const json = answers[2].json<Answer>();
      // The PNG and the SVG drawn by an independent rasteriser read back to exactly qrPayload.
      expect(zbarimgRead(answers[0].rawPayload)?.toString('utf8')).toBe(json.qrPayload);
      expect(zbarimgRead(rasteriseSvg(answers[1].rawPayload))?.toString('utf8')).toBe(json.qrPayload);
      // Every file answer says it passed (JSON says it in qr.check).
      for (const res of [answers[0], answers[1], answers[3], answers[4]])
        expect(res.headers['qr-check']).toBe('passed');
    });
  });

  describe('defaults that serve: the default logo on every card, with every module and finder shape', () => {
    const cases: Array<[string, string, string, string]> = [];
    for (const card of Object.keys(CARDS))
      for (const modules of QR_MODULE_SHAPES)
        for (const finders of QR_FINDER_SHAPES)
          for (const mark of ['round', 'square']) cases.push([card, modules, finders, mark]);
    // A fixed sample: every card and every shape appear in it.
    const sample = FULL ? cases : cases.filter((_, i) => i % 7 === 0);
    it.each(sample)('%s card, %s modules, %s finders, %s logo: 200', async (card, modules, finders, mark) => {
      const style = { modules, finders, logo: { image: mark === 'round' ? ROUND_LOGO : SQUARE_LOGO } };
      const res = await post(CARDS[card as keyof typeof CARDS], style, 'application/json');
      expect([res.statusCode, res.json<Answer>().error?.code]).toEqual([200, undefined]);
      const body = res.json<Answer>();
      expect(body.qr.check.level).toBe('H');
      const smallest = body.qr.minVersion.H;
      expect(body.qr.check.version).toBeLessThanOrEqual(Math.min(40, smallest + 8));
      expect(body.qr.check.versionRaised).toBe(body.qr.check.version > smallest);
      const png = Buffer.from(body.image.data, 'base64');
      expect(zbarimgRead(png)?.toString('utf8')).toBe(body.qrPayload);
    });
  });

  describe('hints that were tried', () => {
    it('a refused code suggests only changes that passed, never what the request has, never its own level', async () => {
      const { contact, style, query: asked } = REFUSED;
      const res = await post(contact, style, 'application/json', asked);
      expect([res.statusCode, res.json<Answer>().error.code]).toEqual([422, 'qr_unreadable']);
      const { hint, details } = res.json<Answer>().error;
      // The logo made the level H: no hint asks for it.
      expect(hint).not.toMatch(/qrLevel/);
      expect(details.tried.map((change: Answer) => change.parameter)).not.toContain('qrLevel');
      expect(details.tried.length).toBeLessThanOrEqual(3);
      for (const suggestion of details.suggestions) {
        expect(details.tried).toContainEqual(suggestion);
        const [path, key] = suggestion.parameter.split('.');
        const changed =
          path === 'style'
            ? {
                ...style,
                ...(key === 'logo' ? { logo: { ...style.logo, size: suggestion.value } } : { [key]: suggestion.value }),
              }
            : style;
        const query =
          suggestion.parameter === 'qrVersion'
            ? `?qrVersion=${suggestion.value}`
            : path === 'style'
              ? asked
              : `${asked}&${suggestion.parameter}=${suggestion.value}`;
        expect((await post(contact, changed, 'image/png', query)).statusCode).toBe(200);
      }
      if (details.suggestions.length === 0) expect(hint).toMatch(/None of the changes/);
      else expect(hint).toContain(details.suggestions[0].parameter);
    });

    it('a code at a level below H may be told to use H, once tried', async () => {
      const res = await post(LONG_CONTACT, LOW_CONTRAST_DOTS, 'application/json', '?qrVersion=20&qrLevel=L');
      if (res.statusCode === 200) return;
      const { details } = res.json<Answer>().error;
      expect(details.tried.map((change: Answer) => change.parameter)).not.toContain('style.logo.size');
      expect(details.tried.length).toBeLessThanOrEqual(3);
    });
  });
});
