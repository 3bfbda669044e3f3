import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { inCoverage, shippedCoverage, shippedFace, type FontFamily } from './shipped-faces';

const FAMILIES: FontFamily[] = ['sans', 'jp', 'sc', 'kr'];

describe('shippedCoverage', () => {
  it.each(FAMILIES)('%s: the runs hold exactly the code points the regular face has a glyph for', (family) => {
    const runs = shippedCoverage(family);
    const face = shippedFace(family, 'regular');
    for (let at = 2; at < runs.length; at += 2) expect(runs[at]).toBeGreaterThan(runs[at - 1] + 1);
    // Every code point of the planes the faces draw from (BMP, SMP, SIP), one by one.
    for (let codePoint = 0; codePoint < 0x30000; codePoint++)
      if (inCoverage(runs, codePoint) !== face.hasGlyphForCodePoint(codePoint))
        throw new Error(`${family}: U+${codePoint.toString(16)} disagrees`);
    fc.assert(
      fc.property(fc.integer({ min: 0x30000, max: 0x10ffff }), (codePoint) => {
        expect(inCoverage(runs, codePoint)).toBe(face.hasGlyphForCodePoint(codePoint));
      }),
    );
  });

  it('the bold faces draw the same code points as the regular ones', () => {
    const sorted = (codePoints: number[]) => Buffer.from(Uint32Array.from(codePoints).sort().buffer);
    for (const family of FAMILIES) {
      const bold = sorted(shippedFace(family, 'bold').characterSet);
      expect(bold.equals(sorted(shippedFace(family, 'regular').characterSet))).toBe(true);
    }
  });

  it('answers for an empty run list and for both ends of a run', () => {
    expect(inCoverage(new Uint32Array(), 65)).toBe(false);
    const runs = Uint32Array.from([10, 20, 30, 30]);
    expect([9, 10, 20, 21, 29, 30, 31].map((codePoint) => inCoverage(runs, codePoint))).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      false,
    ]);
  });
});
