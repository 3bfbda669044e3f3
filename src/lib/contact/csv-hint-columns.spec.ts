import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CONTACT_CSV_HINT_COLUMNS, contactCsvColumn } from '.';
import { CONTACT_SCHEMA } from './contact-schema';
import type { ObjectRule, Rule } from './contact-rules';
import { csvHintColumnsOf } from './csv-hint-columns';
import { text } from './fields/field-rules';

const schemaOf = (fields: ObjectRule['fields']): ObjectRule => ({ kind: 'object', fields });
const withField = (name: string, rule: Rule): ObjectRule => schemaOf({ ...CONTACT_SCHEMA.fields, [name]: rule });

describe('csvHintColumnsOf', () => {
  it('samples the contact’s columns: some text fields’ own, then one of each other form', () => {
    expect(CONTACT_CSV_HINT_COLUMNS).toBe(
      'fullName, organization, phone, email, ..., phone.cell, email.home, address.home.locality, name.family, social.linkedin, categories',
    );
  });

  it('shows only columns the CSV header reader takes', () => {
    const shown = CONTACT_CSV_HINT_COLUMNS.split(', ').filter((column) => column !== '...');
    expect(shown.filter((column) => contactCsvColumn(column) === null)).toEqual([]);
  });

  it('shows a text field declared with the role at its place among the text fields', () => {
    const texts = ['fullName', 'organization', 'phone', 'email'];
    fc.assert(
      fc.property(fc.nat({ max: texts.length }), (at) => {
        // Between the places of the text fields shown at `at - 1` and `at` (0 to 3).
        const hint = csvHintColumnsOf(withField('pronouns', text(32, { csvHint: { place: at - 0.5 } })));
        const shown = [...texts.slice(0, at), 'pronouns', ...texts.slice(at)];
        expect(hint.split(', ..., ')[0]).toBe(shown.join(', '));
      }),
      { seed: 33, numRuns: 10 },
    );
  });

  it('shows another form of a field, named by `column`', () => {
    const social = CONTACT_SCHEMA.fields.socialProfiles;
    const schema = withField('socialProfiles', { ...social, csvHint: { place: 20, column: 'social.mastodon' } });
    expect(csvHintColumnsOf(schema)).toMatch(/, categories, social\.mastodon$/);
  });

  it('refuses a column that is not one of the field’s own', () => {
    const refused = (rule: Rule, message: string) =>
      expect(() => csvHintColumnsOf(withField('pronouns', rule))).toThrow(message);
    refused(text(32, { csvHint: { place: 20, column: 'phone' } }), 'pronouns: csvHint column phone is not one');
    refused(text(32, { csvHint: { place: 20, column: 'pronouns.x' } }), 'csvHint column pronouns.x is not one');
    const phones = CONTACT_SCHEMA.fields.phones;
    const badType = schemaOf({
      ...CONTACT_SCHEMA.fields,
      phones: { ...phones, csvHint: { place: 4, column: 'phone.mobile' } },
    });
    expect(() => csvHintColumnsOf(badType)).toThrow('phones: csvHint column phone.mobile is not one');
  });

  it('refuses two fields at one place, a place that is no number, and a text field’s column after another form', () => {
    const same = schemaOf({
      a: text(8, { csvHint: { place: 1 } }),
      b: text(8, { csvHint: { place: 1 } }),
    });
    expect(() => csvHintColumnsOf(same)).toThrow("b: csvHint place 1 is a's too");
    expect(() => csvHintColumnsOf(schemaOf({ a: text(8, { csvHint: { place: NaN } }) }))).toThrow(
      'a: csvHint place NaN is not a number',
    );
    const late = withField('pronouns', text(32, { csvHint: { place: 6.5 } }));
    expect(() => csvHintColumnsOf(late)).toThrow(
      "pronouns: csvHint places a text field's own column after address.home.locality, another form",
    );
  });
});
