import type { ContactFields } from './contact';
import type { ObjectRule } from './contact-rules';

type ContactField = keyof ContactFields;

/**
 * What a template declares of its fields, beside the contact's own required fields (which every
 * template requires, listed first): the fields a card made with it must have, and those it may.
 * Each list is in the order the template's answers show it.
 */
export interface TemplateFieldDeclaration {
  requires: readonly ContactField[];
  offers: readonly ContactField[];
}

/** A template's fields, in the order its answers list them. */
export interface TemplateFields {
  requiredFields: ContactField[];
  optionalFields: ContactField[];
}

/** The fields the contact itself requires, in declaration order (every template requires them). */
export function requiredFieldsOf(schema: ObjectRule): string[] {
  return Object.entries(schema.fields)
    .filter(([, rule]) => rule.kind === 'text' && rule.required === true)
    .map(([name]) => name);
}

/**
 * A template's required and optional fields: the contact's required fields, then the template's own.
 * A template may name only the eight flat text fields (firstContract; those the Template schema lists),
 * each once, and none the contact already requires.
 */
export function templateFieldsOf(schema: ObjectRule, declared: TemplateFieldDeclaration): TemplateFields {
  const contactRequires = requiredFieldsOf(schema);
  const named = [...declared.requires, ...declared.offers];
  for (const [index, field] of named.entries()) {
    if (schema.fields[field]?.firstContract !== true)
      throw new Error(`${field}: a template names only the first contract's fields`);
    if (contactRequires.includes(field) || named.indexOf(field) !== index)
      throw new Error(`${field}: a template names a field once, and none the contact requires`);
  }
  return {
    requiredFields: [...(contactRequires as ContactField[]), ...declared.requires],
    optionalFields: [...declared.offers],
  };
}
