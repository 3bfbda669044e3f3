import { describe, expect, it } from '@jest/globals';
import { CONTACT_REQUIRED_FIELDS, contactTemplateFields } from '.';
import { CONTACT_SCHEMA } from './contact-schema';
import type { ObjectRule } from './contact-rules';
import { text } from './fields/field-rules';
import { declaredTemplateIds, templateFieldsOf } from './template-fields';

const schema: ObjectRule = {
  kind: 'object',
  fields: {
    label: text(32, { required: true }),
    a: text(32, { templates: { card: 'optional', badge: 'required' } }),
    b: text(32, { templates: { card: 'required' } }),
    c: text(32, { templates: { card: { role: 'optional', after: 'd' }, badge: 'optional' } }),
    d: text(32, { templates: { card: 'optional', sign: 'optional' } }),
  },
};

describe('templateFieldsOf', () => {
  it('lists the contact’s required fields, then the declared ones, in declaration order', () => {
    expect(templateFieldsOf(schema, 'badge')).toEqual({ requiredFields: ['label', 'a'], optionalFields: ['c'] });
  });

  it('places a field declared `after` another right behind it', () => {
    expect(templateFieldsOf(schema, 'card')).toEqual({
      requiredFields: ['label', 'b'],
      optionalFields: ['a', 'd', 'c'],
    });
  });

  it('refuses a field to follow one its list lacks', () => {
    const broken = {
      ...schema,
      fields: { ...schema.fields, e: text(8, { templates: { sign: { role: 'required', after: 'd' } } }) },
    };
    expect(() => templateFieldsOf(broken, 'sign')).toThrow('e: template sign lists no d in its list to follow');
  });

  it('gives a template no field names only the contact’s required fields', () => {
    expect(templateFieldsOf(schema, 'unknown')).toEqual({ requiredFields: ['label'], optionalFields: [] });
  });

  it('names the templates the fields declare, and the contact’s required fields', () => {
    expect(declaredTemplateIds(schema)).toEqual(['card', 'badge', 'sign']);
    expect(CONTACT_REQUIRED_FIELDS).toEqual(['fullName']);
    expect(contactTemplateFields('minimal')).toEqual({ requiredFields: ['fullName', 'phone'], optionalFields: [] });
    expect(declaredTemplateIds(CONTACT_SCHEMA)).toContain('business-card');
  });
});
