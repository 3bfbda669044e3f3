import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PROPERTY_RUNS } from '../../../../test/fixtures/vcard/contact.arbitrary';
import { hasLoneSurrogate } from './lone-surrogate';

// Any UTF-16 code unit, so lone and paired surrogates both occur.
const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });
const surrogateHeavy = fc.string({
  unit: fc.constantFrom('\ud83d', '\ude00', '😀', 'a', '\udbff', '\udc00'),
});

describe('hasLoneSurrogate', () => {
  it.each([
    ['', false],
    ['plain', false],
    ['😀 and 𝄞', false],
    ['\ud83d', true],
    ['\ude00', true],
    ['a\ud83db', true],
    ['\ude00\ud83d', true],
    ['😀\ud83d', true],
    ['\ud83d\ud83d\ude00', true],
  ])('%j -> %s', (input, expected) => {
    expect(hasLoneSurrogate(input)).toBe(expected);
  });

  it('agrees with a UTF-8 round trip (lone surrogates become U+FFFD)', () => {
    fc.assert(
      fc.property(fc.oneof(utf16, surrogateHeavy), (s) => {
        const roundTrips = Buffer.from(s, 'utf8').toString('utf8') === s;
        expect(hasLoneSurrogate(s)).toBe(!roundTrips);
      }),
      PROPERTY_RUNS,
    );
  });
});
