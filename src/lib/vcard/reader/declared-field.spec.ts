import { describe, expect, it } from '@jest/globals';
import { CONTACT_SCHEMA, type ObjectRule, type TextRule } from '../../contact';
import { csvDialectMapper } from '../../contact/csv-dialects';
import { compileCardItems } from '../card-items';
import { compileCardImport } from './card-import';
import { readVCards } from './read-vcards';

// A field is one entry in the contact's declaration: this scratch field (pronouns, in X-PRONOUNS and
// in a Google column of that name) is read from a vCard and from a Google CSV export, checked by the
// rules and written back, with no change anywhere but its entry.
const PRONOUNS: TextRule = {
  kind: 'text',
  max: 32,
  card: { kind: 'text', property: 'X-PRONOUNS' },
  csv: { google: ['Pronouns'] },
};
const SCHEMA: ObjectRule = { ...CONTACT_SCHEMA, fields: { ...CONTACT_SCHEMA.fields, pronouns: PRONOUNS } };

describe('a field added to the declaration', () => {
  it('is read from a vCard, checked by its rule, and written back', () => {
    const card = ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ada', 'X-PRONOUNS:she/her', 'X-PRONOUNS:they', 'END:VCARD'];
    const [event] = readVCards(Buffer.from(card.join('\r\n')));
    const outcome = compileCardImport(SCHEMA)(event);
    expect(outcome).toEqual({
      ok: true,
      card: {
        version: '3.0',
        contact: { fullName: 'Ada', pronouns: 'she/her' },
        leftOut: [{ property: 'X-PRONOUNS', line: 5, reason: 'too_many' }],
      },
    });
    const items = compileCardItems(SCHEMA)({ fullName: 'Ada', pronouns: 'she/her' });
    expect(items.map((item) => [item.spec.property, item.text])).toContainEqual(['X-PRONOUNS', 'she/her']);

    const long = readVCards(
      Buffer.from(['BEGIN:VCARD', 'FN:Ada', `X-PRONOUNS:${'x'.repeat(33)}`, 'END:VCARD'].join('\n')),
    );
    expect(compileCardImport(SCHEMA)(long[0])).toMatchObject({
      card: { contact: { fullName: 'Ada' }, leftOut: [{ property: 'X-PRONOUNS', line: 3, reason: 'too_long' }] },
    });
  });

  it('is read from its column of a Google CSV export, which is then no longer ignored', () => {
    const header = ['Name', 'Given Name', 'Pronouns', 'Gender'];
    const mapper = csvDialectMapper('google-csv', header, SCHEMA);
    expect(mapper.toContact(['Ada', 'Ada', 'she/her', ''])).toEqual({
      fullName: 'Ada',
      name: { given: 'Ada' },
      pronouns: 'she/her',
    });
    expect(mapper.ignoredColumns).toEqual(['Gender']);
    expect(csvDialectMapper('google-csv', header).ignoredColumns).toEqual(['Pronouns', 'Gender']);
  });

  it('is unknown to the contact’s own declaration: X-PRONOUNS is left out there', () => {
    const [event] = readVCards(Buffer.from('BEGIN:VCARD\r\nFN:Ada\r\nX-PRONOUNS:she/her\r\nEND:VCARD\r\n'));
    expect(compileCardImport()(event)).toMatchObject({
      card: { leftOut: [{ property: 'X-PRONOUNS', line: 3, reason: 'unsupported' }] },
    });
  });
});
