import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { readMecard } from '../../../test/fixtures/vcard/mecard-reader';
import { richContact, type RichContactInput } from '../../../test/fixtures/vcard/rich-contact.arbitrary';
import { validateContact } from '../contact';
import type { ContactFields } from '../contact';
import { encodeVCard } from './encode-vcard';
import { deriveStructuredName } from './structured-name';

// vCard 4.0 and MECARD (docs/encoding.md#formats) for generated rich contacts. 4.0 is read by ical.js
// (its vCard 4.0 design set) and checked property by property; MECARD by a reader written from
// ZXing's AddressBookDoCoMoResultParser (test/fixtures/vcard/mecard-reader.ts), field by field.

const RUNS = 250;
const V4_PHONE: Record<string, string[]> = {
  work: ['work', 'voice'],
  home: ['home', 'voice'],
  cell: ['cell', 'voice'],
  fax: ['fax'],
  pager: ['pager'],
  video: ['video'],
  text: ['text'],
  other: ['voice'],
};
const v4Place = (type: string | undefined): string[] => (type === 'other' ? [] : [type ?? 'work']);

function contacts(seed: number): Array<{ input: RichContactInput; contact: ContactFields }> {
  return fc.sample(richContact, { seed, numRuns: RUNS }).flatMap((input) => {
    const outcome = validateContact(input);
    if (!outcome.ok) throw new Error(`a generated contact was rejected: ${JSON.stringify(outcome.issues)}`);
    try {
      encodeVCard(outcome.value, { format: 'vcard4' });
      return [{ input, contact: outcome.value }];
    } catch (error) {
      if ((error as Error).name === 'QrCapacityExceededError') return [];
      throw error;
    }
  });
}

/** ical.js merges structured components around a component ending in a backslash (its quirk 2). */
const clean = (components: string[]): boolean => !components.some((part) => part.endsWith('\\'));

interface Expected {
  name: string;
  params: Record<string, unknown>;
  value?: unknown;
}

function expected4(c: RichContactInput): Expected[] {
  const out: Expected[] = [{ name: 'version', params: {}, value: '4.0' }];
  const n = c.name
    ? [c.name.family ?? '', c.name.given ?? '', c.name.additional ?? '', c.name.prefix ?? '', c.name.suffix ?? '']
    : deriveStructuredName(c.fullName);
  out.push({ name: 'n', params: {}, value: clean(n) ? n : undefined });
  out.push({ name: 'fn', params: {}, value: c.fullName });
  if (c.nickname) out.push({ name: 'nickname', params: {}, value: c.nickname });
  if (c.organization || c.department) {
    const org = c.department ? [c.organization ?? '', c.department] : [c.organization!];
    out.push({ name: 'org', params: {}, value: clean(org) ? (org.length === 1 ? org[0] : org) : undefined });
  }
  if (c.title) out.push({ name: 'title', params: {}, value: c.title });
  const typed = (types: string[], pref?: boolean): Record<string, unknown> => ({
    ...(types.length ? { type: types.length === 1 ? types[0] : types } : {}),
    ...(pref ? { pref: '1' } : {}),
  });
  if (c.phone) out.push({ name: 'tel', params: typed(['work', 'voice']), value: c.phone });
  for (const p of c.phones ?? [])
    out.push({ name: 'tel', params: typed(V4_PHONE[p.type ?? 'work'], p.pref), value: p.number });
  if (c.email) out.push({ name: 'email', params: typed(['work']), value: c.email });
  for (const e of c.emails ?? []) out.push({ name: 'email', params: typed(v4Place(e.type), e.pref), value: e.address });
  if (c.website) out.push({ name: 'url', params: typed(['work']), value: c.website });
  for (const u of c.urls ?? []) out.push({ name: 'url', params: typed(v4Place(u.type)), value: u.url });
  if (c.address) {
    const adr = ['', '', c.address, '', '', '', ''];
    out.push({ name: 'adr', params: typed(['work']), value: clean(adr) ? adr : undefined });
  }
  for (const a of c.addresses ?? []) {
    const adr = [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].map(
      (part) => part ?? '',
    );
    out.push({ name: 'adr', params: typed(v4Place(a.type), a.pref), value: clean(adr) ? adr : undefined });
  }
  for (const s of c.socialProfiles ?? [])
    out.push({ name: 'socialprofile', params: { 'service-type': s.service }, value: s.url });
  if (c.birthday) out.push({ name: 'bday', params: {}, value: c.birthday });
  if (c.categories) out.push({ name: 'categories', params: {} });
  if (c.note) out.push({ name: 'note', params: {}, value: c.note });
  if (c.photoUrl) out.push({ name: 'photo', params: {}, value: c.photoUrl });
  return out;
}

describe('vCard 4.0 read back by ical.js, property by property', () => {
  const seed = Date.now() % 2 ** 31;
  it(`escapes, TYPE lists, PREF=1, SERVICE-TYPE and BDAY (seed ${seed})`, () => {
    const generated = contacts(seed);
    expect(generated.length).toBeGreaterThan(RUNS * 0.8);
    for (const { input, contact } of generated) {
      const encoded = encodeVCard(contact, { format: 'vcard4' });
      expect(encoded.format).toBe('vcard4');
      expect(encoded.qrPayload.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
      expect(encoded.vcard).not.toMatch(/CHARSET|KIND|PRODID|X-SOCIALPROFILE/);
      const jcal = ICAL.parse(encoded.vcard) as unknown[];
      expect(typeof jcal[0]).toBe('string');
      const properties = new ICAL.Component(jcal).getAllProperties();
      const want = expected4(input);
      expect(properties.map((property) => property.name)).toEqual(want.map((property) => property.name));
      properties.forEach((property, i) => {
        const [, params, , ...values] = property.toJSON() as [string, Record<string, unknown>, string, ...unknown[]];
        expect(params).toEqual(want[i].params);
        // Its quirk 2 also splits a list value after a value that ends with a backslash.
        if (want[i].name === 'categories') {
          if (clean(input.categories!)) expect(values).toEqual(input.categories!);
        } else if (want[i].value !== undefined) expect(values[0]).toEqual(want[i].value);
      });
      // PHOTO is in the file only.
      expect(encoded.qrPayload.includes('\r\nPHOTO:')).toBe(false);
      expect(encoded.qr.omitted).toEqual(input.photoUrl ? ['photoUrl'] : []);
    }
  });
});

describe('MECARD read back by a ZXing-rules reader, field by field', () => {
  const seed = (Date.now() + 1) % 2 ** 31;
  it(`every value, with \\ ; : , and non-ASCII in them (seed ${seed})`, () => {
    for (const { input, contact } of contacts(seed)) {
      const encoded = encodeVCard(contact, { format: 'mecard' });
      const text = encoded.qrPayload;
      expect(text).not.toMatch(/[\r\n]/);
      const read = readMecard(text);
      const n = input.name ? [input.name.family, input.name.given] : deriveStructuredName(input.fullName).slice(0, 2);
      expect(read.n).toEqual(n[0] && n[1] ? n : [n[0] || n[1]]);
      expect(read.tel).toEqual([input.phone, ...(input.phones ?? []).map((p) => p.number)].filter(Boolean));
      expect(read.email).toEqual([input.email, ...(input.emails ?? []).map((e) => e.address)].filter(Boolean));
      expect(read.url).toEqual([input.website, ...(input.urls ?? []).map((u) => u.url)].filter(Boolean));
      const adr = [
        ...(input.address ? [input.address] : []),
        ...(input.addresses ?? []).map((a) =>
          [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].filter(Boolean).join(', '),
        ),
      ].map((value) => value.replaceAll('\n', ' ').trim());
      expect(read.adr).toEqual(adr);
      expect(read.org).toBe(input.organization?.trim() || null);
      expect(read.note).toBe(input.note ? input.note.replaceAll('\n', ' ').trim() : null);
      expect(read.bday).toBe(input.birthday ? input.birthday.replaceAll('-', '') : null);
      expect(read.nickname).toBe(input.nickname?.trim() || null);
      // What MECARD cannot carry is named, the photo first; the file stays the vCard 3.0 card.
      const unsupported = [
        input.photoUrl && 'photoUrl',
        input.department && 'department',
        input.title && 'title',
        input.socialProfiles && 'socialProfiles',
        input.categories && 'categories',
      ].filter(Boolean);
      expect(encoded.qr.omitted).toEqual(unsupported);
      expect(encoded.vcard).toBe(encodeVCard(contact).vcard);
      expect(encoded.format).toBe('mecard');
    }
  });

  it('no value can add a field or end the card', () => {
    const hostile = 'x;TEL:+1 555 0199;EMAIL:eve@evil.example;;\\;\\\\;:,N:Mallory';
    const text = encodeVCard(
      { fullName: hostile, organization: hostile, note: hostile, address: hostile },
      { format: 'mecard' },
    ).qrPayload;
    const read = readMecard(text);
    expect(read.tel).toEqual([]);
    expect(read.email).toEqual([]);
    expect(read.org).toBe(hostile);
    expect(read.note).toBe(hostile);
    expect(read.adr).toEqual([hostile]);
    expect(text.endsWith(';;')).toBe(true);
  });
});
