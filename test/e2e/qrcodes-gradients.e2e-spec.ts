import { expect, it } from '@jest/globals';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbaImage } from '../../src/lib/qr/style/scene-raster';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES } from '../../src/lib/qr/style/qr-style';
import { ringLogo, TYPICAL_CONTACT } from '../fixtures/styled/styled-fixtures';
import { type GreyRaster, PrintFile, renderPdfPage, zbarimg } from '../utils/print-readers';
import { readPngAsRgba as readPng } from '../utils/rgba-png-reader';
import { zbarimgRead, zxingAvailable, zxingRead } from '../utils/styled-code-readers';
import { describeWithPrograms, POPPLER, PROGRAMS } from '../utils/system-program';
import { useTestApp } from '../utils/test-app';

// Gradients and eye colours through the route. Of every gradient kind × what it paints (the dark
// modules, the background, the finders' frame and ball) × module shape × finder shape, each with
// 2, 3 or 4 stops and without or with a logo in turn, a sample (fixed seed) is asked for, or all 54
// under QR_MATRIX=full: every 200 must read back to exactly qrPayload in Debian's zbarimg and ZXing-C++
// from the PNG, from the SVG drawn by librsvg, and from the PDF drawn by poppler, all at 6 px a
// module; anything else must be a 422 with suggestions. Refused colours are 400 invalid_style at
// their paths, and one linear and one radial request keep their bytes in every format.

const FULL = process.env.QR_MATRIX === 'full';
const SAMPLE = 6;
const SEED = 20_261_202;
const PX_PER_MODULE = 6;
const PDF_MM = 40;
const GOLDEN = join(__dirname, '..', 'fixtures', 'styled', 'golden-gradients.json');
const DARKS = ['#1a3a6b', '#6b1a5e', '#0b5345', '#4a235a'];
const LIGHTS = ['#ffffff', '#eaf2ff', '#fff4e0', '#f0fff0'];
const TARGETS = ['dark', 'light', 'finders'] as const;

interface Case {
  kind: 'linear' | 'radial';
  target: (typeof TARGETS)[number];
  modules: (typeof QR_MODULE_SHAPES)[number];
  finders: (typeof QR_FINDER_SHAPES)[number];
  logo: boolean;
  stops: number;
}

function allCases(): Case[] {
  const cases: Case[] = [];
  for (const kind of ['linear', 'radial'] as const)
    for (const target of TARGETS)
      for (const modules of QR_MODULE_SHAPES)
        for (const finders of QR_FINDER_SHAPES)
          cases.push({ kind, target, modules, finders, logo: cases.length % 2 === 1, stops: 2 + (cases.length % 3) });
  return cases;
}

/** A gradient of `count` stops from `palette`, evenly spread; linear ones turned by `rotation`. */
function gradient(kind: Case['kind'], palette: string[], count: number, rotation: number) {
  const stops = palette.slice(0, count).map((color, index) => ({ offset: index / (count - 1), color }));
  return kind === 'linear' ? { type: kind, rotation, stops } : { type: kind, stops };
}

function styleOf(item: Case, index: number, logo: string) {
  const paint = (palette: string[]) => gradient(item.kind, palette, item.stops, (index * 37) % 360);
  const colors =
    item.target === 'dark'
      ? { dark: paint(DARKS) }
      : item.target === 'light'
        ? { dark: '#1a3a6b', light: paint(LIGHTS) }
        : { dark: '#222222', finderFrame: paint(DARKS), finderBall: paint([...DARKS].reverse()) };
  return { colors, modules: item.modules, finders: item.finders, ...(item.logo ? { logo: { image: logo } } : {}) };
}

const nameOf = (item: Case): string =>
  `${item.kind}×${item.stops} on ${item.target}, ${item.modules}/${item.finders}${item.logo ? ' with a logo' : ''}`;

function run(program: string, args: string[], input?: Buffer): Buffer {
  const result = spawnSync(program, args, { input, timeout: 120_000, maxBuffer: 1 << 28 });
  if (result.status !== 0)
    throw new Error(`${program} exited ${result.status}: ${String(result.stderr).slice(0, 300)}`);
  return result.stdout;
}

/** A PNG's pixels as the byte view the ZXing reader takes. */
function readPngAsRgba(png: Buffer): RgbaImage {
  const { width, height, data } = readPng(png);
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function greyRgba({ width, height, pixels }: GreyRaster): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < pixels.length; pixel++)
    data.set([pixels[pixel], pixels[pixel], pixels[pixel], 255], pixel * 4);
  return { width, height, data };
}

const RSVG_CONVERT = { program: 'rsvg-convert', install: 'apt-get install -y librsvg2-bin' };

describeWithPrograms([...POPPLER, PROGRAMS.zbarimg, RSVG_CONVERT])('POST /v1/qrcodes with gradients', () => {
  const suite = useTestApp();
  const logo = ringLogo();
  const post = (style: unknown, accept: string, query = '') =>
    suite.app.inject({
      method: 'POST',
      url: `/v1/qrcodes${query}`,
      headers: { 'content-type': 'application/json', accept },
      payload: JSON.stringify({ contact: TYPICAL_CONTACT, style }),
    });

  /** Each reader's verdict on the three drawings of one served style: the names of those that missed. */
  async function misses(item: Case, style: unknown): Promise<string[] | 'refused'> {
    const json = await post(style, 'application/json', `?scale=${PX_PER_MODULE}`);
    if (json.statusCode !== 200) {
      expect([nameOf(item), json.statusCode, json.json().error.code]).toEqual([nameOf(item), 422, 'qr_unreadable']);
      expect(json.json().error.details.suggestions).toBeDefined();
      return 'refused';
    }
    const answer = json.json<{ qrPayload: string; image: { data: string } }>();
    const { qrPayload } = answer;
    const png = Buffer.from(answer.image.data, 'base64');
    const image = readPngAsRgba(png);
    const svgAnswer = await post(style, 'application/json', `?scale=${PX_PER_MODULE}&type=svg`);
    const svg = Buffer.from(svgAnswer.json<{ image: { data: string } }>().image.data, 'base64');
    const svgPng = run('rsvg-convert', ['-w', String(image.width), '-b', 'white', '-f', 'png'], svg);
    const pdf = new PrintFile((await post(style, 'application/pdf', `?size=${PDF_MM}mm`)).rawPayload, 'pdf');
    const drawings: Array<[string, RgbaImage]> = [
      ['png', image],
      ['svg', readPngAsRgba(svgPng)],
    ];
    try {
      const dpi = Math.round((PX_PER_MODULE * (image.width / PX_PER_MODULE) * 25.4) / PDF_MM);
      const page = renderPdfPage(pdf, 1, dpi);
      drawings.push(['pdf', greyRgba(page)]);
      const missed: string[] = [];
      const zbarReads = [zbarimgRead(png), zbarimgRead(svgPng), zbarimg(page, pdf.folder)];
      zbarReads.forEach((read, index) => {
        if (read?.toString('utf8') !== qrPayload) missed.push(`${drawings[index][0]}: zbarimg`);
      });
      if (zxingAvailable())
        zxingRead(drawings.map(([, drawing]) => drawing)).forEach((read, index) => {
          if (read?.toString('utf8') !== qrPayload) missed.push(`${drawings[index][0]}: zxing-cpp`);
        });
      return missed;
    } finally {
      pdf.done();
    }
  }

  it(`${FULL ? 'every case' : 'a seeded sample'}: each 200 reads in zbarimg and ZXing from its PNG, SVG and PDF`, async () => {
    const all = allCases();
    const sample = FULL
      ? all
      : fc.sample(fc.shuffledSubarray(all, { minLength: SAMPLE, maxLength: SAMPLE }), { seed: SEED, numRuns: 1 })[0];
    const failures: string[] = [];
    let served = 0;
    for (const item of sample) {
      const outcome = await misses(item, styleOf(item, all.indexOf(item), logo));
      if (outcome === 'refused') continue;
      served++;
      failures.push(...outcome.map((miss) => `${nameOf(item)}: ${miss}`));
    }
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(sample.length / 2);
  }, 900_000);

  it('refuses by the worst pair of stops: low_contrast and inverted at the colour, malformed parts at their paths', async () => {
    const fields = async (colors: unknown) => {
      const res = await post({ colors }, 'image/png');
      expect(res.statusCode).toBe(400);
      const { error } = res.json<{
        error: { code: string; details: { fields: Array<{ field: string; issue: string }> } };
      }>();
      expect(error.code).toBe('invalid_style');
      return error.details.fields.map(({ field, issue }) => `${field}:${issue}`);
    };
    const stops = (...colors: string[]) =>
      colors.map((color, index) => ({ offset: index / (colors.length - 1), color }));
    expect(await fields({ dark: { type: 'linear', stops: stops('#000000', '#aaaaaa') } })).toEqual([
      'style.colors.dark:low_contrast',
    ]);
    expect(await fields({ dark: '#333333', light: { type: 'radial', stops: stops('#ffffff', '#000000') } })).toEqual([
      'style.colors.dark:inverted',
    ]);
    expect(await fields({ finderBall: { type: 'radial', stops: stops('#000000', '#cccccc') } })).toEqual([
      'style.colors.finderBall:low_contrast',
    ]);
    expect(
      await fields({
        dark: {
          type: 'conic',
          stops: [
            { offset: 0.5, color: '#000' },
            { offset: 0.2, color: 'black' },
          ],
        },
        finderFrame: { type: 'radial', rotation: 10, stops: [{ offset: 0, color: '#000000' }] },
      }),
    ).toEqual([
      'style.colors.dark.type:invalid_value',
      'style.colors.dark.stops[1].offset:invalid_value',
      'style.colors.dark.stops[1].color:format',
      'style.colors.finderFrame.rotation:invalid_value',
      'style.colors.finderFrame.stops:invalid_value',
    ]);
    const shape = await post({ colors: { dark: { type: 'linear', stops: 3 } } }, 'image/png');
    expect([shape.statusCode, shape.json().error.code]).toEqual([400, 'invalid_request']);
  });

  it('one linear and one radial request give the same bytes in every format, as recorded', async () => {
    const requests: Record<string, unknown> = {
      linear: {
        colors: {
          dark: {
            type: 'linear',
            rotation: 45,
            stops: [
              { offset: 0, color: '#1a3a6b' },
              { offset: 1, color: '#6b1a5e' },
            ],
          },
          finderBall: '#b03020',
        },
        modules: 'rounded',
        frame: { caption: 'Scan me' },
      },
      radial: {
        colors: {
          dark: {
            type: 'radial',
            stops: [
              { offset: 0, color: '#000000' },
              { offset: 0.6, color: '#1a3a6b' },
              { offset: 1, color: '#0b5345' },
            ],
          },
          light: {
            type: 'linear',
            rotation: 90,
            stops: [
              { offset: 0, color: '#ffffff' },
              { offset: 1, color: '#eaf2ff' },
            ],
          },
          finderFrame: {
            type: 'radial',
            stops: [
              { offset: 0, color: '#4a235a' },
              { offset: 1, color: '#1a3a6b' },
            ],
          },
        },
        modules: 'dots',
        finders: 'circle',
        logo: { image: logo },
      },
    };
    const accepts = { png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf', eps: 'application/postscript' };
    const hashes: Record<string, string> = {};
    for (const [name, style] of Object.entries(requests))
      for (const [format, accept] of Object.entries(accepts)) {
        const [first, second] = [await post(style, accept), await post(style, accept)];
        expect([name, format, first.statusCode]).toEqual([name, format, 200]);
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
        hashes[`${name} ${format}`] = createHash('sha256').update(first.rawPayload).digest('hex');
      }
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(hashes, null, 2)}\n`);
    expect(hashes).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  }, 120_000);
});
