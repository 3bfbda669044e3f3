import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PROPERTY_RUNS } from '../../../../test/fixtures/vcard/contact.arbitrary';
import { codePointLength } from './code-point-length';

describe('codePointLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['山田', 2],
    ['😀', 1],
    ['👩\u200d💻', 3],
    ['e\u0301', 2],
    ['\ud83d', 1],
    ['\ud83da', 2],
  ])('%j has %i code points', (input, expected) => {
    expect(codePointLength(input)).toBe(expected);
  });

  it('equals the length of the string iterator (which yields code points)', () => {
    const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });
    fc.assert(
      fc.property(fc.oneof(utf16, fc.string({ unit: 'binary' })), (s) => {
        expect(codePointLength(s)).toBe([...s].length);
      }),
      PROPERTY_RUNS,
    );
  });
});
