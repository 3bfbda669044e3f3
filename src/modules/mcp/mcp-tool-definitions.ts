import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { contactJsonSchema, ruleJsonSchema } from '../../lib/contact';
import { QR_STYLE_RULE } from '../../lib/qr/style/qr-style-rule';
import { CONTACTS_PER_RATE_UNIT } from '../batches/batches.service';
import { BATCH_ITEMS_QUERY } from '../batches/batch-queries';
import { BatchDto, BatchItemsPageDto } from '../batches/dto/batch.dto';
import { ProductContextDto } from '../product/dto/product-context.dto';
import { LIST_TEMPLATES_QUERY } from '../templates/dto/list-templates.query';
import { TemplateListResponseDto } from '../templates/dto/template.dto';
import { CARD_QUERY, VCARD_QUERY } from '../vcard/card-query';
import { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { compactSchema } from './compact-schema';
import { dtoJsonSchema, type JsonSchema } from './dto-json-schema';

/** The tools that change nothing (all but create_vcard_batch): safe to call again with the same arguments. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

// The error's shape is told once, in the server's instructions; each tool only points at it.
const ON_ERROR = 'A refused call has isError: true and the JSON error as text: follow error.hint.';

const BATCH_ID = {
  type: 'string',
  description: 'The id create_vcard_batch returned (batch_ and a ULID).',
};

const object = (properties: Record<string, unknown>, required: string[] = []): Tool['inputSchema'] =>
  ({
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  }) as Tool['inputSchema'];

/**
 * Schemas an output names as a bare object because another tool's output describes them, so the
 * list an agent reads stays small: the contact (every tool's input), an import's report (import_vcard's
 * output), the card parts (create_vcard_payload's output), a batch item's result and error (the
 * card, and the error object every tool's description spells out). The print report (qr.print) is
 * answered only to ?size=, which no tool takes.
 */
const OUTPUT_OF_CARD = ['VCardRequest', 'ImportReport', 'QrPrint'];
const OUTPUT_OF_IMPORT = ['VCardRequest', 'QrInfo', 'NfcTagFit'];
const OUTPUT_OF_ITEMS = ['VCardRequest', 'ImportReport', 'VCardResponse', 'ErrorObject'];

// An answer's shape is read by the client, not chosen by the model: names, types and enums only.
const output = (schema: JsonSchema): Tool['outputSchema'] => compactSchema(schema, -1) as Tool['outputSchema'];

/** The style argument: names, types, sets and ranges (patterns and defaults left out: the list stays small). */
function styleArgument(): JsonSchema {
  const lean = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(lean);
    if (typeof schema !== 'object' || schema === null) return schema;
    return Object.fromEntries(
      Object.entries(schema)
        .filter(([key]) => !['pattern', 'default', 'anyOf', 'additionalProperties'].includes(key))
        .map(([key, value]) => [key, lean(value)]),
    );
  };
  return {
    ...(lean(compactSchema(ruleJsonSchema(QR_STYLE_RULE), -1)) as JsonSchema),
    description: 'Optional QrStyle as POST /v1/qrcodes takes it; colours #rrggbb, logo.image a data URL.',
  };
}

/**
 * The MCP tools' definitions, derived from the same declarations as REST: the contact's schema,
 * the routes' query declarations (the card and image parameters are the tools' arguments) and the
 * response DTOs. Schemas are compact (see compactSchema): the whole list stays small in an
 * agent's context.
 */
export function mcpToolDefinitions(maxContacts: number): Tool[] {
  // The contact's fields are described once, in create_vcard_payload; the other tools say "as create_vcard_payload".
  const described = compactSchema(contactJsonSchema()) as JsonSchema;
  const bare = compactSchema(contactJsonSchema(), -1) as JsonSchema;
  const withArguments = (contact: JsonSchema, args: Record<string, unknown>): Tool['inputSchema'] =>
    object({ ...(contact.properties as Record<string, unknown>), ...args }, contact.required as string[]);
  return [
    {
      name: 'create_vcard_payload',
      title: 'Create a vCard QR payload',
      description:
        'Builds a contact card from contact fields (vCard 3.0, read by every phone; vCard 4.0 or MECARD with format) and returns qrPayload (the exact text to encode into a QR code), vcard (the card as .vcf text) and qr (byte count, smallest QR version per level, warnings, and with qrVersion the fields left out to fit); with nfc, fitted to that NFC tag, nfc.message being the NDEF message. ' +
        `Any field not in the schema is rejected. Same rules and output as POST /v1/vcard. Deterministic; stores nothing. ${ON_ERROR}`,
      inputSchema: withArguments(described, CARD_QUERY.schemas()),
      outputSchema: output(dtoJsonSchema(VCardResponseDto, OUTPUT_OF_CARD)),
      annotations: { title: 'Create a vCard QR payload', ...READ_ONLY },
    },
    {
      name: 'import_vcard',
      title: 'Import a vCard',
      description:
        'Imports one vCard (2.1, 3.0 or 4.0 text) and returns what create_vcard_payload returns for its contact (same arguments besides vcard), plus import: version, contact (to edit and pass to create_vcard_payload) and leftOut (property, line, reason). ' +
        'Only a card without a name fails (invalid_vcard); errors as create_vcard_payload. Many cards: create_vcard_batch with vcard. Same as POST /v1/vcard with Content-Type: text/vcard.',
      inputSchema: object(
        {
          vcard: { type: 'string', minLength: 1, description: 'The vCard text: one BEGIN:VCARD … END:VCARD card.' },
          ...(compactSchema(CARD_QUERY.schemas(), -1) as Record<string, unknown>),
        },
        ['vcard'],
      ),
      outputSchema: output(dtoJsonSchema(VCardResponseDto, OUTPUT_OF_IMPORT)),
      annotations: { title: 'Import a vCard', ...READ_ONLY },
    },
    {
      name: 'create_vcard_qr_code',
      title: 'Create a vCard QR code image',
      description:
        'Builds the same card as create_vcard_payload (the same fields and arguments, described there) and returns the QR code itself as a PNG image (image content, base64) to show the user, then qrPayload as text. ' +
        `Same rules as POST /v1/vcard with Accept: image/png; with style, as POST /v1/qrcodes (checked by two decoders; structuredContent.qr.check). Stores nothing. ${ON_ERROR}`,
      inputSchema: withArguments(bare, {
        ...(compactSchema(VCARD_QUERY.schemas(), -1) as Record<string, unknown>),
        style: styleArgument(),
      }),
      annotations: { title: 'Create a vCard QR code image', ...READ_ONLY },
    },
    {
      name: 'list_templates',
      title: 'List vCard QR templates',
      description:
        'Lists the vCard QR templates (business card, event badge, ...), a page at a time: each has an id, a name, a useCase, requiredFields and optionalFields (which contact fields to ask the user for). ' +
        `Pass pagination.next_cursor as cursor until pagination.has_more is false. Same as GET /v1/templates. ${ON_ERROR}`,
      inputSchema: object(LIST_TEMPLATES_QUERY.schemas()),
      outputSchema: output(dtoJsonSchema(TemplateListResponseDto)),
      annotations: { title: 'List vCard QR templates', ...READ_ONLY },
    },
    {
      name: 'get_product_context',
      title: 'Get product context',
      description:
        'Describes this service for an agent: what it does, positioning, privacy notes (no contact is stored), use cases, encoding and QR advice, field limits, the rate limit and integration URLs. Takes no input.',
      inputSchema: object({}),
      outputSchema: output(dtoJsonSchema(ProductContextDto)),
      annotations: { title: 'Get product context', ...READ_ONLY },
    },
    {
      name: 'create_vcard_batch',
      title: 'Create vCard payloads for many contacts',
      description:
        `Starts a batch of 1 to ${maxContacts} contacts (each with the fields of create_vcard_payload; an invalid one fails alone), or the cards of vcard text instead (each imported as import_vcard does, its report in its item), and returns it at once (status queued) with its progress and links. ` +
        `Follow it with get_vcard_batch until status is succeeded, then read the outcomes with list_vcard_batch_items. Same as POST /v1/batches; costs ceil(contacts / ${CONTACTS_PER_RATE_UNIT}) requests of the rate budget; the contacts are kept only until the batch expires. ${ON_ERROR}`,
      inputSchema: object({
        contacts: {
          type: 'array',
          minItems: 1,
          maxItems: maxContacts,
          items: bare,
          description: 'The contacts, in order (or vcard instead).',
        },
        vcard: {
          type: 'string',
          minLength: 1,
          description: 'Instead of contacts: vCard text, one contact per card.',
        },
        ...(compactSchema(CARD_QUERY.schemas(), -1) as Record<string, unknown>),
      }),
      outputSchema: output(dtoJsonSchema(BatchDto)),
      annotations: {
        title: 'Create vCard payloads for many contacts',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    {
      name: 'get_vcard_batch',
      title: 'Get a batch and its progress',
      description:
        'Returns a batch created by create_vcard_batch: status (queued, running, succeeded, failed) and progress. Same as GET /v1/batches/{id}; an unknown or expired id is an isError result with error.code batch_not_found.',
      inputSchema: object({ batchId: BATCH_ID }, ['batchId']),
      outputSchema: output(dtoJsonSchema(BatchDto)),
      annotations: { title: 'Get a batch and its progress', ...READ_ONLY },
    },
    {
      name: 'list_vcard_batch_items',
      title: "List a batch's outcomes",
      description:
        "Pages through a batch's outcomes in input order: each item is {index, status, result | error}, result exactly what create_vcard_payload returns for that contact, error the error it would have returned; pending until processed. " +
        'Pass pagination.next_cursor as cursor until pagination.has_more is false. Same as GET /v1/batches/{id}/items.',
      inputSchema: object({ batchId: BATCH_ID, ...BATCH_ITEMS_QUERY.schemas() }, ['batchId']),
      outputSchema: output(dtoJsonSchema(BatchItemsPageDto, OUTPUT_OF_ITEMS)),
      annotations: { title: "List a batch's outcomes", ...READ_ONLY },
    },
  ];
}
