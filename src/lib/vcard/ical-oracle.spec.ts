import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  cleanFieldValue,
  CONTACT_FIELDS,
  type ContactField,
  hostileContact,
  PROPERTY_RUNS,
  validatedContact,
} from '../../../test/fixtures/vcard/contact.arbitrary';
import { icalUnstructuredReading, readWithIcal } from '../../../test/fixtures/vcard/ical-reader';
import { strictComponents, strictProperties } from '../../../test/fixtures/vcard/strict-vcard-reader';
import type { ContactFields } from '../contact';
import { encodeVCard } from './encode-vcard';
import { deriveStructuredName } from './structured-name';
import { normalizeWebsite } from '../contact';

// ical.js 2.2.1 as the independent parser of docs/encoding.md#invariants P7/P8 (vobject stands in for it in the spec).
// Its quirks (documented in ical-reader.ts) are pinned first, so that the oracle's expectations
// below are known to be about ical.js and not about the encoder.

const wrap = (...lines: string[]) => `BEGIN:VCARD\r\nVERSION:3.0\r\n${lines.join('\r\n')}\r\nEND:VCARD\r\n`;

describe('ical.js quirks the oracle works around', () => {
  it('1: keeps \\; in unstructured text (FN, TITLE, NOTE, EMAIL) but unescapes it in ORG', () => {
    const card = readWithIcal(wrap('FN:a\\;b', 'TITLE:c\\;d', 'NOTE:e\\;f\\,g', 'ORG:h\\;i'));
    expect(card.fn).toBe('a\\;b');
    expect(card.title).toBe('c\\;d');
    expect(card.note).toEqual(['e\\;f,g']);
    expect(card.org).toBe('h;i');
  });

  it('2: merges components when one ends with an escaped backslash (\\\\; is not a separator to it)', () => {
    expect(readWithIcal(wrap('N:a\\\\;b;c;;')).n).toEqual(['a\\;b', 'c', '', '']);
    expect(readWithIcal(wrap('ADR:;;x\\\\;;;;')).adr).toEqual(['', '', 'x\\;', '', '', '']);
    // The strict reader gets both right.
    expect(strictComponents('a\\\\;b;c;;', ';')).toEqual(['a\\', 'b', 'c', '', '']);
  });

  it('3: drops every backslash from TEL (phone-number) and keeps every one in URL (uri)', () => {
    const card = readWithIcal(wrap('TEL:+1\\,2\\;3\\\\4\\n5', 'URL:https://example.com/a\\,b'));
    expect(card.tel).toBe('+1,2;34n5');
    expect(card.url).toBe('https://example.com/a\\,b');
  });

  it('4: reads NOTE as a comma list, so only an escaped comma keeps it one value', () => {
    expect(readWithIcal(wrap('NOTE:a,b')).note).toEqual(['a', 'b']);
    expect(readWithIcal(wrap('NOTE:a\\,b')).note).toEqual(['a,b']);
  });

  it('sees a second card when an injection gets through (so cards === 1 below means something)', () => {
    const injected = `${wrap('FN:Eve')}${wrap('FN:Mallory')}`;
    expect(readWithIcal(injected).cards).toBe(2);
  });
});

const cleanedInputs = (fields: ContactFields): Partial<Record<ContactField, string>> => {
  const cleaned: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const raw = fields[field];
    if (raw !== undefined && cleanFieldValue(field, raw) !== '') cleaned[field] = cleanFieldValue(field, raw);
  }
  return cleaned;
};

// Quirk 2 applies exactly when a component that is followed by a separator ends with a backslash.
const endsWithBackslash = (components: string[]): boolean =>
  components.slice(0, -1).some((component) => component.endsWith('\\'));

describe('ical.js reads every encoded card as its cleaned input', () => {
  it('FN, N, ORG, TITLE, TEL, EMAIL, URL, ADR street, NOTE; qrPayload and vcard parse identically', () => {
    let quirk2Cases = 0;
    fc.assert(
      fc.property(validatedContact, (fields) => {
        const { qrPayload, vcard } = encodeVCard(fields);
        const cleaned = cleanedInputs(fields);
        const card = readWithIcal(qrPayload);
        expect(readWithIcal(vcard).jcal).toEqual(card.jcal);
        expect(card.cards).toBe(1);
        expect(card.version).toBe('3.0');

        expect(card.fn).toBe(icalUnstructuredReading(cleaned.fullName!));
        expect(card.org).toBe(cleaned.organization);
        expect(card.title).toBe(cleaned.title === undefined ? undefined : icalUnstructuredReading(cleaned.title));
        expect(card.tel).toBe(cleaned.phone);
        expect(card.email).toBe(cleaned.email);
        expect(card.url).toBe(cleaned.website === undefined ? undefined : normalizeWebsite(cleaned.website));
        expect(card.note).toEqual(cleaned.note === undefined ? undefined : [icalUnstructuredReading(cleaned.note)]);

        const n = deriveStructuredName(cleaned.fullName!);
        const adr = cleaned.address === undefined ? undefined : ['', '', cleaned.address, '', '', '', ''];
        const properties = new Map(strictProperties(qrPayload).map((property) => [property.name, property.rawValue]));
        if (endsWithBackslash(n)) {
          quirk2Cases++;
          expect(card.n).not.toEqual(n);
          expect(strictComponents(properties.get('N')!, ';')).toEqual(n);
        } else {
          expect(card.n).toEqual(n);
        }
        if (adr !== undefined && endsWithBackslash(adr)) {
          quirk2Cases++;
          expect(card.adr).not.toEqual(adr);
          expect(strictComponents(properties.get('ADR')!, ';')).toEqual(adr);
        } else {
          expect(card.adr).toEqual(adr);
        }
      }),
      PROPERTY_RUNS,
    );
    // The quirk must stay the exception, or this oracle would be checking too little.
    expect(quirk2Cases).toBeLessThan(PROPERTY_RUNS.numRuns / 10);
  });

  it('hostile cards (unvalidated phone and email too) stay one card with exactly the emitted properties', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const { qrPayload, vcard } = encodeVCard(fields);
        const expectedNames = strictProperties(qrPayload)
          .map((property) => property.name.toLowerCase())
          .filter((name) => name !== 'begin' && name !== 'end');
        for (const text of [qrPayload, vcard]) {
          const card = readWithIcal(text);
          expect(card.cards).toBe(1);
          expect(card.names).toEqual(expectedNames);
          expect(card.fn).toBe(icalUnstructuredReading(cleanFieldValue('fullName', fields.fullName)));
        }
      }),
      PROPERTY_RUNS,
    );
  });
});
