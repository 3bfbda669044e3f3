import type { Tool } from '@modelcontextprotocol/server';
import { contactJsonSchema } from '../../lib/contact';
import { compactSchema, withoutKeywords } from './compact-schema';
import type { JsonSchema } from './dto-json-schema';

/**
 * The tools that change nothing (all but create_vcard_batch). destructiveHint and idempotentHint
 * mean something only for a tool that is not read-only (the MCP spec), so they are not repeated.
 */
export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

// The error's shape is told once, in the server's instructions; each tool only points at it.
export const ON_ERROR = 'Refused (any tool): isError, the JSON error as text.';

export const object = (properties: Record<string, unknown>, required: string[] = []): Tool['inputSchema'] =>
  ({
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  }) as Tool['inputSchema'];

// An answer's shape is read by the client, not chosen by the model: names, types and enums only.
export const output = (schema: JsonSchema): Tool['outputSchema'] =>
  withoutKeywords(compactSchema(schema, -1), ['minimum', 'maximum', 'format', 'default']) as Tool['outputSchema'];

/** What a second copy of a schema leaves to the tool that describes it in full. */
const BARE = ['maxLength', 'minLength', 'maxItems', 'default', 'format', 'additionalProperties'];

/** Each schema of a map bare: the tool's description says which other tool describes them. */
export const bareArguments = (schemas: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(compactSchema(schemas, -1) as Record<string, unknown>).map(([name, schema]) => [
      name,
      withoutKeywords(schema, BARE),
    ]),
  );

/** The contact's schema, in full once (create_vcard_payload) and bare wherever else a tool takes it. */
export interface ContactSchemas {
  /** Descriptions, limits, formats and defaults: create_vcard_payload's input. */
  described: JsonSchema;
  /**
   * Names, types, sets and what is required, closed at the top: the limits, formats, defaults and
   * that the nested objects are closed too are create_vcard_payload's to say.
   */
  bare: JsonSchema;
}

export function contactSchemas(): ContactSchemas {
  const contact = compactSchema(contactJsonSchema(), -1) as JsonSchema;
  return {
    described: compactSchema(contactJsonSchema()) as JsonSchema,
    bare: { ...contact, properties: bareArguments(contact.properties as Record<string, unknown>) },
  };
}

/** A tool's input: the contact's fields beside its own arguments, closed to any other. */
export const contactWith = (contact: JsonSchema, args: Record<string, unknown>): Tool['inputSchema'] =>
  object({ ...(contact.properties as Record<string, unknown>), ...args }, contact.required as string[]);
