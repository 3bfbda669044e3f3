import { describeFields } from './contact-field-presence';
import { ruleJsonSchema } from './contact-json-schema';
import { CONTACT_SCHEMA } from './contact-schema';
import { neverLeftOutDocs } from './never-left-out';

// The contact described for readers: JSON Schemas (OpenAPI, MCP) and the words of the docs and
// tool descriptions, as the fields declare them.

/** The contact's JSON Schema, every nested object inline (MCP tool input schemas). */
export function contactJsonSchema(): ReturnType<typeof ruleJsonSchema> {
  return ruleJsonSchema(CONTACT_SCHEMA);
}

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

/** The contact's fields in one line each, for tool descriptions and agent instructions. */
export const CONTACT_FIELD_SUMMARY = describeFields(CONTACT_SCHEMA);

/** What the QR budget never leaves out, in the API docs' words ("the name, …, the first email"). */
export const CONTACT_NEVER_LEFT_OUT_DOCS: string = neverLeftOutDocs(CONTACT_SCHEMA);
