import { afterEach, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { jpegLogo, pngLogo, styledScene, SVG_LOGO } from '../../../test/fixtures/print/styled-scenes';
import { pdfPages, PrintFile, renderPdfPage, zbarimg } from '../../../test/utils/print-readers';
import { describeWithPrograms, PROGRAMS } from '../../../test/utils/system-program';
import { plainQrScene, qrMatrix } from '../qr';
import { QR_MODULE_SHAPES, type ResolvedQrStyle } from '../qr/style/qr-style';
import { styledQrScene } from '../qr/style/styled-qr-scene';
import { scenePdf } from './scene-pdf';

const PAYLOAD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ångström\r\nN:Ångström;Zoë;;;\r\nORG:Ёлка & Co\r\nEND:VCARD\r\n';
const MM30 = (30 / 25.4) * 72;

/** The page content streams, inflated (PDFKit deflates them): what the drawing operators are. */
function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/<<([^>]*?\/Filter \/FlateDecode[^>]*?)>>\s*stream\r?\n/g)) {
    if (/\/(Subtype|Type)\s*\/(Image|XObject|FontFile|Metadata)/.test(match[1]) || /\/Length1/.test(match[1])) continue;
    const length = Number(/\/Length (\d+)/.exec(match[1])?.[1]);
    const start = (match.index ?? 0) + match[0].length;
    streams.push(inflateSync(pdf.subarray(start, start + length)).toString('latin1'));
  }
  return streams;
}

/** pdfimages -list: one row per image XObject (a soft mask is a row of its own, type smask). */
function pdfImages(file: PrintFile): string[] {
  const run = spawnSync('pdfimages', ['-list', file.path], { timeout: 30_000 });
  return run.stdout.toString().trim().split('\n').slice(2);
}

const files: PrintFile[] = [];
function open(pdf: Buffer): PrintFile {
  const file = new PrintFile(pdf, 'pdf');
  files.push(file);
  return file;
}
afterEach(() => files.splice(0).forEach((file) => file.done()));

it.each(QR_MODULE_SHAPES)(
  'fills each path of a styled scene once (%s modules): no seam between neighbours',
  async (modules) => {
    const style: ResolvedQrStyle = {
      colors: { dark: '#1a3a6b', light: '#ffffff', finderFrame: '#1a3a6b', finderBall: '#1a3a6b' },
      modules,
      finders: 'rounded',
      logo: null,
      frame: null,
    };
    const scene = styledQrScene(qrMatrix(PAYLOAD, 'Q'), style, { margin: 4 });
    expect(scene.shapes.map(({ kind }) => kind)).toEqual(['path', 'path']);
    const [content] = contentStreams(await scenePdf(scene, { widthPt: MM30 }));
    // A fill of its own per module would blend its edges with its neighbour's when anti-aliased.
    expect(content.match(/ f\*? /g)).toHaveLength(1 + scene.shapes.length);
  },
);

describeWithPrograms([PROGRAMS.pdftoppm, PROGRAMS.pdfinfo, PROGRAMS.pdfimages])('scenePdf', () => {
  const zbar = describeWithPrograms([PROGRAMS.zbarimg]);

  zbar('a plain code', () => {
    it('is one page the code wide, drawn as vector paths in pure K, and decodes to its payload at 300 dpi', async () => {
      const pdf = await scenePdf(plainQrScene(qrMatrix(PAYLOAD, 'M'), 4), { widthPt: MM30 });
      const file = open(pdf);
      const [page, ...rest] = pdfPages(file);
      expect(rest).toEqual([]);
      expect(page.width).toBeCloseTo(MM30, 1);
      expect(page.height).toBeCloseTo(MM30, 1);
      expect(pdfImages(file)).toEqual([]);
      const [content] = contentStreams(pdf);
      expect(content).toMatch(/ 0 g /);
      expect(content).not.toMatch(/\b0 0 0 (rg|k)\b/);
      expect(zbarimg(renderPdfPage(file, 1, 300), file.folder).toString('utf8')).toBe(PAYLOAD);
    });

    it('writes no date and the same bytes each time', async () => {
      const scene = plainQrScene(qrMatrix(PAYLOAD, 'M'), 4);
      const [first, second] = [await scenePdf(scene, { widthPt: MM30 }), await scenePdf(scene, { widthPt: MM30 })];
      expect(first.equals(second)).toBe(true);
      expect(first.toString('latin1')).not.toMatch(/CreationDate|ModDate|CreateDate|ModifyDate/);
      expect(first.toString('latin1')).toMatch(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
    });
  });

  zbar('a styled code', () => {
    it('draws curves, an even-odd finder and colours in RGB, paints nothing behind a transparent code, and decodes', async () => {
      const scene = styledScene(qrMatrix(PAYLOAD, 'H'), 4, { dark: '#1a237e', finder: '#000000', light: null });
      const pdf = await scenePdf(scene, { widthPt: MM30 });
      const [content] = contentStreams(pdf);
      expect(content).toMatch(/ c /);
      expect(content).toMatch(/ f\* /);
      expect(content).toMatch(/0\.102 0\.1373 0\.4941 rg/);
      expect(content).toMatch(/ 0 g /);
      // No background: no rectangle the size of the scene.
      expect(content).not.toContain(`0 0 ${scene.width} ${scene.height} re`);
      expect(
        await scenePdf({ ...scene, background: '#ffffff' }, { widthPt: MM30 }).then((pdf) => contentStreams(pdf)[0]),
      ).toContain(`1 1 1 rg 0 0 ${scene.width} ${scene.height} re f`);
      const file = open(pdf);
      expect(zbarimg(renderPdfPage(file, 1, 300), file.folder).toString('utf8')).toBe(PAYLOAD);
    });

    it.each([
      ['PNG', 'image/png' as const, pngLogo, /smask/],
      ['JPEG', 'image/jpeg' as const, jpegLogo, /jpeg/],
      ['SVG', 'image/svg+xml' as const, () => SVG_LOGO, /smask/],
    ])('embeds a %s logo once and still decodes', async (_name, mediaType, logo, kind) => {
      const scene = styledScene(qrMatrix(PAYLOAD, 'H'), 4, { logo: { mediaType, data: logo() } });
      const pdf = await scenePdf(scene, { widthPt: MM30 });
      const file = open(pdf);
      const images = pdfImages(file);
      expect(images.filter((row) => row.trim().split(/\s+/)[2] === 'image')).toHaveLength(1);
      expect(images.join('\n')).toMatch(kind);
      expect(zbarimg(renderPdfPage(file, 1, 300), file.folder).toString('utf8')).toBe(PAYLOAD);
      expect((await scenePdf(scene, { widthPt: MM30 })).equals(pdf)).toBe(true);
    });

    it('gives a frame band height, never width', async () => {
      const scene = styledScene(qrMatrix(PAYLOAD, 'M'), 4, { frame: 8 });
      const file = open(await scenePdf(scene, { widthPt: MM30 }));
      const [page] = pdfPages(file);
      expect(page.width).toBeCloseTo(MM30, 1);
      expect(page.height).toBeCloseTo((MM30 * scene.height) / scene.width, 1);
    });
  });
});
