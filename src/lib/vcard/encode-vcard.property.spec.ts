import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanFieldValue,
  CONTACT_FIELDS,
  type ContactField,
  hostileContact,
  PROPERTY_RUNS,
} from '../../../test/fixtures/vcard/contact.arbitrary';
import { nameTokens } from '../../../test/fixtures/vcard/name-tokens';
import { strictComponents, strictProperties, strictText } from '../../../test/fixtures/vcard/strict-vcard-reader';
import type { ContactFields } from '../contact';
import { describeQrPayload, encodeVCard, type EncodedVCard } from './encode-vcard';
import { QrCapacityExceededError } from './qr-capacity-exceeded.error';
import { normalizeWebsite } from '../contact';

// Invariants of docs/encoding.md#invariants that a pure encoder can break, checked on hostile cards.
// The expected values come from the inputs and the spec, read back with the strict reader.

const capacity = JSON.parse(
  readFileSync(join(__dirname, '../../../test/fixtures/vcard/qr-byte-capacity.json'), 'utf8'),
) as Record<'L' | 'M' | 'Q' | 'H', number[]>;

const PROPERTY_OF: Record<ContactField, string[]> = {
  fullName: ['N', 'FN'],
  organization: ['ORG'],
  title: ['TITLE'],
  phone: ['TEL'],
  email: ['EMAIL'],
  website: ['URL'],
  address: ['ADR'],
  note: ['NOTE'],
};
const ORDER = ['BEGIN', 'VERSION', 'N', 'FN', 'ORG', 'TITLE', 'TEL', 'EMAIL', 'URL', 'ADR', 'NOTE', 'END'];
const P4_LINE = /^(BEGIN|VERSION|N|FN|ORG|TITLE|TEL|EMAIL|URL|ADR|NOTE|END)(;TYPE=[A-Z,]+)?:/;
// Warnings are fixed sentences, so they can never quote a contact value.
const FIXED_WARNINGS = [
  'Too dense to print small at error correction level M: print the QR code at least 3 cm wide, or show it on a screen.',
  'Over 1000 bytes: the QR code is too dense to print on a card; show it on a screen only.',
  'Over 2331 bytes: error correction level M cannot hold this payload; encode it at level L.',
];
const tokens = (s: string): string[] =>
  s
    .split(/\s+/)
    .filter((token) => token !== '')
    .sort();

const cleanedInputs = (fields: ContactFields): Partial<Record<ContactField, string>> => {
  const cleaned: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const raw = fields[field];
    if (raw !== undefined) cleaned[field] = cleanFieldValue(field, raw);
  }
  return cleaned;
};

/** Encodes, or checks the capacity error and returns null (rare with these generators). */
function encodeOrCapacityError(fields: ContactFields): EncodedVCard | null {
  try {
    return encodeVCard(fields);
  } catch (error) {
    expect(error).toBeInstanceOf(QrCapacityExceededError);
    const { bytes, maxBytes, longestField } = error as QrCapacityExceededError;
    expect(maxBytes).toBe(2953);
    expect(bytes).toBeGreaterThan(2953);
    expect(cleanedInputs(fields)[longestField as ContactField]).not.toBe('');
    return null;
  }
}

describe('encodeVCard properties (docs/encoding.md#invariants)', () => {
  it('P1 well-formed Unicode, P2 framing, P3 CRLF only, P4 unfolded lines of known shape', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const result = encodeOrCapacityError(fields);
        if (result === null) return;
        const { qrPayload, vcard } = result;
        for (const text of [qrPayload, vcard]) {
          expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
          expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
        }
        expect(qrPayload.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
        expect(qrPayload.endsWith('\r\nEND:VCARD\r\n')).toBe(true);
        const lines = qrPayload.slice(0, -2).split('\r\n');
        expect(lines.filter((line) => line === 'BEGIN:VCARD')).toHaveLength(1);
        expect(lines.filter((line) => line === 'END:VCARD')).toHaveLength(1);
        for (const line of lines) {
          expect(line).toMatch(P4_LINE);
          expect(line).not.toMatch(/^[ \t]/);
        }
      }),
      PROPERTY_RUNS,
    );
  });

  it('P5 one VERSION/N/FN, N has 5 components, ADR 7 with only the street, ORG 1; P6 property ⇔ non-empty input', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const result = encodeOrCapacityError(fields);
        if (result === null) return;
        const properties = strictProperties(result.qrPayload);
        const names = properties.map((property) => property.name);
        const cleaned = cleanedInputs(fields);
        const expectedNames = CONTACT_FIELDS.flatMap((field) => (cleaned[field] ? PROPERTY_OF[field] : []));
        expect(names).toEqual(['BEGIN', 'VERSION', ...expectedNames, 'END']);
        expect([...names].sort((x, y) => ORDER.indexOf(x) - ORDER.indexOf(y))).toEqual(names);
        const byName = new Map(properties.map((property) => [property.name, property]));
        expect(byName.get('VERSION')!.rawValue).toBe('3.0');
        expect(strictComponents(byName.get('N')!.rawValue, ';')).toHaveLength(5);
        const adr = byName.get('ADR');
        if (adr !== undefined) {
          const components = strictComponents(adr.rawValue, ';');
          expect(components).toHaveLength(7);
          expect(components.filter((_, index) => index !== 2)).toEqual(['', '', '', '', '', '']);
          expect(adr.params).toBe('TYPE=WORK');
        }
        const org = byName.get('ORG');
        if (org !== undefined) expect(strictComponents(org.rawValue, ';')).toHaveLength(1);
        expect(byName.get('TEL')?.params ?? 'TYPE=WORK,VOICE').toBe('TYPE=WORK,VOICE');
        expect(byName.get('EMAIL')?.params ?? 'TYPE=WORK,INTERNET').toBe('TYPE=WORK,INTERNET');
        expect(byName.get('URL')?.params ?? '').toBe('');
      }),
      PROPERTY_RUNS,
    );
  });

  it('every value reads back (strict RFC reader) as the cleaned input; N keeps the tokens of FN', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const result = encodeOrCapacityError(fields);
        if (result === null) return;
        const cleaned = cleanedInputs(fields);
        const byName = new Map(
          strictProperties(result.qrPayload).map((property) => [property.name, property.rawValue]),
        );
        const text = (name: string) => (byName.has(name) ? strictText(byName.get(name)!) : '');
        expect(text('FN')).toBe(cleaned.fullName);
        expect(text('ORG')).toBe(cleaned.organization ?? '');
        expect(text('TITLE')).toBe(cleaned.title ?? '');
        expect(text('TEL')).toBe(cleaned.phone ?? '');
        expect(text('EMAIL')).toBe(cleaned.email ?? '');
        expect(text('NOTE')).toBe(cleaned.note ?? '');
        expect(byName.has('ADR') ? strictComponents(byName.get('ADR')!, ';')[2] : '').toBe(cleaned.address ?? '');
        const website = cleaned.website ? normalizeWebsite(cleaned.website) : undefined;
        expect(byName.get('URL')).toBe(website);
        expect(byName.get('URL') ?? '').not.toMatch(/[\\,;\s]/);

        const n = strictComponents(byName.get('N')!, ';');
        expect(n[0] !== '' || n[1] !== '').toBe(true);
        // No raw comma: a component is one value, not a list.
        expect(strictComponents(byName.get('N')!, ',')).toHaveLength(1);
        expect(tokens(n.join(' '))).toEqual([...nameTokens(cleaned.fullName!)].sort());
      }),
      PROPERTY_RUNS,
    );
  });

  it('P9 the byte count is the UTF-8 length, at most 2953, and minVersion follows the measured table', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const result = encodeOrCapacityError(fields);
        if (result === null) return;
        const bytes = Buffer.byteLength(result.qrPayload, 'utf8');
        expect(result.qr.bytes).toBe(bytes);
        expect(bytes).toBeLessThanOrEqual(2953);
        for (const level of ['L', 'M', 'Q', 'H'] as const) {
          const version = capacity[level].findIndex((capacityBytes) => capacityBytes >= bytes) + 1;
          expect(result.qr.minVersion[level]).toBe(version === 0 ? null : version);
        }
        expect(result.qr.warnings.length === 0).toBe(bytes <= 250);
        for (const warning of result.qr.warnings) expect(FIXED_WARNINGS).toContain(warning);
      }),
      PROPERTY_RUNS,
    );
  });

  it('P10 same input, byte-identical output; cleaning first changes nothing', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const first = encodeOrCapacityError(fields);
        const second = encodeOrCapacityError(structuredClone(fields));
        expect(second).toEqual(first);
        if (first === null) return;
        const cleaned = cleanedInputs(fields) as ContactFields;
        expect(encodeVCard(cleaned)).toEqual(first);
      }),
      PROPERTY_RUNS,
    );
  });

  it('the payload alone rebuilds the whole encoding (what a stored job keeps)', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const encoded = encodeOrCapacityError(fields);
        if (encoded === null) return;
        expect(describeQrPayload(encoded.qrPayload)).toEqual(encoded);
        // The default byte count is the payload's UTF-8 length, not its UTF-16 length.
        expect(describeQrPayload(encoded.qrPayload).qr.bytes).toBe(Buffer.byteLength(encoded.qrPayload));
      }),
      PROPERTY_RUNS,
    );
  });

  it('rejects every card over 2953 bytes with QrCapacityExceededError', () => {
    const big = fc.record({
      fullName: fc.constantFrom('Jane Doe', '山田 太郎'),
      note: fc.string({ unit: fc.constantFrom('x', '山', '😀', ',', '\\'), minLength: 500, maxLength: 2000 }),
      address: fc.string({ unit: fc.constantFrom('y', 'ü', ';'), minLength: 0, maxLength: 512 }),
    });
    fc.assert(
      fc.property(big, (fields) => {
        let result: EncodedVCard | undefined;
        try {
          result = encodeVCard(fields);
        } catch (error) {
          expect(error).toBeInstanceOf(QrCapacityExceededError);
          expect((error as QrCapacityExceededError).bytes).toBeGreaterThan(2953);
          return;
        }
        expect(Buffer.byteLength(result.qrPayload)).toBeLessThanOrEqual(2953);
      }),
      PROPERTY_RUNS,
    );
  });
});
