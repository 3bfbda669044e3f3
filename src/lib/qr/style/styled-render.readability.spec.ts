import { expect, it } from '@jest/globals';
import {
  LONG_CARD,
  SHORT_CARD,
  TYPICAL_CARD,
  ringLogo,
  svgDataUrl,
} from '../../../../test/fixtures/styled/styled-fixtures';
import {
  greyOnWhite,
  zbarimgRead,
  zbarimgReadAll,
  zbarimgReadPixels,
  zxingAvailable,
  zxingRead,
} from '../../../../test/utils/styled-code-readers';
import { describeWithProgram } from '../../../../test/utils/system-program';
import type { QrLevel } from '../../vcard/qr-capacity';
import { qrMatrix } from '../qr-matrix';
import { logoFitIssue } from './qr-logo-fit';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES, type QrStyle } from './qr-style';
import type { RgbaImage } from './scene-raster';
import { scenePng, sceneRgba } from './scene-png';
import { judgeServiceQrStyle } from './service-qr-style';
import { styledQrScene } from './styled-qr-scene';

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];
const LOGO_SIZES = [0.1, 0.2, 0.3];
const PAYLOADS: Array<[string, string]> = [
  ['short', SHORT_CARD],
  ['long', LONG_CARD],
];

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')(
  'styled codes read back by independent decoders',
  () => {
    const logo = ringLogo();

    it('every shape × finder × level × logo size × card: admitted codes decode to exactly the payload, refused ones say why', async () => {
      const admitted: Array<{ name: string; bytes: Buffer; png: Buffer; grey: RgbaImage }> = [];
      const refused: string[] = [];
      for (const modules of QR_MODULE_SHAPES) {
        for (const finders of QR_FINDER_SHAPES) {
          for (const level of LEVELS) {
            for (const size of LOGO_SIZES) {
              for (const [card, payload] of PAYLOADS) {
                const name = `${modules}/${finders}/${level}/${size}/${card}`;
                const style: QrStyle = { colors: { dark: '#1a3a6b' }, modules, finders, logo: { image: logo, size } };
                const judged = judgeServiceQrStyle(style, { qrLevel: level, margin: 4 });
                expect(judged.issues).toEqual([]);
                const matrix = qrMatrix(payload, level);
                const fit = logoFitIssue(matrix.version, level, size);
                if (fit) {
                  expect(fit).toMatchObject({ field: 'style.logo.size', issue: 'too_large' });
                  refused.push(name);
                  continue;
                }
                // At the default scale, as the PNG is sent.
                const scene = styledQrScene(matrix, judged.style!, { margin: 4 });
                const bytes = Buffer.from(payload, 'utf8');
                admitted.push({ name, bytes, png: scenePng(scene, 8), grey: greyOnWhite(sceneRgba(scene, 4)) });
              }
            }
          }
        }
      }
      const failures: string[] = [];
      const reads = await zbarimgReadAll(admitted.map(({ png }) => png));
      reads.forEach((read, index) => {
        if (!read?.equals(admitted[index].bytes)) failures.push(`${admitted[index].name}: zbarimg`);
      });
      if (zxingAvailable()) {
        const chunk = 24;
        for (let start = 0; start < admitted.length; start += chunk) {
          const batch = admitted.slice(start, start + chunk);
          zxingRead(batch.map(({ grey }) => expandGrey(grey))).forEach((read, index) => {
            if (!read?.equals(batch[index].bytes)) failures.push(`${batch[index].name}: zxing-cpp (4 px a module)`);
          });
        }
      }
      expect(failures).toEqual([]);
      // The rule admits every level H code with the default logo or a smaller one, and refuses 0.3 logos at low levels.
      expect(refused.filter((name) => name.includes('/H/') && !name.includes('/0.3/'))).toEqual([]);
      expect(refused).toEqual(expect.arrayContaining(['square/square/L/0.3/short', 'square/square/L/0.3/long']));
      expect(admitted.length).toBeGreaterThan(60);
    }, 900_000);

    it.each(QR_MODULE_SHAPES.flatMap((modules) => QR_FINDER_SHAPES.map((finders) => [modules, finders] as const)))(
      'the default logo (0.2, level H by default) on a typical card, %s modules and %s finders: admitted, and read from the PNG as sent',
      (modules, finders) => {
        for (const image of [logo, svgDataUrl(SVG_LOGO)]) {
          const judged = judgeServiceQrStyle(
            {
              modules,
              finders,
              colors: { finder: '#b03020' },
              logo: { image },
              frame: { caption: 'Scan to save my contact' },
            },
            { margin: 4 },
          );
          expect(judged).toMatchObject({ issues: [], level: 'H', levelRaised: true });
          const matrix = qrMatrix(TYPICAL_CARD, judged.level);
          expect(logoFitIssue(matrix.version, judged.level, 0.2)).toBeUndefined();
          const png = scenePng(styledQrScene(matrix, judged.style!, { margin: 4 }), 8);
          expect(zbarimgRead(png)?.equals(Buffer.from(TYPICAL_CARD, 'utf8'))).toBe(true);
        }
      },
      60_000,
    );

    it('a transparent background reads once laid on white, and the PNG keeps it transparent', () => {
      const judged = judgeServiceQrStyle(
        { colors: { light: 'transparent', dark: '#203040' }, modules: 'dots' },
        { margin: 4 },
      );
      expect(judged.warnings).toContain('transparent');
      const rgba = sceneRgba(styledQrScene(qrMatrix(TYPICAL_CARD, judged.level), judged.style!, { margin: 4 }), 6);
      expect(rgba.data[3]).toBe(0);
      expect(zbarimgReadPixels(rgba)?.equals(Buffer.from(TYPICAL_CARD, 'utf8'))).toBe(true);
    });
  },
);

/** Grey bytes back into the RGBA the readers take (each grey value in all three channels). */
function expandGrey({ width, height, data }: RgbaImage): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < data.length; pixel++) rgba.set([data[pixel], data[pixel], data[pixel], 255], pixel * 4);
  return { width, height, data: rgba };
}

const SVG_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a3"/>' +
  '<stop offset="1" stop-color="#036"/></linearGradient></defs><circle cx="50" cy="50" r="45" fill="url(#g)"/>' +
  '<path d="M30 70 L50 25 L70 70 Z" fill="#fff"/></svg>';
