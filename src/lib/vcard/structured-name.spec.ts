import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { anyText, PROPERTY_RUNS } from '../../../test/fixtures/vcard/contact.arbitrary';
import { cleanFieldValue } from './clean-field';
import { deriveStructuredName } from './structured-name';

const tokens = (s: string): string[] => s.split(/\s+/).filter((token) => token !== '').sort();

describe('deriveStructuredName (vcard-encoding.md §2.8)', () => {
  it.each<[string, [string, string, string, string, string]]>([
    ['Cher', ['', 'Cher', '', '', '']],
    ['Jane Doe', ['Doe', 'Jane', '', '', '']],
    ['John Ronald Reuel Tolkien', ['Tolkien', 'John', 'Ronald Reuel', '', '']],
    ['Ludwig van Beethoven', ['van Beethoven', 'Ludwig', '', '', '']],
    ['María de la Cruz', ['de la Cruz', 'María', '', '', '']],
    ['Ursula von der Leyen', ['von der Leyen', 'Ursula', '', '', '']],
    ['Mohammed bin Salman', ['bin Salman', 'Mohammed', '', '', '']],
    ['山田 太郎', ['山田', '太郎', '', '', '']],
    ['山田\u3000太郎', ['山田', '太郎', '', '', '']],
    ['김 민준', ['김', '민준', '', '', '']],
    ['やまだ たろう', ['やまだ', 'たろう', '', '', '']],
    // CJK written without a space: one token, given only (guessing the split would often be wrong).
    ['毛泽东', ['', '毛泽东', '', '', '']],
    // Documented misses (§2.8): a capitalised particle, the comma form, a trailing emoji, honorifics.
    ['Jean-Claude Van Damme', ['Damme', 'Jean-Claude', 'Van', '', '']],
    ['Doe, Jane', ['Jane', 'Doe,', '', '', '']],
    ['Jane Doe 😀', ['😀', 'Jane', 'Doe', '', '']],
    ['Dr. Jane Doe Jr.', ['Jr.', 'Dr.', 'Jane Doe', '', '']],
    // The first token is never a particle of the family name.
    ['van Gogh', ['Gogh', 'van', '', '', '']],
    ['de la Cruz', ['la Cruz', 'de', '', '', '']],
  ])('%s', (fullName, expected) => {
    expect(deriveStructuredName(fullName)).toEqual(expected);
  });

  it('collapses white-space runs between tokens', () => {
    expect(deriveStructuredName('  Jane \u00a0  Q.   Doe ')).toEqual(['Doe', 'Jane', 'Q.', '', '']);
  });

  it('gives five empty components only for an empty name', () => {
    expect(deriveStructuredName('')).toEqual(['', '', '', '', '']);
  });

  it('keeps the token multiset, has a family or given name, and never fills prefix/suffix', () => {
    const name = anyText(40)
      .map((raw) => cleanFieldValue('fullName', raw))
      .filter((cleaned) => cleaned !== '');
    fc.assert(
      fc.property(name, (fullName) => {
        const components = deriveStructuredName(fullName);
        expect(components).toHaveLength(5);
        expect(components[0] !== '' || components[1] !== '').toBe(true);
        expect(components[3]).toBe('');
        expect(components[4]).toBe('');
        expect(tokens(components.join(' '))).toEqual(tokens(fullName));
        for (const component of components) expect(component).toBe(component.trim());
      }),
      PROPERTY_RUNS,
    );
  });
});
