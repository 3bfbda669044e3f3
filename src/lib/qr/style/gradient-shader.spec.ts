import { describe, expect, it } from '@jest/globals';
import { gradientShader } from './gradient-shader';
import { sceneFill } from './style-gradient';

const channels = (word: number) => [word & 255, (word >>> 8) & 255, (word >>> 16) & 255, word >>> 24];
const box = { x: 0, y: 0, width: 10, height: 10 };

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
});
