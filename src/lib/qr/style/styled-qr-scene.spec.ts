import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ringLogo, TYPICAL_CARD } from '../../../../test/fixtures/styled/styled-fixtures';
import { qrMatrix } from '../qr-matrix';
import type { QrScene } from '../qr-scene';
import { isFinderModule } from './finder-shapes';
import { qrLogoModules } from './qr-logo-fit';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES, type QrStyle } from './qr-style';
import { sceneNumber, ScenePathBuilder } from './scene-path-builder';
import { sceneRaster } from './scene-raster';
import { judgeServiceQrStyle } from './service-qr-style';
import { styledQrScene } from './styled-qr-scene';

const NUMBER = /^-?\d+(\.\d{1,3})?$/;
const ARGUMENTS: Record<string, number> = { M: 2, L: 2, C: 6, Z: 0 };
const LOGO = ringLogo(32);

/** Absolute M, L, C and Z only, single spaces, numbers of at most three decimals. */
function expectSceneGrammar(scene: QrScene): void {
  for (const shape of scene.shapes) {
    if (shape.kind !== 'path') continue;
    const tokens = shape.d.split(' ');
    for (let index = 0; index < tokens.length;) {
      const count = ARGUMENTS[tokens[index]];
      expect(count).toBeDefined();
      for (let argument = 1; argument <= count; argument++) expect(tokens[index + argument]).toMatch(NUMBER);
      index += count + 1;
    }
  }
}

const styleArbitrary = fc.record({
  dark: fc.constantFrom('#000000', '#1a3a6b', '#5a2d0c'),
  light: fc.constantFrom('#ffffff', '#fdf6e3', 'transparent'),
  modules: fc.constantFrom(...QR_MODULE_SHAPES),
  finders: fc.constantFrom(...QR_FINDER_SHAPES),
  logo: fc.option(fc.constantFrom(0.1, 0.2, 0.3), { nil: undefined }),
  frame: fc.option(fc.constantFrom('bottom', 'top'), { nil: undefined }),
  margin: fc.integer({ min: 0, max: 6 }),
  payload: fc.string({ minLength: 1, maxLength: 200 }),
});

describe('styledQrScene', () => {
  it('every module keeps its colour at its centre, in every shape; the finders, logo square and band sit where they should', () => {
    fc.assert(
      fc.property(styleArbitrary, ({ dark, light, modules, finders, logo, frame, margin, payload }) => {
        const style: QrStyle = {
          colors: { dark, light, finder: '#b03020' },
          modules,
          finders,
          ...(logo ? { logo: { image: LOGO, size: logo } } : {}),
          ...(frame ? { frame: { caption: 'Scan me', position: frame } } : {}),
        };
        const judged = judgeServiceQrStyle(style, { margin });
        expect(judged.issues).toEqual([]);
        const matrix = qrMatrix(payload, judged.level);
        const { size } = matrix;
        const scene = styledQrScene(matrix, judged.style!, { margin });
        expectSceneGrammar(scene);

        const band = frame ? Math.max(4, Math.round(size / 6)) + 2 : 0;
        expect(scene.width).toBe(size + 2 * margin);
        expect(scene.height).toBe(size + 2 * margin + band);
        expect(scene.symbol).toEqual({
          x: margin,
          y: margin + (frame === 'top' ? band : 0),
          size,
          version: matrix.version,
        });

        const scale = 4;
        const image = sceneRaster(scene, scale, (_image, width, height) => ({
          width,
          height,
          data: new Uint8Array(width * height * 4), // a fully transparent logo: the cleared square shows through
        }));
        const colour = (row: number, column: number): string => {
          const x = (scene.symbol.x + column + 0.5) * scale;
          const y = (scene.symbol.y + row + 0.5) * scale;
          const offset = (Math.floor(y) * image.width + Math.floor(x)) * 4;
          const [r, g, b, a] = image.data.subarray(offset, offset + 4);
          return a === 0 ? 'transparent' : `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
        };
        const lightColour = light === 'transparent' ? 'transparent' : light;
        const cleared = logo ? qrLogoModules(matrix.version, logo) + 2 : 0;
        const start = (size - cleared) / 2;
        for (let row = 0; row < size; row++) {
          for (let column = 0; column < size; column++) {
            const inCleared = row >= start && row < start + cleared && column >= start && column < start + cleared;
            if (isFinderModule(size, row, column)) continue;
            const expected = inCleared || matrix.modules[row * size + column] === 0 ? lightColour : dark;
            if (colour(row, column) !== expected)
              throw new Error(`module (${row}, ${column}) is ${colour(row, column)}`);
          }
        }
        for (const [row, column] of [
          [3, 3],
          [3, size - 4],
          [size - 4, 3],
        ]) {
          expect(colour(row, column)).toBe('#b03020'); // the eye
          expect(colour(row, column - 2)).toBe(lightColour); // the ring's hole
          expect(colour(row, column - 3)).toBe('#b03020'); // the ring
        }
      }),
      { seed: 1126, numRuns: 40 },
    );
  });

  it('is deterministic: the same matrix and style give the same scene', () => {
    const judged = judgeServiceQrStyle(
      { modules: 'rounded', logo: { image: LOGO }, frame: { caption: 'Ζωή' } },
      { margin: 4 },
    );
    const matrix = qrMatrix(TYPICAL_CARD, judged.level);
    expect(styledQrScene(matrix, judged.style!, { margin: 4 })).toEqual(
      styledQrScene(matrix, judged.style!, { margin: 4 }),
    );
  });

  it('writes numbers exactly as String(Math.round(x · 1000) / 1000) would, without -0', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (x, y) => {
          const text = (value: number) => {
            const rounded = Math.round(value * 1000) / 1000;
            return rounded === 0 ? '0' : String(rounded);
          };
          expect(sceneNumber(x)).toBe(text(x));
          expect(new ScenePathBuilder().moveTo(x, y).lineTo(y, x).close().toString()).toBe(
            `M ${text(x)} ${text(y)} L ${text(y)} ${text(x)} Z`,
          );
        },
      ),
      { seed: 7, numRuns: 2000 },
    );
  });
});
