import { describe, expect, it } from '@jest/globals';
import { CONTACT_REQUIRED_FIELDS, contactTemplateFields } from '.';
import type { ContactFields } from './contact';
import type { ObjectRule } from './contact-rules';
import { text } from './fields/field-rules';
import { templateFieldsOf, type TemplateFieldDeclaration } from './template-fields';

const schema: ObjectRule = {
  kind: 'object',
  fields: {
    label: text(32, { required: true, firstContract: true }),
    a: text(32, { firstContract: true }),
    b: text(32, { firstContract: true }),
    c: text(32),
  },
};
/** A declaration naming the planted schema's fields (the contact's type does not know them). */
const declare = (requires: string[], offers: string[]): TemplateFieldDeclaration =>
  ({ requires, offers }) as unknown as TemplateFieldDeclaration;

describe('templateFieldsOf', () => {
  it('lists the contact’s required fields first, then the template’s, each list in the template’s order', () => {
    expect(templateFieldsOf(schema, declare(['b'], ['a']))).toEqual({
      requiredFields: ['label', 'b'],
      optionalFields: ['a'],
    });
    expect(templateFieldsOf(schema, declare([], ['b', 'a']))).toEqual({
      requiredFields: ['label'],
      optionalFields: ['b', 'a'],
    });
  });

  it('refuses a field outside the first contract, a field named twice, and one the contact requires', () => {
    expect(() => templateFieldsOf(schema, declare(['c'], []))).toThrow(
      "c: a template names only the first contract's fields",
    );
    expect(() => templateFieldsOf(schema, declare(['nope'], []))).toThrow(
      "nope: a template names only the first contract's fields",
    );
    expect(() => templateFieldsOf(schema, declare(['a'], ['a']))).toThrow(
      'a: a template names a field once, and none the contact requires',
    );
    expect(() => templateFieldsOf(schema, declare([], ['label']))).toThrow(
      'label: a template names a field once, and none the contact requires',
    );
  });

  it('is the contact’s required fields for the contact', () => {
    const phone: keyof ContactFields = 'phone';
    expect(CONTACT_REQUIRED_FIELDS).toEqual(['fullName']);
    expect(contactTemplateFields({ requires: [phone], offers: [] })).toEqual({
      requiredFields: ['fullName', 'phone'],
      optionalFields: [],
    });
  });
});
