import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { anyText, cleanFieldValue, PROPERTY_RUNS } from '../../../test/fixtures/vcard/contact.arbitrary';
import { nameTokens } from '../../../test/fixtures/vcard/name-tokens';
import { deriveStructuredName } from './structured-name';

const tokens = (s: string): string[] =>
  s
    .split(/\s+/)
    .filter((token) => token !== '')
    .sort();

describe('deriveStructuredName (docs/encoding.md#n-from-fullname)', () => {
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
    // The comma form (docs/encoding.md#n-from-fullname rule 5): "Family, Given [Additional]", particles kept
    // in the family.
    ['Doe, Jane', ['Doe', 'Jane', '', '', '']],
    ['Doe,Jane', ['Doe', 'Jane', '', '', '']],
    ['van der Berg, Anna Maria', ['van der Berg', 'Anna', 'Maria', '', '']],
    ['山田, 太郎', ['山田', '太郎', '', '', '']],
    // A comma that introduces a suffix: the suffix is the 5th component, rules 2-4 for the rest.
    ['John Smith, Jr.', ['Smith', 'John', '', '', 'Jr.']],
    ['Ada Lovelace, PhD', ['Lovelace', 'Ada', '', '', 'PhD']],
    ['Martin Luther King, JR', ['King', 'Martin', 'Luther', '', 'JR']],
    ['Smith, III', ['', 'Smith', '', '', 'III']],
    // Not the comma form: two commas, or nothing on one side.
    ['Doe, Jane, Esq.', ['Esq.', 'Doe,', 'Jane,', '', '']],
    ['Doe,', ['', 'Doe,', '', '', '']],
    [', Jane', ['Jane', ',', '', '', '']],
    // Documented misses (docs/encoding.md#n-from-fullname): a capitalised particle, a trailing emoji, honorifics
    // without a comma.
    ['Jean-Claude Van Damme', ['Damme', 'Jean-Claude', 'Van', '', '']],
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

  it('keeps the token multiset (the comma form consumes its comma), has a family or given name, and never fills the prefix', () => {
    // Half the names are built around one comma, so the comma form and its suffix branch are reached.
    const suffix = fc.constantFrom('Jr.', 'sr', 'III', 'PhD', 'M.D.', 'Esq', 'MBA');
    const commaName = fc
      .tuple(anyText(20), fc.oneof(anyText(20), suffix), fc.constantFrom(',', ', ', ' , '))
      .map(([family, rest, comma]) => `${family}${comma}${rest}`);
    const name = fc
      .oneof(anyText(40), commaName)
      .map((raw) => cleanFieldValue('fullName', raw))
      .filter((cleaned) => cleaned !== '');
    fc.assert(
      fc.property(name, (fullName) => {
        const components = deriveStructuredName(fullName);
        expect(components).toHaveLength(5);
        expect(components[0] !== '' || components[1] !== '').toBe(true);
        expect(components[3]).toBe('');
        expect(tokens(components.join(' '))).toEqual([...nameTokens(fullName)].sort());
        for (const component of components) expect(component).toBe(component.trim());
      }),
      PROPERTY_RUNS,
    );
  });
});
