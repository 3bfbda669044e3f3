import type { ObjectRule } from './contact-rules';
import { ADDRESS_FIELDS } from './fields/address-fields';
import { ABOUT_FIELDS } from './fields/about-fields';
import { NAME_FIELDS } from './fields/name-fields';
import { REACH_FIELDS } from './fields/reach-fields';
import { WORK_FIELDS } from './fields/work-fields';

/**
 * The contact, declared once: each field's rule (validation, error paths, the OpenAPI and MCP
 * schemas, the playground form, the CSV columns, template checks, the product context's limits),
 * its card properties (the 3.0, 4.0 and MECARD writers and the import reader) and its place in the
 * QR budget (the budget and its documentation) all come from its entry in fields/. The order is the
 * order errors are listed in and cards are written in (a field whose property already has a card
 * item joins it: ORG's department, N from `name`). A new field is one entry there.
 */
export const CONTACT_SCHEMA: ObjectRule = {
  kind: 'object',
  schemaName: 'VCardRequest',
  fields: { ...NAME_FIELDS, ...WORK_FIELDS, ...REACH_FIELDS, ...ADDRESS_FIELDS, ...ABOUT_FIELDS },
};
