import { fieldPresence, fileOnlyFields, firstContractOnly, listShorthands, textLimits } from './contact-field-presence';
import { CONTACT_SCHEMA } from './contact-schema';
import {
  requiredFieldsOf,
  templateFieldsOf,
  type TemplateFieldDeclaration,
  type TemplateFields,
} from './template-fields';

// The contact's fields grouped by what the rest of the service asks of them: required, flat,
// shorthand, file-only, named by a template, and their length limits.

/** The fields the contact requires, in declaration order: every template requires them too. */
export const CONTACT_REQUIRED_FIELDS: readonly string[] = Object.freeze(requiredFieldsOf(CONTACT_SCHEMA));

/** The eight flat text fields, in declaration order (the fields a template may name). */
export const FIRST_CONTRACT_FIELDS: readonly string[] = Object.freeze(
  Object.entries(CONTACT_SCHEMA.fields)
    .filter(([, rule]) => rule.firstContract)
    .map(([name]) => name),
);

/** Whether a validated contact holds only the eight flat text fields (answered without `format` and `qr.omitted`). */
export const isFirstContract = firstContractOnly(CONTACT_SCHEMA);

/** Whether a contact has a template's required field (`phone` is also met by `phones`). */
export const hasContactField = fieldPresence(CONTACT_SCHEMA);

/** A template's required and optional fields, from what it declares (the contact's required fields first). */
export function contactTemplateFields(declared: TemplateFieldDeclaration): TemplateFields {
  return templateFieldsOf(CONTACT_SCHEMA, declared);
}

/** The flat fields that are one more entry of a list, listed first (`phone` of `phones`). */
export const CONTACT_LIST_SHORTHANDS: readonly string[] = Object.freeze(listShorthands(CONTACT_SCHEMA));

/** The fields in vcard only, never in qrPayload (listed in qr.omitted). */
export const CONTACT_FILE_ONLY_FIELDS: readonly string[] = Object.freeze(fileOnlyFields(CONTACT_SCHEMA));

/** Every text's length limit in code points, by path (the product context's fieldMaxLength). */
export const CONTACT_TEXT_LIMITS: Readonly<Record<string, number>> = Object.freeze(textLimits(CONTACT_SCHEMA));
