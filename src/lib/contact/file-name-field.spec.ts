import { describe, expect, it } from '@jest/globals';
import { CONTACT_FILE_NAME_FIELD, contactFileName, validateContact, type ContactFields } from '.';
import type { ObjectRule } from './contact-rules';
import { CONTACT_SCHEMA } from './contact-schema';
import { fileNameFieldOf, fileNamePropertiesOf } from './file-name-field';
import { text } from './fields/field-rules';

const schemaOf = (fields: ObjectRule['fields']): ObjectRule => ({ kind: 'object', fields });

describe('fileNameFieldOf', () => {
  it('is the display name: a valid contact’s files are named after it', () => {
    expect(CONTACT_FILE_NAME_FIELD).toBe('fullName');
    const outcome = validateContact({ fullName: '  Ada Lovelace ', email: 'ada@example.com' });
    expect(outcome.ok).toBe(true);
    expect(contactFileName((outcome as { value: ContactFields }).value)).toBe('Ada Lovelace');
  });

  it('refuses none, two, or one that is not a required text', () => {
    expect(() => fileNameFieldOf(schemaOf({ a: text(8) }))).toThrow('0 declare fileName');
    const two = schemaOf({
      a: text(8, { required: true, fileName: true }),
      b: text(8, { required: true, fileName: true }),
    });
    expect(() => fileNameFieldOf(two)).toThrow('2 declare fileName');
    expect(() => fileNameFieldOf(schemaOf({ a: text(8, { fileName: true }) }))).toThrow(
      'a: a file name is a required text',
    );
  });

  it('is written as its text property, by its 3.0 and 4.0 names', () => {
    expect(fileNamePropertiesOf(CONTACT_SCHEMA)).toEqual(['FN']);
    const card = { kind: 'text', property: 'X-PRONOUNS', v4: 'PRONOUNS' } as const;
    expect(fileNamePropertiesOf(schemaOf({ a: text(8, { required: true, fileName: true, card }) }))).toEqual([
      'X-PRONOUNS',
      'PRONOUNS',
    ]);
  });
});
