import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { anyText, PROPERTY_RUNS } from '../../../test/fixtures/vcard/contact.arbitrary';
import { cleanFieldValue } from './clean-field';
import { CONTACT_FIELDS, type ContactField } from './contact-fields';

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

describe('cleanFieldValue', () => {
  it.each(LINE_BREAKS)('turns %s into one space in single-line fields', (_name, lineBreak) => {
    expect(cleanFieldValue('fullName', `Eve${lineBreak}Mallory`)).toBe('Eve Mallory');
    expect(cleanFieldValue('phone', `555${lineBreak}0100`)).toBe('555 0100');
  });

  it.each(LINE_BREAKS)('turns %s into one LF in note and address', (_name, lineBreak) => {
    expect(cleanFieldValue('note', `a${lineBreak}b`)).toBe('a\nb');
    expect(cleanFieldValue('address', `1 Main St${lineBreak}Springfield`)).toBe('1 Main St\nSpringfield');
  });

  it('keeps blank lines inside a note but trims line breaks at both ends', () => {
    expect(cleanFieldValue('note', '\r\n\r\nfirst\r\n\r\nsecond\n\n')).toBe('first\n\nsecond');
  });

  it('turns TAB into a space', () => {
    expect(cleanFieldValue('title', 'Head\tof\tSales')).toBe('Head of Sales');
  });

  it('removes the other C0 controls, DEL and the C1 controls', () => {
    const controls = [...Array(0x20).keys(), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)]
      .filter((code) => ![0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85].includes(code))
      .map((code) => String.fromCharCode(code))
      .join('');
    expect(controls).toHaveLength(32 + 1 + 32 - 6);
    expect(cleanFieldValue('note', `a${controls}b`)).toBe('ab');
    expect(cleanFieldValue('fullName', 'Eve\u0000Mallory')).toBe('EveMallory');
  });

  it('removes BOM, non-characters U+FFFE/U+FFFF and bidi embeddings, overrides and isolates', () => {
    const invisible = '\ufeff\ufffe\uffff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(cleanFieldValue('fullName', `${invisible}Eve${invisible}Doe${invisible}`)).toBe('EveDoe');
  });

  it('keeps ZWJ and ZWNJ (emoji sequences, Persian and Indic text) and ordinary RTL text', () => {
    expect(cleanFieldValue('note', '👩\u200d💻 می\u200cخواهم')).toBe('👩\u200d💻 می\u200cخواهم');
    expect(cleanFieldValue('fullName', 'محمد علي')).toBe('محمد علي');
  });

  it('trims Unicode white space at both ends and keeps it inside', () => {
    expect(cleanFieldValue('fullName', '\u3000 山田\u3000太郎 \u00a0')).toBe('山田\u3000太郎');
  });

  it('leaves lone surrogates alone (the caller rejects them)', () => {
    expect(cleanFieldValue('fullName', 'a\ud83db')).toBe('a\ud83db');
  });

  it('returns an empty string for input that is only white space and controls', () => {
    expect(cleanFieldValue('organization', ' \r\n\t\u0000\u2028 ')).toBe('');
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
