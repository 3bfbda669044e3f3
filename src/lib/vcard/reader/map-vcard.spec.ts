import { describe, expect, it } from '@jest/globals';
import { CONTACT_READ_TABLE } from './contact-read-table';
import type { ImportedCard, NoNameError } from './imported-contact';
import { mapVCardToContact } from './map-vcard';
import type { CardEvent } from './read-event';
import { readVCards } from './read-vcards';

function imported(...lines: string[]): ImportedCard | NoNameError {
  const events = readVCards(Buffer.from(['BEGIN:VCARD', ...lines, 'END:VCARD'].join('\r\n')));
  expect(events).toHaveLength(1);
  return mapVCardToContact(events[0] as CardEvent);
}

const card = (...lines: string[]): ImportedCard => imported(...lines) as ImportedCard;

describe('mapVCardToContact: the name', () => {
  it('takes FN, else N as "prefix given additional family suffix", else ORG’s first component', () => {
    expect(card('VERSION:3.0', 'FN:Jo Doe', 'N:Doe;Jo;;;').contact.fullName).toBe('Jo Doe');
    expect(card('VERSION:3.0', 'N:Doe;John;Richter,James;Mr.;Sr.').contact.fullName).toBe(
      'Mr. John Richter James Doe Sr.',
    );
    expect(card('VERSION:3.0', 'ORG:Acme\\, Inc.;Sales').contact.fullName).toBe('Acme, Inc.');
    expect(imported('VERSION:3.0', 'TEL:1', 'FN: ')).toEqual({ kind: 'error', line: 1, issue: 'no_name' });
  });

  it('offers the next names for when the contact rules reject the one chosen', () => {
    const names = (...lines: string[]) =>
      card(...lines).candidates.fullName.map(({ value, property, line }) => `${value}|${property}@${line}`);
    expect(names('VERSION:3.0', 'FN:Jo', 'N:Doe;Jo;;;', 'ORG:Acme')).toEqual(['Jo|FN@3', 'Jo Doe|N@4', 'Acme|ORG@5']);
    expect(names('VERSION:3.0', 'N:Doe;Jo;;;', 'ORG:Acme')).toEqual(['Jo Doe|N@3', 'Acme|ORG@4']);
    expect(names('VERSION:3.0', 'N:;;;Dr.;', 'N:Who;;;;')).toEqual(['Dr.|N@3']);
  });

  it('does not carry an N without family and given name, nor empty name parts', () => {
    const prefixOnly = card('VERSION:3.0', 'N:;;;Dr.;', 'FN:Dr. Who');
    expect(prefixOnly.contact.name).toBeUndefined();
    expect(prefixOnly.leftOut).toEqual([]);
    expect(card('VERSION:3.0', 'N:Doe;;;;', 'FN:x').contact.name).toEqual({ family: 'Doe' });
  });
});

describe('mapVCardToContact: fields held once and lists', () => {
  it('takes a once-field from its first non-empty occurrence and reports the later ones as too_many', () => {
    const result = card('VERSION:3.0', 'FN:', 'FN:First', 'FN:Second', 'ORG:A;B', 'ORG:C', 'TITLE:t', 'TITLE:');
    expect(result.contact).toMatchObject({ fullName: 'First', organization: 'A', department: 'B', title: 't' });
    expect(result.leftOut).toEqual([
      { property: 'FN', line: 5, reason: 'too_many' },
      { property: 'ORG', line: 7, reason: 'too_many' },
    ]);
  });

  it('keeps list entries in file order with their types, pref on the first preferred entry only', () => {
    const result = card(
      'VERSION:3.0',
      'FN:x',
      'TEL;TYPE=HOME:1',
      'TEL;TYPE=CELL,PREF:2',
      'TEL;TYPE=WORK;TYPE=pref:3',
      'EMAIL;TYPE=INTERNET:"X" <x@example.com>',
      'URL;TYPE=WORK:http\\://example.com',
      'ADR;TYPE=HOME,PREF:;;1 Main St\\nFlat 2;Town;;123;',
      'ADR;TYPE=POSTAL:;;;;;;',
      'CATEGORIES:a,b',
      'CATEGORIES:c',
      'X-SOCIALPROFILE;TYPE=Twitter:https://twitter.com/x',
      'SOCIALPROFILE;SERVICE-TYPE=Mastodon:https://example.social/@x',
    );
    expect(result.contact).toEqual({
      fullName: 'x',
      phones: [
        { number: '1', type: 'home' },
        { number: '2', type: 'cell', pref: true },
        { number: '3', type: 'work' },
      ],
      emails: [{ address: 'x@example.com', type: 'other' }],
      urls: [{ url: 'http://example.com', type: 'work' }],
      addresses: [{ street: '1 Main St\nFlat 2', locality: 'Town', postalCode: '123', type: 'home', pref: true }],
      socialProfiles: [
        { service: 'twitter', url: 'https://twitter.com/x' },
        { service: 'mastodon', url: 'https://example.social/@x' },
      ],
      categories: ['a', 'b', 'c'],
    });
    expect(result.leftOut).toEqual([]);
  });

  it('reads 4.0 tel: URIs and PREF=1', () => {
    const result = card('VERSION:4.0', 'FN:x', 'TEL;VALUE=uri;TYPE="voice,home";PREF=1:tel:+1-555-555-5555;ext=12');
    expect(result.contact.phones).toEqual([{ number: '+1-555-555-5555 ext. 12', type: 'home', pref: true }]);
  });
});

describe('mapVCardToContact: what is left out', () => {
  it('names every other property with its line, never its value, and skips empty ones', () => {
    const result = card(
      'VERSION:2.1',
      'FN:x',
      'ROLE:Boss',
      'item1.X-ABLabel:_$!<Other>!$_',
      'X-EMPTY:',
      'LABEL;ENCODING=QUOTED-PRINTABLE:a=0D=0Ab',
    );
    expect(result.leftOut).toEqual([
      { property: 'ROLE', line: 4, reason: 'unsupported' },
      { property: 'X-ABLABEL', line: 5, reason: 'unsupported' },
      { property: 'LABEL', line: 7, reason: 'unsupported' },
    ]);
    expect(JSON.stringify(result.leftOut)).not.toMatch(/Boss|Other/);
  });

  it('reports an inline photo, a photo that is neither, a yearless birthday and a nested agent', () => {
    const result = card(
      'VERSION:2.1',
      'FN:x',
      'PHOTO;JPEG;ENCODING=BASE64:',
      ' QUJD',
      '',
      'PHOTO;VALUE=URL:https://example.com/p.jpg',
      'BDAY:--0415',
      'KEY;ENCODING=b:QUJD',
      'AGENT:',
      'BEGIN:VCARD',
      'FN:nested',
      'END:VCARD',
    );
    expect(result.contact).toEqual({ fullName: 'x' });
    expect(result.leftOut).toEqual([
      { property: 'PHOTO', line: 4, reason: 'inline_photo' },
      { property: 'PHOTO', line: 7, reason: 'too_many' },
      { property: 'BDAY', line: 8, reason: 'no_year' },
      { property: 'KEY', line: 9, reason: 'unsupported' },
      { property: 'AGENT', line: 10, reason: 'unsupported' },
    ]);
    expect(card('VERSION:4.0', 'FN:x', 'PHOTO:https://example.com/p.jpg').contact.photoUrl).toBe(
      'https://example.com/p.jpg',
    );
    expect(card('VERSION:3.0', 'FN:x', 'PHOTO;VALUE=uri:cid:part1').leftOut).toEqual([
      { property: 'PHOTO', line: 4, reason: 'unsupported' },
    ]);
  });
});

describe('mapVCardToContact: 2.1 escapes', () => {
  it('keeps a backslash before anything but a semicolon or n, and a comma, as text in 2.1 only', () => {
    const outlook = card('VERSION:2.1', 'N:Müller, Jr.;José', 'NOTE:C:\\Users\\ada', 'ORG:A\\;B, C\\D;Sales');
    expect(outlook.contact).toMatchObject({
      fullName: 'José Müller, Jr.',
      name: { family: 'Müller, Jr.', given: 'José' },
      note: 'C:\\Users\\ada',
      organization: 'A;B, C\\D',
      department: 'Sales',
    });
    expect(card('VERSION:2.1', 'FN:x', 'NOTE:a\\nb\\Nc\\').contact.note).toBe('a\nb\nc\\');
    const three = card('VERSION:3.0', 'N:Müller\\, Jr.,II;José', 'NOTE:C:\\\\Users\\\\ada \\Users');
    expect(three.contact).toMatchObject({
      name: { family: 'Müller, Jr. II', given: 'José' },
      note: 'C:\\Users\\ada Users',
    });
  });
});

describe('CONTACT_READ_TABLE', () => {
  it('reads each property for one kind of field (once or list), and every field the declaration writes', () => {
    for (const [, readings] of CONTACT_READ_TABLE.byProperty) {
      expect(new Set(readings.map((reading) => reading.holds)).size).toBe(1);
    }
    expect(CONTACT_READ_TABLE.fields).toEqual([
      'fullName',
      'name',
      'nickname',
      'organization',
      'department',
      'title',
      'phones',
      'emails',
      'urls',
      'addresses',
      'socialProfiles',
      'birthday',
      'categories',
      'note',
      'photoUrl',
    ]);
    expect([...CONTACT_READ_TABLE.byProperty.keys()].sort()).toEqual(
      ['ADR', 'BDAY', 'CATEGORIES', 'EMAIL', 'FN', 'N', 'NICKNAME', 'NOTE', 'ORG', 'PHOTO']
        .concat(['SOCIALPROFILE', 'TEL', 'TITLE', 'URL', 'X-SOCIALPROFILE'])
        .sort(),
    );
  });
});
