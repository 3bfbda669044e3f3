import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapVCardToContact } from './map-vcard';
import type { CardEvent } from './read-event';
import { readVCards } from './read-vcards';

const CORPUS = join(__dirname, '../../../../test/fixtures/import');

/** The contact each file's client meant, as SOURCES.md states it: one JSON block under each `## <file>` heading. */
function statedContacts(): Map<string, unknown> {
  const sources = readFileSync(join(CORPUS, 'SOURCES.md'), 'utf8');
  const stated = new Map<string, unknown>();
  for (const section of sources.split(/^## /m).slice(1)) {
    const file = section.slice(0, section.indexOf('\n')).trim();
    const block = /```json\n([\s\S]*?)\n```/.exec(section);
    if (file.endsWith('.vcf') && block !== null) stated.set(file, JSON.parse(block[1]));
  }
  return stated;
}

const stated = statedContacts();
const files = readdirSync(CORPUS).filter((name) => name.endsWith('.vcf'));

describe('the corpus of real client exports', () => {
  it('names a source and the meant contact for every file, and no other', () => {
    expect([...stated.keys()].sort()).toEqual([...files].sort());
  });

  it.each(files)('%s imports field for field as its client meant', (file) => {
    const events = readVCards(readFileSync(join(CORPUS, file)));
    expect(events.map((event) => event.kind)).toEqual(['card']);
    const imported = mapVCardToContact(events[0] as CardEvent);
    expect('contact' in imported && imported.contact).toEqual(stated.get(file));
  });

  it('reports what each client wrote that the contact cannot hold, by name and line only', () => {
    const leftOut = (file: string) => {
      const imported = mapVCardToContact(readVCards(readFileSync(join(CORPUS, file)))[0] as CardEvent);
      return 'leftOut' in imported
        ? imported.leftOut.map(({ property, line, reason }) => `${property}@${line}:${reason}`)
        : [];
    };
    expect(leftOut('iphone-ios6.vcf')).toEqual(['X-ABLABEL@9:unsupported', 'PHOTO@10:inline_photo']);
    expect(leftOut('iphone-contact-a.vcf')).toContain('BDAY@16:no_year');
    expect(leftOut('outlook-2007.vcf')).toEqual(
      expect.arrayContaining(['KEY@27:unsupported', 'PHOTO@41:inline_photo', 'X-MS-OL-DESIGN@87:unsupported']),
    );
    expect(leftOut('fullcontact-4.0.vcf')).toEqual(
      expect.arrayContaining(['PHOTO@21:too_many', 'ORG@26:too_many', 'TITLE@28:too_many', 'BDAY@30:too_many']),
    );
  });
});
