import { afterEach, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { jpegLogo, pngLogo, styledScene, SVG_LOGO } from '../../../test/fixtures/print/styled-scenes';
import { PrintFile, renderEps, zbarimg } from '../../../test/utils/print-readers';
import { describeWithProgram } from '../../../test/utils/system-program';
import { plainQrScene, qrMatrix } from '../qr';
import { QR_MODULE_SHAPES, type ResolvedQrStyle } from '../qr/style/qr-style';
import { styledQrScene } from '../qr/style/styled-qr-scene';
import { sceneEps } from './scene-eps';

const PAYLOAD = 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ελένη Παπαδοπούλου\r\nTEL:+30 21 0000 0000\r\nEND:VCARD\r\n';
const MM30 = (30 / 25.4) * 72;

const files: PrintFile[] = [];
function open(eps: Buffer): PrintFile {
  const file = new PrintFile(eps, 'eps');
  files.push(file);
  return file;
}
afterEach(() => files.splice(0).forEach((file) => file.done()));

function comment(eps: Buffer, name: string): string | undefined {
  return new RegExp(`^%%${name}: (.*)$`, 'm').exec(eps.toString('latin1'))?.[1];
}

/** Ghostscript's own measure of what the EPS paints (its bbox device), in points. */
function paintedBox(file: PrintFile): number[] {
  const run = spawnSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=bbox', file.path], {
    timeout: 30_000,
  });
  return (/%%HiResBoundingBox: (.*)/.exec(run.stderr.toString())?.[1] ?? '').split(' ').map(Number);
}

it('declares EPS 3.0 with a bounding box of whole points rounded outward and an exact one', () => {
  const scene = plainQrScene(qrMatrix(PAYLOAD, 'M'), 4);
  for (const [widthPt, whole] of [
    [MM30, '86 86'],
    [72, '72 72'],
    [85, '85 85'],
  ] as const) {
    const eps = sceneEps(scene, { widthPt });
    expect(eps.toString('latin1').split('\n')[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    expect(comment(eps, 'BoundingBox')).toBe(`0 0 ${whole}`);
    expect(comment(eps, 'HiResBoundingBox')?.split(' ').map(Number)).toEqual([
      0,
      0,
      expect.closeTo(widthPt, 4),
      expect.closeTo(widthPt, 4),
    ]);
  }
});

it('writes black as 0 setgray, other colours as RGB, lines of at most 255 characters, and the same bytes each time', () => {
  const scene = styledScene(qrMatrix(PAYLOAD, 'H'), 4, { dark: '#1a237e', finder: '#000000' });
  const eps = sceneEps(scene, { widthPt: MM30 });
  const text = eps.toString('latin1');
  expect(text).toMatch(/ 0 setgray /);
  expect(text).toMatch(/0\.102 0\.1373 0\.4941 setrgbcolor/);
  expect(text).not.toMatch(/\b0 0 0 setrgbcolor/);
  expect(text).toMatch(/ eofill/);
  expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(255);
  expect(text).not.toMatch(/CreationDate/);
  expect(sceneEps(scene, { widthPt: MM30 }).equals(eps)).toBe(true);
});

it.each(QR_MODULE_SHAPES)(
  'fills each path of a styled scene once (%s modules): no seam between neighbours',
  (modules) => {
    const style: ResolvedQrStyle = {
      colors: { dark: '#1a3a6b', light: '#ffffff', finderFrame: '#1a3a6b', finderBall: '#1a3a6b' },
      modules,
      finders: 'rounded',
      logo: null,
      frame: null,
    };
    const scene = styledQrScene(qrMatrix(PAYLOAD, 'Q'), style, { margin: 4 });
    expect(scene.shapes.map(({ kind }) => kind)).toEqual(['path', 'path']);
    const text = sceneEps(scene, { widthPt: MM30 }).toString('latin1');
    // The background is one rectfill; a fill of its own per module would blend its edges with its neighbour's.
    expect(text.match(/ rectfill\b/g)).toHaveLength(1);
    expect(text.match(/ (eo)?fill\b/g)).toHaveLength(scene.shapes.length);
  },
);

describeWithProgram('gs', 'apt-get install -y ghostscript')('what Ghostscript draws', () => {
  const zbar = describeWithProgram('zbarimg', 'apt-get install -y zbar-tools');

  zbar('at 300 dpi, cropped to the EPS', () => {
    it('decodes a plain code to its payload, its dark modules inside the quiet zone', () => {
      const scene = plainQrScene(qrMatrix(PAYLOAD, 'M'), 4);
      const file = open(sceneEps(scene, { widthPt: MM30 }));
      expect(zbarimg(renderEps(file, 300)).toString('utf8')).toBe(PAYLOAD);
      // Ghostscript's bbox device counts marks other than white: the symbol, 4 modules in from each edge.
      const quietZone = (4 * MM30) / scene.width;
      const expected = [quietZone, quietZone, MM30 - quietZone, MM30 - quietZone];
      const painted = paintedBox(file);
      expect(painted).toHaveLength(4);
      painted.forEach((value, index) => expect(Math.abs(value - expected[index])).toBeLessThan(0.05));
    });

    it.each([
      [
        'a transparent code with a PNG logo',
        { light: null, logo: { mediaType: 'image/png' as const, data: pngLogo() } },
      ],
      ['a JPEG logo', { logo: { mediaType: 'image/jpeg' as const, data: jpegLogo() } }],
      ['an SVG logo and a frame band', { frame: 6, logo: { mediaType: 'image/svg+xml' as const, data: SVG_LOGO } }],
    ])('decodes a styled code with %s', (_name, options) => {
      const scene = styledScene(qrMatrix(PAYLOAD, 'H'), 4, options);
      const eps = sceneEps(scene, { widthPt: MM30 });
      expect(comment(eps, 'HiResBoundingBox')?.split(' ').map(Number)[3]).toBeCloseTo(
        (MM30 * scene.height) / scene.width,
        4,
      );
      expect(zbarimg(renderEps(open(eps), 300)).toString('utf8')).toBe(PAYLOAD);
    });
  });
});
