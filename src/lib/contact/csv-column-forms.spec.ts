import { describe, expect, it } from '@jest/globals';
import { CONTACT_CSV_COLUMN_FORMS, contactCsvColumn } from '.';
import { CONTACT_SCHEMA } from './contact-schema';
import { csvColumnForms } from './csv-column-forms';
import { text } from './fields/field-rules';

describe('csvColumnForms', () => {
  it('lists the contact’s column forms, one line per kind', () => {
    expect(CONTACT_CSV_COLUMN_FORMS).toEqual([
      'fullName, nickname, organization, department, title, birthday, note, photoUrl, phone, email, website, address',
      'phone.<type>, email.<type>, url.<type>',
      'name.family, name.given, name.additional, name.prefix, name.suffix',
      'address.<component>, address.<type>.<component>',
      'social.<service>',
      'categories (values separated by |)',
    ]);
  });

  it('names only columns the header reader knows (each form with a sample in its place)', () => {
    const samples: Record<string, string> = { type: 'home', component: 'locality', service: 'linkedin' };
    const columns = CONTACT_CSV_COLUMN_FORMS.flatMap((line) => line.replace(/ \(.*\)$/, '').split(', ')).map((form) =>
      form.replace(/<(\w+)>/g, (_, slot: string) => samples[slot]),
    );
    expect(columns.filter((column) => contactCsvColumn(column) === null)).toEqual([]);
  });

  it('lists a new declared field without any other change', () => {
    const schema = { ...CONTACT_SCHEMA, fields: { ...CONTACT_SCHEMA.fields, pronouns: text(32) } };
    expect(csvColumnForms(schema)[0]).toBe(
      'fullName, nickname, organization, department, title, birthday, note, photoUrl, pronouns, phone, email, website, address',
    );
  });
});
