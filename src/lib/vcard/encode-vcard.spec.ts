import { describe, expect, it } from '@jest/globals';
import { readWithIcal } from '../../../test/fixtures/vcard/ical-reader';
import { validateContact, type ContactFields } from '../contact';
import { cleanedContact, CONTACT_FIELDS, type ContactField } from '../../../test/fixtures/vcard/contact.arbitrary';
import { encodeVCard } from './encode-vcard';
import { QrCapacityExceededError } from './qr-capacity-exceeded.error';

const card = (...lines: string[]): string =>
  `${['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n')}\r\n`;
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
/** Encodes raw fields as the service does: cleaned as the validator cleans them, then encoded. */
const encode = (fields: Partial<Record<ContactField, string | null>>) =>
  encodeVCard(cleanedContact(fields as Partial<Record<ContactField, string>>));

describe('encodeVCard: exact output', () => {
  it('encodes a full card in the order of docs/encoding.md#property-order, escaping per docs/encoding.md#escaping', () => {
    const result = encode({
      fullName: 'Dr. Jane Q. Public',
      organization: 'Acme; Widgets, Inc.',
      title: 'VP, Sales & Marketing',
      phone: '+1 (555) 010-0199 ext. 42',
      email: 'jane.public@acme.example',
      website: 'acme.example/team/jane doe?a=1,2;3',
      address: '1 Main St, Suite 5\nSpringfield, IL 62701\nUSA',
      note: 'Met at "Expo: 2026";\nask about C:\\new',
    });
    const expected = card(
      'N:Public;Dr.;Jane Q.;;',
      'FN:Dr. Jane Q. Public',
      'ORG:Acme\\; Widgets\\, Inc.',
      'TITLE:VP\\, Sales & Marketing',
      'TEL;TYPE=WORK,VOICE:+1 (555) 010-0199 ext. 42',
      'EMAIL;TYPE=WORK,INTERNET:jane.public@acme.example',
      'URL:https://acme.example/team/jane%20doe?a=1%2C2%3B3',
      'ADR;TYPE=WORK:;;1 Main St\\, Suite 5\\nSpringfield\\, IL 62701\\nUSA;;;;',
      'NOTE:Met at "Expo: 2026"\\;\\nask about C:\\\\new',
    );
    expect(result.qrPayload).toBe(expected);
    // Every line is under 75 octets, so the file text is the same.
    expect(result.vcard).toBe(expected);
    expect(result.qr).toEqual({
      bytes: bytes(expected),
      minVersion: { L: 13, M: 15, Q: 19, H: 22 },
      warnings: [
        'Too dense to print small at error correction level M: print the QR code at least 3 cm wide, or show it on a screen.',
      ],
    });
    expect(result.qr.bytes).toBe(410);
  });

  it('encodes a minimal card: blank optional fields are omitted, no warnings', () => {
    const result = encode({
      fullName: '  Cher  ',
      organization: '   ',
      title: '',
      note: '\r\n\t',
      address: '\u2028',
    });
    const expected = card('N:;Cher;;;', 'FN:Cher');
    expect(result).toEqual({
      qrPayload: expected,
      vcard: expected,
      qr: { bytes: 58, minVersion: { L: 4, M: 4, Q: 5, H: 6 }, warnings: [] },
    });
    expect(bytes(expected)).toBe(58);
  });

  it('treats undefined and null optional fields as absent', () => {
    const fields = { fullName: 'Cher', organization: undefined, note: null } as unknown as ContactFields;
    expect(encode(fields).qrPayload).toBe(card('N:;Cher;;;', 'FN:Cher'));
  });

  it.each([
    ['Cher', 'N:;Cher;;;'],
    ['Ludwig van Beethoven', 'N:van Beethoven;Ludwig;;;'],
    ['María de la Cruz', 'N:de la Cruz;María;;;'],
    ['山田 太郎', 'N:山田;太郎;;;'],
    ['毛泽东', 'N:;毛泽东;;;'],
    // Documented miss (docs/encoding.md#n-from-fullname): a capitalised particle is taken for an additional name.
    ['Jean-Claude Van Damme', 'N:Damme;Jean-Claude;Van;;'],
    ['Doe, Jane', 'N:Doe;Jane;;;'],
    ['John Smith, Jr.', 'N:Smith;John;;;Jr.'],
    ['A;B C\\D', 'N:C\\\\D;A\\;B;;;'],
  ])('derives N for %j', (fullName, nLine) => {
    const fn = fullName.replace(/[\\,;]/g, (char) => `\\${char}`);
    expect(encode({ fullName }).qrPayload).toBe(card(nLine, `FN:${fn}`));
  });

  it('puts a multi-line address in the street component and a multi-line note in NOTE', () => {
    const result = encode({
      fullName: 'Jane Doe',
      address: 'Hauptstraße 1\r\n10115 Berlin\r\nDeutschland',
      note: 'Line one\rLine two\u2028Line three\u0085Line four',
    });
    expect(result.qrPayload).toBe(
      card(
        'N:Doe;Jane;;;',
        'FN:Jane Doe',
        'ADR;TYPE=WORK:;;Hauptstraße 1\\n10115 Berlin\\nDeutschland;;;;',
        'NOTE:Line one\\nLine two\\nLine three\\nLine four',
      ),
    );
  });

  it('percent-encodes , ; \\ and space in URL instead of escaping them', () => {
    const result = encode({ fullName: 'Jane Doe', website: 'HTTPS://example.com/a b,c;d\\e?x=1,2' });
    expect(result.qrPayload).toContain('\r\nURL:https://example.com/a%20b%2Cc%3Bd%5Ce?x=1%2C2\r\n');
  });

  it('folds the file text but never the QR payload', () => {
    const note = `${'Grüße '.repeat(12)}😀 ${'\\'.repeat(3)}`;
    const result = encode({ fullName: 'Jane Doe', note });
    const noteLine = `NOTE:${'Grüße '.repeat(12)}😀 ${'\\\\'.repeat(3)}`;
    expect(result.qrPayload).toBe(card('N:Doe;Jane;;;', 'FN:Jane Doe', noteLine));
    // "Grüße " is 8 octets: "NOTE:" + 8 of them = 69, "Grüß" brings it to 75, its "e" moves on.
    expect(result.vcard).toBe(
      card(
        'N:Doe;Jane;;;',
        'FN:Jane Doe',
        `NOTE:${'Grüße '.repeat(8)}Grüß`,
        ` e${' Grüße'.repeat(3)} 😀 ${'\\\\'.repeat(3)}`,
      ),
    );
  });
});

describe('encodeVCard: injection attempts', () => {
  const BREAKS: Array<[string, string]> = [
    ['CR', '\r'],
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['NEL', '\u0085'],
    ['LINE SEPARATOR', '\u2028'],
    ['PARAGRAPH SEPARATOR', '\u2029'],
    ['VT', '\v'],
    ['FF', '\f'],
  ];
  const injection = (lineBreak: string) => `x${lineBreak}END:VCARD${lineBreak}BEGIN:VCARD${lineBreak}FN:Mallory`;

  it('turns the classic payload into harmless text in every field (exact output)', () => {
    const attack = injection('\r\n');
    const result = encode({
      fullName: `Eve${attack}`,
      organization: attack,
      title: attack,
      phone: attack,
      email: attack,
      address: attack,
      note: attack,
    });
    const single = 'x END:VCARD BEGIN:VCARD FN:Mallory';
    const multi = 'x\\nEND:VCARD\\nBEGIN:VCARD\\nFN:Mallory';
    expect(result.qrPayload).toBe(
      card(
        'N:FN:Mallory;Evex;END:VCARD BEGIN:VCARD;;',
        'FN:Evex END:VCARD BEGIN:VCARD FN:Mallory',
        `ORG:${single}`,
        `TITLE:${single}`,
        `TEL;TYPE=WORK,VOICE:${single}`,
        `EMAIL;TYPE=WORK,INTERNET:${single}`,
        `ADR;TYPE=WORK:;;${multi};;;;`,
        `NOTE:${multi}`,
      ),
    );
  });

  const textFields = CONTACT_FIELDS.filter((field) => field !== 'website');
  const cases = BREAKS.flatMap(([name, lineBreak]) => textFields.map((field) => [name, field, lineBreak] as const));

  it.each(cases)('%s in %s cannot start a property or a second card', (_name, field, lineBreak) => {
    const fields: ContactFields = { fullName: 'Eve' };
    fields[field as ContactField] = field === 'fullName' ? `Eve${injection(lineBreak)}` : injection(lineBreak);
    const { qrPayload, vcard } = encode(fields);
    const lines = qrPayload.split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VCARD')).toHaveLength(1);
    expect(lines.filter((line) => line === 'END:VCARD')).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('FN:Mallory'))).toBe(false);
    expect(qrPayload).not.toMatch(/\r(?!\n)|(?<!\r)\n|[\u000b\u000c\u0085\u2028\u2029]/);
    for (const text of [qrPayload, vcard]) {
      const parsed = readWithIcal(text);
      expect(parsed.cards).toBe(1);
      expect(parsed.names.filter((name) => name === 'fn')).toHaveLength(1);
      expect(parsed.fn).toBe(field === 'fullName' ? 'Evex END:VCARD BEGIN:VCARD FN:Mallory' : 'Eve');
    }
  });

  it('removes NUL and other controls instead of keeping them (C tools stop at NUL)', () => {
    const { qrPayload } = encode({ fullName: 'Eve\u0000Mallory', note: 'a\u0000\u001b[31mb\u007f\u009bc' });
    expect(qrPayload).toBe(card('N:;EveMallory;;;', 'FN:EveMallory', 'NOTE:a[31mbc'));
  });

  it('never puts an unescaped ; into ORG (it would become a department)', () => {
    const { qrPayload } = encode({ fullName: 'Eve', organization: 'Acme;Sales;EMEA' });
    expect(qrPayload).toContain('\r\nORG:Acme\\;Sales\\;EMEA\r\n');
    expect(readWithIcal(qrPayload).org).toBe('Acme;Sales;EMEA');
  });
});

describe('encodeVCard: capacity', () => {
  // BEGIN(13) + VERSION(13) + "N:;A;;;"(9) + "FN:A"(6) + "NOTE:" and CRLF (7) + END(11) = 59 + note.
  const withNote = (noteLength: number) => ({ fullName: 'A', note: 'x'.repeat(noteLength) });

  it('accepts exactly 2953 bytes (version 40 at level L)', () => {
    const result = encodeVCard(withNote(2953 - 59));
    expect(result.qr.bytes).toBe(2953);
    expect(bytes(result.qrPayload)).toBe(2953);
    expect(result.qr.minVersion).toEqual({ L: 40, M: null, Q: null, H: null });
  });

  it('rejects 2954 bytes, naming the longest field but no value', () => {
    let error: unknown;
    try {
      encodeVCard(withNote(2954 - 59));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(QrCapacityExceededError);
    expect(error).toMatchObject({ name: 'QrCapacityExceededError', bytes: 2954, maxBytes: 2953, longestField: 'note' });
    expect((error as Error).message).not.toContain('xxx');
  });

  it('counts multi-byte characters as UTF-8 bytes', () => {
    // 59 + 3·984 = 3011 > 2953 although the note has only 984 characters.
    expect(() => encode({ fullName: 'A', note: '山'.repeat(984) })).toThrow(QrCapacityExceededError);
    expect(encode({ fullName: 'A', note: '山'.repeat(964) }).qr.bytes).toBe(59 + 3 * 964);
  });

  it('names the field whose properties take the most bytes; fullName counts for N and FN', () => {
    const long = 'y'.repeat(1000);
    const fields = { fullName: `${'Z'.repeat(700)} Doe`, organization: long, address: `${long}a`, note: long };
    expect(() => encode(fields)).toThrow(expect.objectContaining({ longestField: 'fullName' }));
    const fields2 = { fullName: 'Jane Doe', organization: long, address: `${long}a`, note: long };
    expect(() => encode(fields2)).toThrow(expect.objectContaining({ longestField: 'address' }));
  });
});

describe('encodeVCard: the validated contact is its contract', () => {
  it('a contact without a name is a plain error that echoes nothing', () => {
    expect(() => encodeVCard({} as ContactFields)).toThrow(new Error('the contact has no name'));
  });

  it('gives the card of the contact the validator cleaned, whatever the raw text', () => {
    const raw = { fullName: '  Jane\r\nDoe ', note: ' a\r\nb\u2028c ', website: ' example.com ' };
    const validated = validateContact(raw);
    expect(validated.ok).toBe(true);
    const cleaned = { fullName: 'Jane Doe', note: 'a\nb\nc', website: 'https://example.com' };
    expect(encodeVCard((validated as { value: ContactFields }).value)).toEqual(encodeVCard(cleaned));
  });
});
