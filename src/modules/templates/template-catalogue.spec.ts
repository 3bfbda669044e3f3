import { describe, expect, it } from '@jest/globals';
import { TEMPLATE_CATALOGUE } from './template-catalogue';

describe('TEMPLATE_CATALOGUE', () => {
  it('lists each template’s fields as they have always been listed, from the templates’ own declarations', () => {
    expect(
      TEMPLATE_CATALOGUE.map(({ id, requiredFields, optionalFields }) => [id, requiredFields, optionalFields]),
    ).toEqual([
      ['business-card', ['fullName', 'organization', 'phone', 'email'], ['title', 'website', 'address']],
      ['minimal', ['fullName', 'phone'], []],
      ['sales-contact', ['fullName', 'organization', 'email'], ['title', 'phone', 'website', 'note']],
      ['event-badge', ['fullName', 'email'], ['organization', 'title', 'website']],
      ['conference-speaker', ['fullName', 'website'], ['organization', 'title', 'email', 'note']],
      ['real-estate-agent', ['fullName', 'organization', 'phone'], ['title', 'email', 'website', 'address']],
      ['freelancer', ['fullName', 'email', 'website'], ['title', 'phone', 'note']],
      ['support-desk', ['fullName', 'phone', 'email'], ['organization', 'website', 'address', 'note']],
      ['restaurant', ['fullName', 'phone', 'address'], ['organization', 'website', 'email', 'note']],
    ]);
  });

  it('keeps each template’s keys in the order its answers show them', () => {
    for (const template of TEMPLATE_CATALOGUE)
      expect(Object.keys(template)).toEqual(['id', 'name', 'useCase', 'requiredFields', 'optionalFields']);
  });
});
