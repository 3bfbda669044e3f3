import { expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawnSync } from 'node:child_process';
import type { RgbaImage } from '../../src/lib/qr/style/scene-raster';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES } from '../../src/lib/qr/style/qr-style';
import { ringLogo, SHORT_CONTACT, TYPICAL_CONTACT } from '../fixtures/styled/styled-fixtures';
import { type GreyRaster, PrintFile, renderPdfPage, zbarimg } from '../utils/print-readers';
import { readPngsAsRgba } from '../utils/rgba-png-reader';
import { zbarimgReadAll, zxingAvailable, zxingRead } from '../utils/styled-code-readers';
import { describeWithPrograms, POPPLER, PROGRAMS } from '../utils/system-program';
import { useTestApp } from '../utils/test-app';

// A served styled code read where it lands: every PDF POST /v1/qrcodes serves, drawn by poppler at
// 300, 600 and 1200 dpi, and every SVG, drawn by librsvg (rsvg-convert) at 3 to 13 px a module, is
// decoded by Debian's zbarimg and by ZXing-C++ back to exactly qrPayload; neither renderer nor
// decoder shares code with the service. The PDF and EPS are also checked for seams: a pixel deep
// inside the ink (dark with all its neighbours when drawn without anti-aliasing) must be as dark
// anti-aliased, which fails when neighbouring modules are separate fills a viewer blends.
// QR_MATRIX=full asks for every module × finder shape, with and without a logo, on the typical
// card; a plain run asks for five representative styles.

const FULL = process.env.QR_MATRIX === 'full';
const PDF_DPI = [300, 600, 1200];
const SVG_PX_PER_MODULE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const CARDS = { short: SHORT_CONTACT, typical: TYPICAL_CONTACT };

interface Case {
  card: keyof typeof CARDS;
  modules: (typeof QR_MODULE_SHAPES)[number];
  finders: (typeof QR_FINDER_SHAPES)[number];
  logo: boolean;
}

const REPRESENTATIVE: Case[] = [
  { card: 'typical', modules: 'square', finders: 'square', logo: false },
  { card: 'typical', modules: 'rounded', finders: 'rounded', logo: true },
  { card: 'typical', modules: 'dots', finders: 'rounded', logo: true },
  { card: 'typical', modules: 'dots', finders: 'circle', logo: false },
  { card: 'typical', modules: 'square', finders: 'circle', logo: true },
];

function cases(): Case[] {
  if (!FULL) return REPRESENTATIVE;
  const all: Case[] = [];
  for (const modules of QR_MODULE_SHAPES)
    for (const finders of QR_FINDER_SHAPES)
      for (const logo of [false, true]) all.push({ card: 'typical', modules, finders, logo });
  return all;
}

// A known gap, kept in sight: zbarimg misses circle finders drawn large (about 10 px a module and
// up: an SVG at 10-13 px, a 30 mm PDF at 1200 dpi), which the proof's renderings (3 to 6 px a
// module, one miss allowed) let through. Circle finders are an expected failure until the drawing
// or the proof changes; when they all read, the it.failing tests below fail, to be made plain tests.
// (Dotted modules left this gap when their alignment patterns were drawn square.)
const inGap = ({ finders }: Case): boolean => finders === 'circle';
const readable = (): Case[] => cases().filter((item) => !inGap(item));
const gapped = (): Case[] => cases().filter(inGap);

/** POST /v1/qrcodes for one case of the matrix, in the case's shapes and the brand colour. */
function postStyled(app: NestFastifyApplication, logo: string, item: Case, accept: string, query: string) {
  return app.inject({
    method: 'POST',
    url: `/v1/qrcodes${query}`,
    headers: { 'content-type': 'application/json', accept },
    payload: JSON.stringify({
      contact: CARDS[item.card],
      style: {
        colors: { dark: '#1a3a6b' },
        modules: item.modules,
        finders: item.finders,
        ...(item.logo ? { logo: { image: logo } } : {}),
      },
    }),
  });
}

const nameOf = ({ card, modules, finders, logo }: Case): string =>
  `${card} ${modules}/${finders}${logo ? ' with a logo' : ''}`;

/** A grey raster as opaque RGBA, for the ZXing reader. */
function rgbaOf({ width, height, pixels }: GreyRaster): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < pixels.length; pixel++)
    data.set([pixels[pixel], pixels[pixel], pixels[pixel], 255], pixel * 4);
  return { width, height, data };
}

/** A decoded PNG's pixels as the byte view the ZXing reader takes. */
const asBytes = ({ width, height, data }: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }) => ({
  width,
  height,
  data: new Uint8Array(data.buffer, data.byteOffset, data.length),
});

/** An 8-bit PGM (Ghostscript's pgmraw, a comment line allowed) as a grey raster. */
function readPgm(bytes: Buffer): GreyRaster {
  const header = /^P5\s+(?:#[^\n]*\n)?(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 160).toString('latin1'));
  if (header === null) throw new Error('not an 8-bit PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) };
}

function run(program: string, args: string[], input?: Buffer): Buffer {
  const result = spawnSync(program, args, { input, timeout: 120_000, maxBuffer: 1 << 28 });
  if (result.status !== 0)
    throw new Error(`${program} exited ${result.status}: ${String(result.stderr).slice(0, 300)}`);
  return result.stdout;
}

/** The SVG drawn by librsvg `width` pixels wide over white, as a PNG. */
function rsvgPng(svg: Buffer, width: number): Buffer {
  return run('rsvg-convert', ['-w', String(width), '-b', 'white', '-f', 'png'], svg);
}

/** The file drawn with and without anti-aliasing at `dpi`: poppler for a PDF, Ghostscript for an EPS. */
function drawnBothWays(file: PrintFile, kind: 'pdf' | 'eps', dpi: number): { smooth: GreyRaster; hard: GreyRaster } {
  if (kind === 'pdf') {
    const draw = (aa: 'yes' | 'no') =>
      readPgm(run('pdftoppm', ['-r', String(dpi), '-gray', '-aa', aa, '-aaVector', aa, '-singlefile', file.path]));
    return { smooth: draw('yes'), hard: draw('no') };
  }
  const draw = (bits: number) =>
    readPgm(
      run('gs', [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pgmraw',
        `-r${dpi}`,
        '-dEPSCrop',
        `-dGraphicsAlphaBits=${bits}`,
        '-sOutputFile=-',
        file.path,
      ]),
    );
  return { smooth: draw(4), hard: draw(1) };
}

/**
 * How many pixels deep inside the ink (dark, with all eight neighbours dark, when drawn without
 * anti-aliasing) are lighter than the ink by more than 20 grey levels when anti-aliased: a seam.
 */
function seamPixels({ smooth, hard }: { smooth: GreyRaster; hard: GreyRaster }): { seams: number; inside: number } {
  const { width, height } = hard;
  const dark = (x: number, y: number) => hard.pixels[y * width + x] < 128;
  const inside: number[] = [];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1 && all; dx++) all = dark(x + dx, y + dy);
      if (all) inside.push(y * width + x);
    }
  const values = inside.map((pixel) => smooth.pixels[pixel]).sort((a, b) => a - b);
  const ink = values[Math.floor(values.length / 2)] ?? 0;
  return { seams: values.filter((value) => value > ink + 20).length, inside: inside.length };
}

const RSVG_CONVERT = { program: 'rsvg-convert', install: 'apt-get install -y librsvg2-bin' };

describeWithPrograms([...POPPLER, PROGRAMS.gs, PROGRAMS.zbarimg])(
  'Styled PDFs and EPS where they land: poppler and Ghostscript',
  () => {
    const suite = useTestApp();
    const logo = ringLogo();
    const post = (item: Case, accept: string, query = '') => postStyled(suite.app, logo, item, accept, query);
    const payloadOf = async (item: Case) =>
      (await post(item, 'application/json')).json<{ qrPayload: string }>().qrPayload;

    const pdfsRead = async (items: Case[]) => {
      const failures: string[] = [];
      let read = 0;
      for (const item of items) {
        const res = await post(item, 'application/pdf');
        if (res.statusCode !== 200) continue;
        const payload = await payloadOf(item);
        const file = new PrintFile(res.rawPayload, 'pdf');
        try {
          const rasters = PDF_DPI.map((dpi) => renderPdfPage(file, 1, dpi));
          rasters.forEach((raster, index) => {
            if (zbarimg(raster, file.folder).toString('utf8') !== payload)
              failures.push(`${nameOf(item)} at ${PDF_DPI[index]} dpi: zbarimg`);
          });
          if (zxingAvailable())
            zxingRead(rasters.map(rgbaOf)).forEach((bytes, index) => {
              if (bytes?.toString('utf8') !== payload)
                failures.push(`${nameOf(item)} at ${PDF_DPI[index]} dpi: zxing-cpp`);
            });
          read += rasters.length;
        } finally {
          file.done();
        }
      }
      expect(failures).toEqual([]);
      expect(read).toBeGreaterThan(0);
    };

    it(
      `${FULL ? 'every' : 'a representative'} served styled PDF reads in zbarimg and ZXing at 300, 600 and 1200 dpi`,
      () => pdfsRead(readable()),
      900_000,
    );
    it.failing(
      'a served PDF with circle finders reads at 300, 600 and 1200 dpi too (the known gap above)',
      () => pdfsRead(gapped()),
      900_000,
    );

    it.each(['pdf', 'eps'] as const)(
      'the styled %s has no seams between neighbouring modules when anti-aliased',
      async (kind) => {
        const accept = kind === 'pdf' ? 'application/pdf' : 'application/postscript';
        const seams: string[] = [];
        // Dots are separate by design: only the shapes whose neighbours touch are checked.
        for (const item of cases().filter(({ modules }) => modules !== 'dots')) {
          const res = await post(item, accept, '?size=40mm');
          expect(res.statusCode).toBe(200);
          const file = new PrintFile(res.rawPayload, kind);
          try {
            for (const dpi of [300, 600]) {
              const { seams: count, inside } = seamPixels(drawnBothWays(file, kind, dpi));
              expect(inside).toBeGreaterThan(1000);
              if (count > 0) seams.push(`${nameOf(item)} at ${dpi} dpi: ${count} of ${inside} pixels`);
            }
          } finally {
            file.done();
          }
        }
        expect(seams).toEqual([]);
      },
      600_000,
    );
  },
);

describeWithPrograms([RSVG_CONVERT, PROGRAMS.zbarimg])(
  'Styled SVGs where they land: librsvg at 3 to 13 px a module',
  () => {
    const suite = useTestApp();
    const logo = ringLogo();

    const svgsRead = async (items: Case[]) => {
      const failures: string[] = [];
      for (const item of items) {
        const res = await postStyled(suite.app, logo, item, 'application/json', '?type=svg');
        if (res.statusCode !== 200) continue;
        const { qrPayload, image } = res.json<{ qrPayload: string; image: { data: string } }>();
        const svg = Buffer.from(image.data, 'base64');
        const units = Number(/viewBox="0 0 ([\d.]+) /.exec(svg.toString('utf8'))?.[1]);
        expect(units).toBeGreaterThan(20);
        const pngs = SVG_PX_PER_MODULE.map((px) => rsvgPng(svg, Math.round(units * px)));
        (await zbarimgReadAll(pngs)).forEach((bytes, index) => {
          if (bytes?.toString('utf8') !== qrPayload)
            failures.push(`${nameOf(item)} at ${SVG_PX_PER_MODULE[index]} px a module: zbarimg`);
        });
        if (zxingAvailable())
          zxingRead(readPngsAsRgba(pngs).map(asBytes)).forEach((bytes, index) => {
            if (bytes?.toString('utf8') !== qrPayload)
              failures.push(`${nameOf(item)} at ${SVG_PX_PER_MODULE[index]} px a module: zxing-cpp`);
          });
      }
      expect(failures).toEqual([]);
    };

    it(
      `${FULL ? 'every' : 'a representative'} served styled SVG reads in zbarimg and ZXing at every scale`,
      () => svgsRead(readable()),
      900_000,
    );
    it.failing(
      'a served SVG with circle finders reads at 3-13 px a module too (the known gap above)',
      () => svgsRead(gapped()),
      900_000,
    );
  },
);
