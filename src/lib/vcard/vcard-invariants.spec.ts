import { describe, expect, it } from '@jest/globals';
import { VCardInvariantError } from './vcard-invariant.error';
import { assertVCardInvariants } from './vcard-invariants';

const payload = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const SECRET = 'Mallory';

describe('assertVCardInvariants (the post-condition of docs/encoding.md#post-conditions)', () => {
  it('accepts a well-formed card', () => {
    expect(() =>
      assertVCardInvariants(
        payload('BEGIN:VCARD', 'VERSION:3.0', 'N:;Eve;;;', 'FN:Eve', 'TEL;TYPE=WORK,VOICE:1', 'END:VCARD'),
        4,
      ),
    ).not.toThrow();
  });

  it.each([
    [
      'an injected property line',
      payload('BEGIN:VCARD', 'VERSION:3.0', 'FN:Eve', `TEL:${SECRET}`, 'END:VCARD'),
      2,
      'expected 4 lines, found 5',
    ],
    [
      'an injected second card',
      payload('BEGIN:VCARD', 'VERSION:3.0', 'FN:Eve', 'END:VCARD', 'BEGIN:VCARD', `FN:${SECRET}`, 'END:VCARD'),
      2,
      'expected 4 lines, found 7',
    ],
    [
      'a bare CR inside a line',
      payload('BEGIN:VCARD', 'VERSION:3.0', `FN:Eve\r${SECRET}`, 'END:VCARD'),
      2,
      'line 3 contains a bare CR or LF',
    ],
    [
      'a bare LF inside a line',
      payload('BEGIN:VCARD', 'VERSION:3.0', `FN:Eve\n${SECRET}`, 'END:VCARD'),
      2,
      'line 3 contains a bare CR or LF',
    ],
    [
      'a continuation (folded) line',
      payload('BEGIN:VCARD', 'VERSION:3.0', 'FN:Eve', ` ${SECRET}`, 'END:VCARD'),
      3,
      'line 4 does not start with a property name',
    ],
    [
      'user data in a parameter',
      payload('BEGIN:VCARD', 'VERSION:3.0', `TEL;TYPE=${SECRET}:1`, 'END:VCARD'),
      2,
      'line 3 does not start with a property name',
    ],
    [
      'a line without a colon',
      payload('BEGIN:VCARD', 'VERSION:3.0', SECRET, 'END:VCARD'),
      2,
      'line 3 does not start with a property name',
    ],
    ['no final CRLF', 'BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD', 1, 'payload does not end with CRLF'],
    [
      'something before BEGIN',
      payload('\ufeffBEGIN:VCARD', 'VERSION:3.0', 'END:VCARD'),
      1,
      'line 1 is not BEGIN:VCARD',
    ],
    ['something after END', payload('BEGIN:VCARD', 'VERSION:3.0', 'END:VCARDX'), 1, 'line 3 is not END:VCARD'],
  ])('rejects %s without quoting it', (_name, text, properties, rule) => {
    let error: unknown;
    try {
      assertVCardInvariants(text, properties);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(VCardInvariantError);
    expect((error as Error).name).toBe('VCardInvariantError');
    expect((error as Error).message).toBe(`vCard post-condition failed: ${rule}`);
    expect((error as Error).message).not.toContain(SECRET);
  });
});
