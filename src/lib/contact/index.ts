// The contact's public surface: its declaration (CONTACT_SCHEMA), its types and value checks, and
// what the service derives from the declaration, each in a file that says what it holds.
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
export { validateContact } from './validate-contact';
export {
  CONTACT_BATCH_EXAMPLES,
  CONTACT_CSV_COLUMN_FORMS,
  CONTACT_CSV_HINT_COLUMNS,
  contactCsvColumn,
} from './contact-csv-reading';
export type { BatchExamples } from './batch-examples';
export {
  CONTACT_FILE_ONLY_FIELDS,
  CONTACT_LIST_SHORTHANDS,
  CONTACT_REQUIRED_FIELDS,
  CONTACT_TEXT_LIMITS,
  contactTemplateFields,
  FIRST_CONTRACT_FIELDS,
  hasContactField,
  isFirstContract,
} from './contact-field-sets';
export type { TemplateFieldDeclaration, TemplateFields } from './template-fields';
export {
  CONTACT_FILE_NAME_FIELD,
  CONTACT_FILE_NAME_PROPERTIES,
  CONTACT_SHEET_FIELDS,
  CONTACT_SHEET_LINES,
  contactFileName,
} from './contact-print-fields';
export type { SheetLineSource } from './sheet-lines';
export {
  CONTACT_FIELD_SUMMARY,
  CONTACT_NEVER_LEFT_OUT_DOCS,
  contactJsonSchema,
  contactSchemaComponents,
} from './contact-descriptions';
