import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { birthdayDate } from './birthday-date';
import { emailAddress } from './email-address';
import { isPreferred } from './is-preferred';
import { CONTACT_SCHEMA, type EntriesSpec, type ListRule } from '../../contact';
import { entryParameter } from './entry-parameter';
import { compileEntryType } from './entry-type';
import { photoSource } from './photo-source';
import { splitUnescaped } from './split-unescaped';
import { telNumber } from './tel-number';
import { unescapeText } from './unescape-text';
import { listValues, valueComponents } from './value-components';

/** How the declaration's list `field` types its entries from TYPE words. */
function typeOf(field: string): (words: readonly string[]) => string {
  const rule = CONTACT_SCHEMA.fields[field] as ListRule;
  const type = rule.items.kind === 'object' ? rule.items.fields.type : undefined;
  return compileEntryType(rule.card as EntriesSpec, type?.kind === 'choice' ? type.values : []);
}
const phoneType = typeOf('phones');
const placeType = typeOf('emails');
const SOCIAL = (CONTACT_SCHEMA.fields.socialProfiles.card as EntriesSpec).parameter!;
const socialService = (params: Record<string, string[]>) => entryParameter(params, SOCIAL);

describe('text values', () => {
  it('unescape \\n \\N \\, \\; \\\\ and let any other escape stand for its character', () => {
    expect(unescapeText('a\\nb\\Nc\\,d\\;e\\\\f')).toBe('a\nb\nc,d;e\\f');
    expect(unescapeText('http\\://example.com/\\"x\\"')).toBe('http://example.com/"x"');
    expect(unescapeText('ends with \\')).toBe('ends with \\');
  });

  it('split at unescaped separators only, an escaped backslash before one included', () => {
    expect(splitUnescaped('a\\;b;c\\\\;d', ';')).toEqual(['a\\;b', 'c\\\\', 'd']);
    expect(splitUnescaped('x', ',')).toEqual(['x']);
  });

  it('keep commas in ADR and ORG components as text, join N comma lists with a space', () => {
    expect(valueComponents(';;Silicon Alley 5,;New York', 'text')).toEqual(['', '', 'Silicon Alley 5,', 'New York']);
    expect(valueComponents('Company\\, The;Dept', 'text')).toEqual(['Company, The', 'Dept']);
    expect(valueComponents('Doe;John;Richter,James;Mr.;Sr.', 'list')).toEqual([
      'Doe',
      'John',
      'Richter James',
      'Mr.',
      'Sr.',
    ]);
    expect(listValues('a\\,b,c, d')).toEqual(['a,b', 'c', 'd']);
  });

  it('never throw on any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        unescapeText(text);
        valueComponents(text, 'list');
        valueComponents(text, 'text');
        telNumber(text);
        emailAddress(text);
        birthdayDate(text);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('phones', () => {
  it('take the number of a tel: URI, with its extension', () => {
    expect(telNumber('tel:+1-555-555-5555;ext=5555')).toBe('+1-555-555-5555 ext. 5555');
    expect(telNumber('TEL:+33 1 23;phone-context=example.com')).toBe('+33 1 23');
    expect(telNumber('(650) 555-1212')).toBe('(650) 555-1212');
  });

  it('pick the type by priority cell > fax > pager > video > text > home > work > other', () => {
    expect(phoneType(['HOME', 'FAX'])).toBe('fax');
    expect(phoneType(['work', 'cell', 'voice'])).toBe('cell');
    expect(phoneType(['PAGER', 'WORK', 'MSG'])).toBe('pager');
    expect(phoneType(['VIDEO', 'text'])).toBe('video');
    expect(phoneType(['msg', 'home'])).toBe('text');
    expect(phoneType(['TEXT'])).toBe('text');
    expect(phoneType(['HOME', 'WORK'])).toBe('home');
    expect(phoneType(['WORK', 'VOICE'])).toBe('work');
    expect(phoneType(['VOICE', 'ISDN', 'X-CUSTOM'])).toBe('other');
  });

  it('see a preference in a pref type (3.0, 2.1 bare) or PREF=1 (4.0)', () => {
    expect(isPreferred({ TYPE: ['CELL', 'pref'] })).toBe(true);
    expect(isPreferred({ PREF: ['1'] })).toBe(true);
    expect(isPreferred({ PREF: ['2'] })).toBe(false);
    expect(isPreferred({ TYPE: ['HOME'] })).toBe(false);
  });
});

describe('emails, places, social profiles, birthdays and photos', () => {
  it('take the address out of a display-name form', () => {
    expect(emailAddress('"Omega" <omega@example.com>')).toBe('omega@example.com');
    expect(emailAddress('Omega <omega@example.com> ')).toBe('omega@example.com');
    expect(emailAddress('a@b.c')).toBe('a@b.c');
  });

  it('read home or work, else other; channel words are not places', () => {
    expect(placeType(['INTERNET', 'home'])).toBe('home');
    expect(placeType(['WORK', 'POSTAL', 'PARCEL'])).toBe('work');
    expect(placeType(['INTERNET', 'DOM', 'INTL', 'X-SCHOOL'])).toBe('other');
    expect(typeOf('addresses')(['POSTAL', 'home'])).toBe('home');
    expect(typeOf('urls')(['WORK'])).toBe('work');
  });

  it('name a social service by SERVICE-TYPE or TYPE, in lower case', () => {
    expect(socialService({ 'SERVICE-TYPE': ['Mastodon'] })).toBe('mastodon');
    expect(socialService({ TYPE: ['pref', 'Twitter'] })).toBe('twitter');
    expect(socialService({ 'X-USER': ['someone'] })).toBeUndefined();
  });

  it('read a birthday from a date, a basic date or a date-time; a yearless one is no_year', () => {
    expect(birthdayDate('1980-03-22')).toEqual({ date: '1980-03-22' });
    expect(birthdayDate('19800322')).toEqual({ date: '1980-03-22' });
    expect(birthdayDate('1980-03-22T00:00:00Z')).toEqual({ date: '1980-03-22' });
    expect(birthdayDate('19800322T120000')).toEqual({ date: '1980-03-22' });
    expect(birthdayDate('--0415')).toEqual({ noYear: true });
    expect(birthdayDate('--04-15')).toEqual({ noYear: true });
    expect(birthdayDate('1604-02-02')).toEqual({ noYear: true });
    expect(birthdayDate('circa 1900')).toEqual({ date: 'circa 1900' });
  });

  it('tell web photos from inline and other ones', () => {
    const photo = (value: string, inline?: true) => ({
      name: 'PHOTO',
      params: {},
      value,
      line: 1,
      ...(inline && { inline }),
    });
    expect(photoSource(photo('https://example.com/a.jpg'))).toEqual({ url: 'https://example.com/a.jpg' });
    expect(photoSource(photo('http\\://example.com/a.jpg'))).toEqual({ url: 'http://example.com/a.jpg' });
    expect(photoSource(photo('', true))).toBe('inline');
    expect(photoSource(photo('data:image/png;base64,AAAA'))).toBe('inline');
    expect(photoSource(photo('cid:photo@example'))).toBe('elsewhere');
  });
});
