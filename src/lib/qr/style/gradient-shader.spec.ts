import { describe, expect, it } from '@jest/globals';
import { gradientShader } from './gradient-shader';
import { sceneFill } from './style-gradient';

const channels = (word: number) => [word & 255, (word >>> 8) & 255, (word >>> 16) & 255, word >>> 24];
const box = { x: 0, y: 0, width: 10, height: 10 };
/** The first pixel whose colours differ, or -1 (a typed array's toEqual compares element by element, slowly). */
const firstDifference = (a: Int32Array, b: Int32Array) => a.findIndex((value, pixel) => value !== b[pixel]);

describe('gradientShader', () => {
  it('a linear gradient runs from its first colour to its last across the box, padded beyond', () => {
    const fill = sceneFill(
      {
        type: 'linear',
        rotation: 0,
        stops: [
          { offset: 0, color: '#000000' },
          { offset: 1, color: '#ff0000' },
        ],
      },
      box,
    );
    expect(fill).toEqual({ kind: 'linear', x1: 0, y1: 5, x2: 10, y2: 5, stops: expect.any(Array) });
    const shade = gradientShader(fill as Exclude<typeof fill, string>, 1, 10, 0);
    expect(channels(shade.at(0))).toEqual([13, 0, 0, 255]);
    expect(channels(shade.at(9))).toEqual([242, 0, 0, 255]);
    expect(channels(shade.at(95))).toEqual(channels(shade.at(5)));
  });

  it('a radial gradient runs from the centre to the corners; a band draws the same rows as the whole', () => {
    const stops = [
      { offset: 0, color: '#ffffff' },
      { offset: 0.5, color: '#0000ff' },
      { offset: 1, color: '#000000' },
    ];
    const fill = sceneFill({ type: 'radial', stops }, box);
    expect(fill).toMatchObject({ kind: 'radial', cx: 5, cy: 5, r: 7.071 });
    const gradient = fill as Exclude<typeof fill, string>;
    const whole = gradientShader(gradient, 2, 20, 0);
    const band = gradientShader(gradient, 2, 20, 8);
    expect(channels(whole.at(10 * 20 + 10))).toEqual([230, 230, 255, 255]);
    expect(band.at(3 * 20 + 7)).toBe(whole.at(11 * 20 + 7));
    expect(channels(whole.at(0))[2]).toBeLessThan(30);
  });

  it('runs give every pixel the colour `at` gives it, whole rows (colour spans, mirrored halves) or in pieces', () => {
    const stops = (...colors: string[]) => colors.map((color, i) => ({ offset: i / (colors.length - 1), color }));
    const palettes = [stops('#ffffff', '#eaf2ff'), stops('#000000', '#ffffff'), stops('#ff0000', '#00ff00', '#0000ff')];
    const boxes = [
      { x: 0, y: 0, width: 50, height: 60 },
      { x: 3.3, y: 1.7, width: 20, height: 31 },
    ];
    const fills = palettes.flatMap((palette) =>
      boxes.flatMap((area) => [
        ...[0, 45, 100, 180, 333].map((rotation) => sceneFill({ type: 'linear', rotation, stops: palette }, area)),
        sceneFill({ type: 'radial', stops: palette }, area),
        sceneFill(
          {
            type: 'radial',
            stops: [
              { ...palette[0], offset: 0.3 },
              { ...palette[1], offset: 0.6 },
            ],
          },
          area,
        ),
      ]),
    );
    for (const fill of fills as Exclude<ReturnType<typeof sceneFill>, string>[])
      for (const [scale, top] of [
        [3, 0],
        [8, 13],
      ]) {
        const width = 50 * scale;
        const height = 24;
        const shade = gradientShader(fill, scale, width, top);
        const expected = Int32Array.from({ length: width * height }, (_, pixel) => shade.at(pixel));
        for (const piece of [width, 61, 7]) {
          const drawn = new Int32Array(width * height);
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x += piece)
              shade.run(drawn, y * width + x, y * width + Math.min(width, x + piece));
          expect(firstDifference(drawn, expected)).toBe(-1);
        }
        const twins = new Uint32Array(width * height);
        for (let y = 0; y < height; y++) {
          const twin = shade.rowTwin(y);
          if (twin >= 0) twins.copyWithin(y * width, twin * width, (twin + 1) * width);
          else shade.run(twins, y * width, (y + 1) * width);
        }
        expect(firstDifference(new Int32Array(twins.buffer), expected)).toBe(-1);
      }
  });
});
