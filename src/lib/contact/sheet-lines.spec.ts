import { describe, expect, it } from '@jest/globals';
import { CONTACT_SHEET_FIELDS, CONTACT_SHEET_LINES } from '.';
import { CONTACT_SCHEMA } from './contact-schema';
import { fileOnlyFields, listShorthands } from './contact-field-presence';
import { text } from './fields/field-rules';
import { sheetFieldsOf, sheetLinesOf } from './sheet-lines';

describe('sheetLinesOf', () => {
  it('reads the name from FN, then the title, then ORG’s first component', () => {
    expect(CONTACT_SHEET_LINES).toEqual([
      { label: 'name', properties: ['FN'] },
      { label: 'title', properties: ['TITLE'] },
      { label: 'organization', properties: ['ORG'], component: 0 },
    ]);
  });

  it('places a declared line by its number (a tie in declaration order), with both property names when 4.0 has its own', () => {
    const pronouns = text(32, { card: { kind: 'text', property: 'X-PRONOUNS', v4: 'PRONOUNS' }, sheet: { line: 1 } });
    const schema = { ...CONTACT_SCHEMA, fields: { ...CONTACT_SCHEMA.fields, pronouns } };
    expect(sheetLinesOf(schema).map(({ label }) => label)).toEqual(['name', 'title', 'pronouns', 'organization']);
    expect(sheetLinesOf(schema)[2].properties).toEqual(['X-PRONOUNS', 'PRONOUNS']);
    expect(sheetFieldsOf(schema)).toEqual(['fullName', 'title', 'pronouns', 'organization']);
  });

  it('names the fields of the lines in line order, the large one first', () => {
    expect(CONTACT_SHEET_FIELDS).toEqual(['fullName', 'title', 'organization']);
  });

  it('refuses a line of a field with no text or component property to read it from', () => {
    const schema = { ...CONTACT_SCHEMA, fields: { ...CONTACT_SCHEMA.fields, badge: text(32, { sheet: { line: 3 } }) } };
    expect(() => sheetLinesOf(schema)).toThrow('badge: a sheet line is read from a text or component property');
  });
});

describe('listShorthands and fileOnlyFields', () => {
  it('name the flat fields of the lists and the fields kept out of the code, in declaration order', () => {
    expect(listShorthands(CONTACT_SCHEMA)).toEqual(['phone', 'email', 'website', 'address']);
    expect(fileOnlyFields(CONTACT_SCHEMA)).toEqual(['photoUrl']);
  });
});
