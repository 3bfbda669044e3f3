import { describe, expect, it } from '@jest/globals';
import type { QrStyle, QrStyleIssue } from './qr-style';
import { judgeStyleColors } from './judge-style-colors';

const judge = (colors: QrStyle['colors']) => {
  const issues: string[] = [];
  const judged = judgeStyleColors(colors, (field: string, issue: QrStyleIssue['issue']) =>
    issues.push(`style.${field}:${issue}`),
  );
  return { ...judged, issues };
};
const stops = (...colors: string[]) => colors.map((color, index) => ({ offset: index / (colors.length - 1), color }));

describe('judgeStyleColors', () => {
  it('solid colours resolve as they always did: finders default to dark, frame and ball to finder', () => {
    expect(judge({ dark: '#1A3', finder: '#222' })).toEqual({
      dark: '#11aa33',
      light: '#ffffff',
      finderFrame: '#222222',
      finderBall: '#222222',
      contrast: expect.closeTo(3.08, 2),
      issues: [],
    });
    expect(judge({ finderBall: '#b03020' })).toMatchObject({ finderFrame: '#000000', finderBall: '#b03020' });
  });

  it('a gradient resolves with its rotation turned into 0-360 and its colours as #rrggbb', () => {
    const dark = {
      type: 'linear',
      rotation: -90,
      stops: [
        { offset: 0, color: '#123' },
        { offset: 1, color: '#000' },
      ],
    };
    expect(judge({ dark }).dark).toEqual({
      type: 'linear',
      rotation: 270,
      stops: [
        { offset: 0, color: '#112233' },
        { offset: 1, color: '#000000' },
      ],
    });
    expect(judge({ dark: { type: 'radial', stops: stops('#000000', '#1a3a6b') } }).finderBall).toEqual({
      type: 'radial',
      stops: stops('#000000', '#1a3a6b'),
    });
  });

  it('judges a gradient by its worst pair of stops, dark against light, each key at its path', () => {
    expect(judge({ dark: { type: 'linear', stops: stops('#000000', '#999999') } }).issues).toEqual([
      'style.colors.dark:low_contrast',
    ]);
    const light = { type: 'radial', stops: stops('#ffffff', '#777777') };
    expect(judge({ light }).issues).toEqual([]);
    expect(judge({ light }).contrast).toBeCloseTo(4.69, 2);
    expect(judge({ dark: '#333333', light: { type: 'linear', stops: stops('#ffffff', '#000000') } }).issues).toEqual([
      'style.colors.dark:inverted',
    ]);
    expect(judge({ finderFrame: { type: 'linear', stops: stops('#000000', '#eeeeee') } }).issues).toEqual([
      'style.colors.finderFrame:low_contrast',
    ]);
    expect(judge({ dark: { type: 'linear', stops: stops('#000000', '#1a3a6b') }, light: 'transparent' })).toMatchObject(
      { light: null, issues: [] },
    );
  });

  it('refuses each malformed part of a gradient at its own path', () => {
    const { issues } = judge({
      dark: { type: 'spiral', stops: [{ offset: 0.5, color: '#000' }, { color: '#000' }] },
      light: { type: 'radial', rotation: 0, stops: stops('#fff', '#eee', '#ddd', '#ccc', '#bbb') },
      finderBall: {
        type: 'linear',
        stops: [
          { offset: 0, color: '#000' },
          { offset: 1.5, color: 'navy' },
        ],
      },
    });
    expect(issues).toEqual([
      'style.colors.dark.type:invalid_value',
      'style.colors.dark.stops[1].offset:invalid_value',
      'style.colors.light.rotation:invalid_value',
      'style.colors.light.stops:invalid_value',
      'style.colors.finderBall.stops[1].offset:invalid_value',
      'style.colors.finderBall.stops[1].color:format',
    ]);
  });
});
