import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  anyText,
  cleanFieldValue,
  CONTACT_FIELDS,
  PROPERTY_RUNS,
  type ContactField,
} from '../../../../test/fixtures/vcard/contact.arbitrary';
import { cleanText } from './clean-text';

const LINE_BREAKS: Array<[string, string]> = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['VT', '\v'],
  ['FF', '\f'],
  ['NEL', '\u0085'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
];

describe('cleanText', () => {
  it.each(LINE_BREAKS)('turns %s into one space in single-line fields', (_name, lineBreak) => {
    expect(cleanText(`Eve${lineBreak}Mallory`, false)).toBe('Eve Mallory');
    expect(cleanText(`555${lineBreak}0100`, false)).toBe('555 0100');
  });

  it.each(LINE_BREAKS)('turns %s into one LF in note and address', (_name, lineBreak) => {
    expect(cleanText(`a${lineBreak}b`, true)).toBe('a\nb');
    expect(cleanText(`1 Main St${lineBreak}Springfield`, true)).toBe('1 Main St\nSpringfield');
  });

  it('keeps blank lines inside a note but trims line breaks at both ends', () => {
    expect(cleanText('\r\n\r\nfirst\r\n\r\nsecond\n\n', true)).toBe('first\n\nsecond');
  });

  it('turns TAB into a space', () => {
    expect(cleanText('Head\tof\tSales', false)).toBe('Head of Sales');
  });

  it('removes the other C0 controls, DEL and the C1 controls', () => {
    const controls = [...Array(0x20).keys(), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)]
      .filter((code) => ![0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85].includes(code))
      .map((code) => String.fromCharCode(code))
      .join('');
    expect(controls).toHaveLength(32 + 1 + 32 - 6);
    expect(cleanText(`a${controls}b`, true)).toBe('ab');
    expect(cleanText('Eve\u0000Mallory', false)).toBe('EveMallory');
  });

  it('removes BOM, non-characters U+FFFE/U+FFFF and bidi embeddings, overrides and isolates', () => {
    const invisible = '\ufeff\ufffe\uffff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(cleanText(`${invisible}Eve${invisible}Doe${invisible}`, false)).toBe('EveDoe');
  });

  it('keeps ZWJ and ZWNJ (emoji sequences, Persian and Indic text) and ordinary RTL text', () => {
    expect(cleanText('👩\u200d💻 می\u200cخواهم', false)).toBe('👩\u200d💻 می\u200cخواهم');
    expect(cleanText('محمد علي', false)).toBe('محمد علي');
  });

  it('trims Unicode white space at both ends and keeps it inside', () => {
    expect(cleanText('\u3000 山田\u3000太郎 \u00a0', false)).toBe('山田\u3000太郎');
  });

  it('leaves lone surrogates alone (the caller rejects them)', () => {
    expect(cleanText('a\ud83db', false)).toBe('a\ud83db');
  });

  it('returns an empty string for input that is only white space and controls', () => {
    expect(cleanText(' \r\n\t\u0000\u2028 ', false)).toBe('');
  });

  const fieldArb = fc.constantFrom<ContactField>(...CONTACT_FIELDS);

  it('is idempotent', () => {
    fc.assert(
      fc.property(fieldArb, anyText(60), (field, raw) => {
        const once = cleanFieldValue(field, raw);
        expect(cleanFieldValue(field, once)).toBe(once);
      }),
      PROPERTY_RUNS,
    );
  });

  it('leaves no control, no line break (LF only in note/address) and no trimmed edge', () => {
    fc.assert(
      fc.property(fieldArb, anyText(60), (field, raw) => {
        const cleaned = cleanFieldValue(field, raw);
        expect(cleaned).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/);
        if (field !== 'note' && field !== 'address') expect(cleaned).not.toContain('\n');
        expect(cleaned).toBe(cleaned.trim());
      }),
      PROPERTY_RUNS,
    );
  });
});
