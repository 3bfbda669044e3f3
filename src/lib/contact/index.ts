import { batchExamplesOf, type BatchExamples } from './batch-examples';
import type { ContactFields } from './contact';
import { csvColumnsOf } from './contact-csv-columns';
import { csvColumnForms } from './csv-column-forms';
import { csvHintColumnsOf } from './csv-hint-columns';
import {
  describeFields,
  fieldPresence,
  fileOnlyFields,
  firstContractOnly,
  listShorthands,
  textLimits,
} from './contact-field-presence';
import { ruleJsonSchema } from './contact-json-schema';
import { CONTACT_SCHEMA } from './contact-schema';
import { fileNameFieldOf, fileNamePropertiesOf } from './file-name-field';
import { neverLeftOutDocs } from './never-left-out';
import { sheetFieldsOf, sheetLinesOf, type SheetLineSource } from './sheet-lines';
import { compileValidator } from './schema-validator';
import {
  requiredFieldsOf,
  templateFieldsOf,
  type TemplateFieldDeclaration,
  type TemplateFields,
} from './template-fields';

export { readCsvHeader, type CsvHeader } from './contact-csv-columns';
export { ruleJsonSchema, type JsonSchema } from './contact-json-schema';
export type {
  ChoiceRule,
  FlagRule,
  IntegerRule,
  ListRule,
  NumberRule,
  ObjectRule,
  Rule,
  TextOrObjectRule,
  TextRule,
  ValueCheck,
} from './contact-rules';
export type { BudgetRule, CardSpec, ComponentSpec, EntriesSpec, NameSpec, TextSpec } from './card-spec';
export { CONTACT_SCHEMA } from './contact-schema';
export type {
  CsvColumnNames,
  CsvComponentSource,
  CsvDialectColumns,
  CsvFieldColumns,
  CsvFixedEntry,
  CsvNumberedEntries,
} from './csv-dialect-columns';
export { displayText, importFallbacks, importFallbackValue } from './import-fallback';
export type {
  AddressComponent,
  ContactAddress,
  ContactEmail,
  ContactFields,
  ContactName,
  ContactPhone,
  ContactSocialProfile,
  ContactUrl,
  PhoneType,
  PlaceType,
} from './contact';
export { ADDRESS_COMPONENTS } from './fields/address-fields';
export { PLACE_TYPES } from './fields/field-rules';
export { isBirthday, SOCIAL_SERVICE_PATTERN } from './fields/about-fields';
export { NAME_PARTS } from './fields/name-fields';
export { PHONE_TYPES } from './fields/reach-fields';
export { cleanText } from './values/clean-text';
export { codePointLength } from './values/code-point-length';
export { isValidEmail } from './values/email';
export { hasLoneSurrogate } from './values/lone-surrogate';
export { isValidPhone } from './values/phone';
export { normalizeWebsite } from './values/website';
export { compileValidator, type ValidationOutcome } from './schema-validator';
export { MAX_LISTED_ISSUES, namesPrototypeMember, shownPath, type FieldIssue } from './validation-issues';

/** Validates and cleans a contact (a request body, an MCP tool's arguments, a batch contact, a CSV row). */
export const validateContact = compileValidator<ContactFields>(CONTACT_SCHEMA);

/** The CSV column a header names (docs/contact.md#csv-columns); null for an unknown column. */
export const contactCsvColumn = csvColumnsOf(CONTACT_SCHEMA);

/** The forms of the CSV columns, one line per kind (what the error naming an unknown column lists). */
export const CONTACT_CSV_COLUMN_FORMS: readonly string[] = Object.freeze(csvColumnForms(CONTACT_SCHEMA));

/** The sample header of the invalid_csv hint ("fullName, organization, ..., categories"), as the fields place it. */
export const CONTACT_CSV_HINT_COLUMNS: string = csvHintColumnsOf(CONTACT_SCHEMA);

/** The request examples of POST /v1/batches (JSON contacts, CSV rows, header first), as the fields give them. */
export const CONTACT_BATCH_EXAMPLES: BatchExamples = batchExamplesOf(CONTACT_SCHEMA);
export type { BatchExamples } from './batch-examples';

/** The contact's JSON Schema, every nested object inline (MCP tool input schemas). */
export function contactJsonSchema(): ReturnType<typeof ruleJsonSchema> {
  return ruleJsonSchema(CONTACT_SCHEMA);
}

/** Whether a contact has a template's required field (`phone` is also met by `phones`). */
export const hasContactField = fieldPresence(CONTACT_SCHEMA);

/** The first contract's fields, in declaration order (the fields a template may name). */
export const FIRST_CONTRACT_FIELDS: readonly string[] = Object.freeze(
  Object.entries(CONTACT_SCHEMA.fields)
    .filter(([, rule]) => rule.firstContract)
    .map(([name]) => name),
);

/** Whether a validated contact holds only the first contract's fields (its answer keeps that contract's shape). */
export const isFirstContract = firstContractOnly(CONTACT_SCHEMA);

/** The flat fields that are one more entry of a list, listed first (`phone` of `phones`). */
export const CONTACT_LIST_SHORTHANDS: readonly string[] = Object.freeze(listShorthands(CONTACT_SCHEMA));

/** The fields in vcard only, never in qrPayload (listed in qr.omitted). */
export const CONTACT_FILE_ONLY_FIELDS: readonly string[] = Object.freeze(fileOnlyFields(CONTACT_SCHEMA));

/** A printed sheet's text lines, in order, and the card properties they are read from. */
export const CONTACT_SHEET_LINES: readonly SheetLineSource[] = Object.freeze(sheetLinesOf(CONTACT_SCHEMA));
export type { SheetLineSource } from './sheet-lines';

/** The fields printed on a sheet's item, in line order: the first large, the others smaller. */
export const CONTACT_SHEET_FIELDS: readonly string[] = Object.freeze(sheetFieldsOf(CONTACT_SCHEMA));

/** The field a contact's downloaded files are named after (docs/api.md#file-names). */
export const CONTACT_FILE_NAME_FIELD: string = fileNameFieldOf(CONTACT_SCHEMA);

/** The card properties the file-name field is written as: a stored card's files are named from them. */
export const CONTACT_FILE_NAME_PROPERTIES: readonly string[] = Object.freeze(fileNamePropertiesOf(CONTACT_SCHEMA));

/** The text a validated contact's downloaded files are named after (before it is made a file-name stem). */
export function contactFileName(contact: ContactFields): string {
  return contact[CONTACT_FILE_NAME_FIELD as keyof ContactFields] as string;
}

/** What the QR budget never leaves out, in the API docs' words ("the name, …, the first email"). */
export const CONTACT_NEVER_LEFT_OUT_DOCS: string = neverLeftOutDocs(CONTACT_SCHEMA);

/** The fields the contact requires, in declaration order: every template requires them too. */
export const CONTACT_REQUIRED_FIELDS: readonly string[] = Object.freeze(requiredFieldsOf(CONTACT_SCHEMA));

/** A template's required and optional fields, from what it declares (the contact's required fields first). */
export function contactTemplateFields(declared: TemplateFieldDeclaration): TemplateFields {
  return templateFieldsOf(CONTACT_SCHEMA, declared);
}
export type { TemplateFieldDeclaration, TemplateFields } from './template-fields';

/** The contact's fields in one line each, for tool descriptions and agent instructions. */
export const CONTACT_FIELD_SUMMARY = describeFields(CONTACT_SCHEMA);

/** Every text's length limit in code points, by path (the product context's fieldMaxLength). */
export const CONTACT_TEXT_LIMITS: Readonly<Record<string, number>> = Object.freeze(textLimits(CONTACT_SCHEMA));

/**
 * The OpenAPI components of the contact: VCardRequest and the nested shapes it refers to
 * (ContactName, ContactPhone, ...). VCardRequestDto's swagger decorators carry them, so every
 * OpenAPI document and MCP schema built from that class has them.
 */
export function contactSchemaComponents(): Record<string, ReturnType<typeof ruleJsonSchema>> {
  const components: Record<string, ReturnType<typeof ruleJsonSchema>> = {};
  components[CONTACT_SCHEMA.schemaName ?? 'VCardRequest'] = ruleJsonSchema(CONTACT_SCHEMA, components);
  return components;
}
