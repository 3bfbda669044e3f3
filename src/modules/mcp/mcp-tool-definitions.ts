import type { Tool } from '@modelcontextprotocol/server';
import { ruleJsonSchema } from '../../lib/contact';
import { QR_STYLE_RULE } from '../../lib/qr/style/qr-style-rule';
import { ProductContextDto } from '../product/dto/product-context.dto';
import { LIST_TEMPLATES_QUERY } from '../templates/dto/list-templates.query';
import { TemplateListResponseDto } from '../templates/dto/template.dto';
import { CARD_QUERY, VCARD_QUERY } from '../vcard/card-query';
import { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { compactSchema, withoutKeywords } from './compact-schema';
import { dtoJsonSchema, type JsonSchema } from './dto-json-schema';
import { batchToolDefinitions } from './mcp-batch-tool-definitions';
import { CARD_VIEW_URI } from './mcp-card-view';
import {
  bareArguments,
  contactSchemas,
  contactWith,
  object,
  ON_ERROR,
  output,
  READ_ONLY,
  type ContactSchemas,
} from './mcp-tool-parts';

/**
 * Schemas an output names as a bare object because another tool's output describes them, so the
 * list an agent reads stays small: the contact (every tool's input), an import's report
 * (import_vcard's output), the card parts (create_vcard_payload's output). The print report
 * (qr.print) is answered only to ?size=, which no tool takes.
 */
const OUTPUT_OF_CARD = ['VCardRequest', 'ImportReport', 'QrPrint'];
const OUTPUT_OF_IMPORT = ['VCardRequest', 'QrInfo', 'NfcTagFit'];
/** create_vcard_qr_code answers create_vcard_payload's card (qr.check too when styled), whose parts it describes. */
const OUTPUT_OF_CODE = ['VCardRequest', 'ImportReport', 'QrInfo', 'NfcTagFit'];

/** The style argument: names, types, sets and ranges (patterns and defaults left out: the list stays small). */
function styleArgument(): JsonSchema {
  const lean = withoutKeywords(compactSchema(ruleJsonSchema(QR_STYLE_RULE), -1), [
    'pattern',
    'default',
    'anyOf',
    'additionalProperties',
  ]) as JsonSchema;
  // Each colour is a string or a gradient, left open here: five copies of the gradient's shape would not
  // fit the list's budget, and the route checks every colour's shape (OpenAPI's QrStyle has it whole).
  const colors = (lean.properties as Record<string, JsonSchema>).colors;
  const keys = Object.keys(colors.properties as JsonSchema);
  colors.properties = Object.fromEntries(keys.map((key) => [key, {}]));
  return {
    ...lean,
    description: 'Optional QrStyle as POST /v1/qrcodes takes it; colours #rrggbb or gradients; logo.image a data URL.',
  };
}

/** The tools that make one card: from fields, from a vCard, as a QR code image. */
function cardToolDefinitions(contact: ContactSchemas): Tool[] {
  return [
    {
      name: 'create_vcard_payload',
      title: 'Create a vCard QR payload',
      description:
        'Builds a contact card (vCard 3.0, read by every phone; vCard 4.0 or MECARD with format): qrPayload (the exact text to encode), vcard (the .vcf text), qr (bytes, smallest version per level, warnings; with qrVersion, fields left out to fit); with nfc, fitted to that tag (nfc.message: its NDEF message). ' +
        `Unknown fields are refused. As POST /v1/vcard; stores nothing. ${ON_ERROR}`,
      inputSchema: contactWith(contact.described, CARD_QUERY.schemas()),
      outputSchema: output(dtoJsonSchema(VCardResponseDto, OUTPUT_OF_CARD)),
      annotations: READ_ONLY,
    },
    {
      name: 'import_vcard',
      title: 'Import a vCard',
      description:
        'Imports one vCard (2.1, 3.0 or 4.0): what create_vcard_payload returns for its contact (same arguments besides vcard), plus import: version, contact (to edit and pass back) and leftOut (property, line, reason). ' +
        'Fails only for a card without a name (invalid_vcard). Many cards: create_vcard_batch with vcard. As POST /v1/vcard, Content-Type: text/vcard.',
      inputSchema: object(
        {
          vcard: { type: 'string', minLength: 1, description: 'The vCard text: one BEGIN:VCARD … END:VCARD card.' },
          ...bareArguments(CARD_QUERY.schemas()),
        },
        ['vcard'],
      ),
      outputSchema: output(dtoJsonSchema(VCardResponseDto, OUTPUT_OF_IMPORT)),
      annotations: READ_ONLY,
    },
    {
      name: 'create_vcard_qr_code',
      title: 'Create a vCard QR code image',
      description:
        'The card of create_vcard_payload (same fields, limits and arguments, described there) as a QR code PNG to show the user, with qrPayload and the card. ' +
        `As POST /v1/vcard with Accept: image/png; with style, POST /v1/qrcodes (read back by two decoders: qr.check).`,
      inputSchema: contactWith(contact.bare, { ...bareArguments(VCARD_QUERY.schemas()), style: styleArgument() }),
      outputSchema: output(dtoJsonSchema(VCardResponseDto, OUTPUT_OF_CODE)),
      annotations: READ_ONLY,
      // MCP Apps: a host that shows views shows the result in the card view (mcp-card-view.ts).
      _meta: { ui: { resourceUri: CARD_VIEW_URI } },
    },
  ];
}

/** The tools that read what the service offers: the template catalogue and the product context. */
function catalogueToolDefinitions(): Tool[] {
  return [
    {
      name: 'list_templates',
      title: 'List vCard QR templates',
      description:
        'The templates (business card, event badge, ...), a page at a time: id, name, useCase, requiredFields and optionalFields (the fields to ask the user for). ' +
        `Pass pagination.next_cursor as cursor until has_more is false. As GET /v1/templates.`,
      inputSchema: object(LIST_TEMPLATES_QUERY.schemas()),
      outputSchema: output(dtoJsonSchema(TemplateListResponseDto)),
      annotations: READ_ONLY,
    },
    {
      name: 'get_product_context',
      title: 'Get product context',
      description:
        'This service: what it does, privacy (no contact is stored), use cases, encoding and QR advice, field limits, rate limit, URLs.',
      inputSchema: object({}),
      outputSchema: output(dtoJsonSchema(ProductContextDto)),
      annotations: READ_ONLY,
    },
  ];
}

/**
 * The MCP tools' definitions, derived from the same declarations as REST: the contact's schema,
 * the routes' query declarations (the card and image parameters are the tools' arguments) and the
 * response DTOs. Schemas are compact (see compactSchema): the whole list stays small in an
 * agent's context. The title is the tool's own: annotations do not repeat it.
 */
export function mcpToolDefinitions(maxContacts: number): Tool[] {
  const contact = contactSchemas();
  return [
    ...cardToolDefinitions(contact),
    ...catalogueToolDefinitions(),
    ...batchToolDefinitions(maxContacts, contact.bare),
  ];
}
