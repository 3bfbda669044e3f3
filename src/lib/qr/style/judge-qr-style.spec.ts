import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { ringLogo } from '../../../../test/fixtures/styled/styled-fixtures';
import type { QrStyle } from './qr-style';
import { judgeServiceQrStyle } from './service-qr-style';

const judge = (style: QrStyle | undefined, options: { qrLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number } = {}) =>
  judgeServiceQrStyle(style, { margin: 4, ...options });
const fields = (style: QrStyle) => judge(style).issues.map(({ field, issue }) => `${field}:${issue}`);

/** A PNG whose header claims `width × height` and whose body is not a PNG at all. */
function pngHeaderOnly(width: number, height: number): string {
  const png = PNG.sync.write(new PNG({ width: 1, height: 1 }));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return `data:image/png;base64,${Buffer.concat([png.subarray(0, 33), Buffer.from('not image data at all')]).toString('base64')}`;
}

describe('judgeQrStyle', () => {
  it('an absent or empty style is the plain code: black on white, level M, contrast 21, nothing to warn about', () => {
    for (const style of [undefined, {}]) {
      expect(judge(style)).toEqual({
        style: {
          colors: { dark: '#000000', light: '#ffffff', finderFrame: '#000000', finderBall: '#000000' },
          modules: 'square',
          finders: 'square',
          logo: null,
          frame: null,
        },
        issues: [],
        level: 'M',
        levelRaised: false,
        contrast: 21,
        warnings: [],
      });
    }
  });

  it('colours: #rgb and #rrggbb in either case, transparent only for light, finder and frame default to dark', () => {
    const judged = judge({ colors: { dark: '#1A3', light: 'transparent' }, frame: { caption: 'Hi' } });
    expect(judged.style?.colors).toEqual({
      dark: '#11aa33',
      light: null,
      finderFrame: '#11aa33',
      finderBall: '#11aa33',
    });
    expect(judged.style?.frame?.color).toBe('#11aa33');
    expect(judged.warnings).toEqual(['contrast', 'transparent']);
    expect(fields({ colors: { dark: 'black', light: '#ffff', finder: 'transparent' } })).toEqual([
      'style.colors.dark:format',
      'style.colors.light:format',
      'style.colors.finder:format',
    ]);
    expect(fields({ frame: { caption: 'x', color: 'red' } })).toEqual(['style.frame.color:format']);
  });

  it('contrast: below 3:1 refused at the colour, lighter than light is inverted, below 4.5:1 a warning; the lower of dark and finder', () => {
    expect(fields({ colors: { dark: '#aaaaaa' } })).toEqual(['style.colors.dark:low_contrast']);
    expect(fields({ colors: { dark: '#ffffff', light: '#000000' } })).toEqual(['style.colors.dark:inverted']);
    expect(fields({ colors: { finder: '#dddddd' } })).toEqual(['style.colors.finder:low_contrast']);
    expect(fields({ colors: { finder: '#fffff0', light: '#ffffe0' } })).toEqual(['style.colors.finder:inverted']);
    const grey = judge({ colors: { dark: '#767676', finder: '#000000' } });
    expect(grey).toMatchObject({ issues: [], contrast: 4.54, warnings: [] });
    expect(judge({ colors: { dark: '#808080' } })).toMatchObject({
      issues: [],
      contrast: 3.95,
      warnings: ['contrast'],
    });
    expect(judge({ colors: { dark: '#000000', light: 'transparent' } }).contrast).toBe(21);
  });

  it('shapes and positions outside their sets are invalid values', () => {
    expect(fields({ modules: 'hearts', finders: 'star', frame: { caption: 'x', position: 'left' } })).toEqual([
      'style.modules:invalid_value',
      'style.finders:invalid_value',
      'style.frame.position:invalid_value',
    ]);
  });

  it('a logo makes the level H unless one was asked for, and is kept with its size', () => {
    const logo = { image: ringLogo() };
    expect(judge({ logo })).toMatchObject({ issues: [], level: 'H', levelRaised: true });
    expect(judge({ logo }, { qrLevel: 'Q' })).toMatchObject({ level: 'Q', levelRaised: false });
    expect(judge({ logo: { ...logo, size: 0.25 } }).style?.logo).toMatchObject({ mediaType: 'image/png', size: 0.25 });
    expect(fields({ logo: { ...logo, size: 0.31 } })).toEqual(['style.logo.size:invalid_value']);
    expect(fields({ logo: { ...logo, size: 0.09 } })).toEqual(['style.logo.size:invalid_value']);
  });

  it('an SVG logo with <text> is refused as unsafe, with the advice to convert the text to paths', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">A</text></svg>';
    const [issue] = judge({
      logo: { image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` },
    }).issues;
    expect(issue).toMatchObject({ field: 'style.logo.image', issue: 'unsafe' });
    expect(issue.message).toMatch(/Convert text to paths first/);
  });

  it('a logo that is not a whole PNG, JPEG or SVG data URL is an invalid value', () => {
    const png = ringLogo();
    const body = png.slice(png.indexOf(',') + 1);
    for (const image of [
      'https://example.com/logo.png',
      `data:image/gif;base64,${body}`,
      `data:image/png,${body}`,
      `data:image/png;base64,${body.slice(0, -3)}`,
      `data:image/png;base64,${body} `,
      `data:image/jpeg;base64,${body}`, // a PNG's bytes under the JPEG type
      `data:image/png;base64,${Buffer.from(Buffer.from(body, 'base64').subarray(0, 60)).toString('base64')}`, // cut short
      'data:image/png;base64,',
    ])
      expect(fields({ logo: { image } })).toEqual(['style.logo.image:invalid_value']);
  });

  it('an oversized logo is refused before any decoding: by its length, then by its header', () => {
    const atob = jest.spyOn(globalThis, 'atob');
    const huge = `data:image/png;base64,${'A'.repeat(Math.ceil((256 * 1024) / 3) * 4 + 4)}`;
    expect(fields({ logo: { image: huge } })).toEqual(['style.logo.image:too_large']);
    expect(atob).not.toHaveBeenCalled();
    atob.mockRestore();
    // The body is no image at all: a decoder would have said invalid_value.
    expect(fields({ logo: { image: pngHeaderOnly(4096, 16) } })).toEqual(['style.logo.image:too_large']);
    expect(fields({ logo: { image: pngHeaderOnly(16, 2049) } })).toEqual(['style.logo.image:too_large']);
    expect(fields({ logo: { image: pngHeaderOnly(2048, 2048) } })).toEqual(['style.logo.image:invalid_value']);
  });

  it('captions: cleaned to one line, 1 to 24 characters, drawn only from the shipped font (Latin, Greek, Cyrillic)', () => {
    const caption = judge({ frame: { caption: '  Scan\tme\r\nnow\u0007 ' } }).style?.frame?.caption;
    expect(caption?.text).toBe('Scan me now');
    expect(caption?.glyphs.map((glyph) => String.fromCodePoint(glyph.codePoint)).join('')).toBe('Scan me now');
    expect(judge({ frame: { caption: 'Ζωή Привет Łódź e\u0301' } }).style?.frame?.caption.text).toBe(
      'Ζωή Привет Łódź é',
    );
    expect(judge({ frame: { caption: 'x'.repeat(24) } }).issues).toEqual([]);
    expect(fields({ frame: { caption: 'x'.repeat(25) } })).toEqual(['style.frame.caption:too_long']);
    expect(fields({ frame: { caption: ' \r\n ' } })).toEqual(['style.frame.caption:invalid_value']);
    for (const caption of ['李小龍', 'Hi 😀', 'שלום', 'a\u200db'])
      expect(fields({ frame: { caption } })).toEqual(['style.frame.caption:unsupported_characters']);
  });

  it('warns about a quiet zone under 4 modules', () => {
    expect(judge({}, { margin: 3 }).warnings).toEqual(['quiet_zone']);
    expect(judge({}, { margin: 4 }).warnings).toEqual([]);
  });

  it('never quotes a refused value in a message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 40 }), (value) => {
        const style = {
          colors: { dark: value, light: value, finder: value },
          modules: value,
          finders: value,
          logo: { image: value },
          frame: { caption: `${value}李${value}`, position: value, color: value },
        };
        for (const { message } of judge(style).issues) expect(message.includes(value)).toBe(false);
      }),
      { seed: 20261126, numRuns: 200 },
    );
  });
});
