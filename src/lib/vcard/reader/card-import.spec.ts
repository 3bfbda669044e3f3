import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_SCHEMA, validateContact, type ListRule } from '../../contact';
import { compileCardImport, type CardImport } from './card-import';
import type { ImportedCard, ValueSource } from './imported-contact';
import { mapVCardToContact } from './map-vcard';
import type { CardEvent } from './read-event';
import { readVCards } from './read-vcards';

const CORPUS = join(__dirname, '../../../../test/fixtures/import');
const importCard = compileCardImport();

function imported(...lines: string[]) {
  const events = readVCards(Buffer.from(['BEGIN:VCARD', ...lines, 'END:VCARD'].join('\r\n')));
  expect(events).toHaveLength(1);
  return importCard(events[0]);
}

const card = (...lines: string[]): CardImport => {
  const outcome = imported(...lines);
  if (!outcome.ok) throw new Error(`not imported: ${outcome.failure.issue}`);
  return outcome.card;
};

const reported = (result: CardImport): string[] =>
  result.leftOut.map(({ property, line, reason }) => `${property}@${line}:${reason}`);

/** What the rules reject in each export of the corpus (the reading's own reasons are import-corpus.spec's). */
const REJECTED: Record<string, string[]> = {
  'android-full.vcf': [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38].map((line) => `TEL@${line}:too_many`),
  // A once-field written again is the reading's too_many (import-corpus.spec), a ninth phone the rules'.
  'fullcontact-4.0.vcf': ['TEL@13:too_many', 'PHOTO@21:too_many', 'PHOTO@23:too_many'].concat([
    'ORG@26:too_many',
    'TITLE@28:too_many',
    'BDAY@30:too_many',
  ]),
  'gmail.vcf': ['TEL@30:too_many', 'TEL@32:too_many', 'TEL@33:too_many', 'ADR@39:too_many'],
  // The phone wrote what its user typed in the number field; an Apple URI is no web address.
  'iphone-ios8.vcf': ['TEL@26:format', 'TEL@31:too_many', 'TEL@33:too_many', 'X-SOCIALPROFILE@90:format'],
  // Outlook 2003's test export holds its field names where the numbers go.
  'outlook-2003.vcf': ['TEL@10:format', 'TEL@11:format', 'TEL@12:format', 'TEL@13:format'],
};
const RULE_WORDS = new Set(['format', 'too_long', 'invalid_value', 'too_many']);

/**
 * The contact the rules make of what the mapping read: each list without the entries reported
 * left out (by their lines), `pref` on the first kept entry that was marked; then the rules' own
 * cleaning, through the validator any JSON request goes through.
 */
function expectedContact(mapped: ImportedCard, result: CardImport): unknown {
  const dropped = new Set(result.leftOut.filter(({ reason }) => RULE_WORDS.has(reason)).map(({ line }) => line));
  const expected: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(mapped.contact)) {
    const sources = mapped.sources[field];
    if (!Array.isArray(value) || !Array.isArray(sources)) {
      if (!dropped.has((sources as ValueSource | undefined)?.line ?? -1)) expected[field] = value;
      continue;
    }
    let marked = false;
    const kept = value.flatMap((entry, index) => {
      if (dropped.has((sources as ValueSource[])[index].line)) return [];
      if (typeof entry !== 'object') return [entry];
      const { pref: _pref, ...rest } = entry as Record<string, unknown>;
      const first = !marked && (sources as ValueSource[])[index].preferred === true;
      marked ||= (sources as ValueSource[])[index].preferred === true;
      return [first ? { ...rest, pref: true } : rest];
    });
    if (kept.length > 0) expected[field] = kept.slice(0, (CONTACT_SCHEMA.fields[field] as ListRule).max);
  }
  const outcome = validateContact(expected);
  expect(outcome.ok).toBe(true);
  return outcome.ok ? outcome.value : undefined;
}

describe('compileCardImport: the corpus of real client exports', () => {
  const files = readdirSync(CORPUS).filter((name) => name.endsWith('.vcf'));

  it.each(files)('%s imports: every value the rules accept, the rest reported by line', (file) => {
    const event = readVCards(readFileSync(join(CORPUS, file)))[0] as CardEvent;
    const outcome = importCard(event);
    if (!outcome.ok) throw new Error(`${file}: ${outcome.failure.issue}`);
    const rejected = reported(outcome.card).filter((entry) => RULE_WORDS.has(entry.slice(entry.lastIndexOf(':') + 1)));
    expect(rejected).toEqual(REJECTED[file] ?? []);
    expect(outcome.card.contact).toEqual(expectedContact(mapVCardToContact(event) as ImportedCard, outcome.card));
    // Sent back as JSON, the contact is taken exactly as it is.
    expect(validateContact(outcome.card.contact)).toEqual({ ok: true, value: outcome.card.contact });
  });
});

describe('compileCardImport: the contact rules', () => {
  it('leaves out each value the rules reject, with the rule’s word, and keeps the rest', () => {
    const result = card(
      'VERSION:3.0',
      'FN:Ada',
      'EMAIL:not an address',
      'EMAIL;TYPE=HOME:ada@example.com',
      `TITLE:${'t'.repeat(257)}`,
      'BDAY:1815-13-40',
      'URL:example.com/ada',
      'BDAY:April 1815',
      'X-SOCIALPROFILE;TYPE=Bad Service:https://example.com/x',
    );
    expect(result.contact).toEqual({
      fullName: 'Ada',
      emails: [{ address: 'ada@example.com', type: 'home' }],
      urls: [{ url: 'https://example.com/ada', type: 'other' }],
    });
    expect(reported(result)).toEqual([
      'EMAIL@4:format',
      'TITLE@6:too_long',
      'BDAY@7:invalid_value',
      'BDAY@9:too_many',
      'X-SOCIALPROFILE@10:invalid_value',
    ]);
  });

  it('takes the next name when the rules reject FN, and reports the FN', () => {
    const result = card('VERSION:3.0', `FN:${'x'.repeat(300)}`, 'N:Lovelace;Ada;;;', 'ORG:Engines');
    expect(result.contact).toMatchObject({ fullName: 'Ada Lovelace', name: { family: 'Lovelace', given: 'Ada' } });
    expect(reported(result)).toEqual(['FN@3:too_long']);
    expect(card('VERSION:3.0', `FN:${'x'.repeat(300)}`, 'ORG:Engines;R&D').contact).toEqual({
      fullName: 'Engines',
      organization: 'Engines',
      department: 'R&D',
    });
  });

  it('fails only a card with no usable name, at its BEGIN line', () => {
    expect(imported('VERSION:3.0', 'TEL:+1 555 0100')).toEqual({ ok: false, failure: { line: 1, issue: 'no_name' } });
    expect(imported('VERSION:3.0', `FN:${'x'.repeat(300)}`)).toEqual({
      ok: false,
      failure: { line: 1, issue: 'no_name' },
    });
  });

  it('keeps at most a list’s limit, and pref on the first kept entry that was marked', () => {
    const phones = Array.from({ length: 10 }, (_, i) => `TEL:+1 555 01${String(i).padStart(2, '0')}`);
    const result = card(
      'VERSION:3.0',
      'FN:x',
      'TEL;TYPE=CELL,PREF:letters',
      'TEL;TYPE=HOME,PREF:+1 555 0199',
      ...phones,
    );
    const kept = result.contact.phones as Array<Record<string, unknown>>;
    expect(kept).toHaveLength(8);
    expect(kept[0]).toEqual({ number: '+1 555 0199', type: 'home', pref: true });
    expect(kept.filter((phone) => phone.pref === true)).toHaveLength(1);
    expect(reported(result)).toEqual(['TEL@4:format', 'TEL@13:too_many', 'TEL@14:too_many', 'TEL@15:too_many']);
  });

  it('says nothing of a value the rules find empty once cleaned', () => {
    const result = card('VERSION:3.0', 'FN:x', 'NOTE:\\u0001', 'TITLE:\u0007\u0007');
    expect(result.contact).toEqual({ fullName: 'x', note: 'u0001' });
    expect(result.leftOut).toEqual([]);
  });

  it('passes on why a card could not be read', () => {
    const [event] = readVCards(Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:x\r\n'));
    expect(importCard(event)).toEqual({ ok: false, failure: { line: 1, issue: 'no_end' } });
  });
});
