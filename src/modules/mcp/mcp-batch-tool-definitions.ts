import type { Tool } from '@modelcontextprotocol/server';
import { CONTACTS_PER_RATE_UNIT } from '../batches/batches.service';
import { BATCH_ITEMS_QUERY } from '../batches/batch-queries';
import { BatchDto, BatchItemsPageDto } from '../batches/dto/batch.dto';
import { CARD_QUERY } from '../vcard/card-query';
import { dtoJsonSchema, type JsonSchema } from './dto-json-schema';
import { bareArguments, object, output, READ_ONLY } from './mcp-tool-parts';

const BATCH_ID = {
  type: 'string',
  description: 'The id create_vcard_batch returned (batch_ and a ULID).',
};

/**
 * A batch item's result, error and import report are bare objects: create_vcard_payload's and
 * import_vcard's outputs describe the card and the report, and every tool's description the error.
 */
const OUTPUT_OF_ITEMS = ['VCardRequest', 'ImportReport', 'VCardResponse', 'ErrorObject'];

/** create_vcard_batch, then get_vcard_batch and list_vcard_batch_items to follow it: the batch routes. */
export function batchToolDefinitions(maxContacts: number, contact: JsonSchema): Tool[] {
  return [
    {
      name: 'create_vcard_batch',
      title: 'Create vCard payloads for many contacts',
      description:
        `Starts a batch of 1 to ${maxContacts} contacts (fields and limits of create_vcard_payload; an invalid one fails alone) or of vcard text's cards (imported as import_vcard does) and answers it at once (queued). ` +
        `Poll get_vcard_batch until succeeded, then list_vcard_batch_items; or run it as a task. As POST /v1/batches; costs ceil(contacts / ${CONTACTS_PER_RATE_UNIT}) rate units; contacts kept until it expires.`,
      inputSchema: object({
        contacts: {
          type: 'array',
          minItems: 1,
          maxItems: maxContacts,
          items: contact,
          description: 'The contacts, in order (or vcard instead).',
        },
        vcard: { type: 'string', minLength: 1, description: 'Instead of contacts: vCard text, one contact per card.' },
        ...bareArguments(CARD_QUERY.schemas()),
      }),
      outputSchema: output(dtoJsonSchema(BatchDto)),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      // MCP Tasks: a client that sends a task param gets a task (mcp-tasks.ts); others, the batch at once.
      execution: { taskSupport: 'optional' },
    },
    {
      name: 'get_vcard_batch',
      title: 'Get a batch and its progress',
      description:
        'A batch create_vcard_batch started: its status and progress. As GET /v1/batches/{id}; an unknown or expired id is batch_not_found.',
      inputSchema: object({ batchId: BATCH_ID }, ['batchId']),
      // The Batch create_vcard_batch's output describes: a bare object here, so the list stays small.
      outputSchema: { type: 'object' },
      annotations: READ_ONLY,
    },
    {
      name: 'list_vcard_batch_items',
      title: "List a batch's outcomes",
      description:
        "A batch's outcomes in input order, a page at a time (as list_templates): {index, status, result | error}, result what create_vcard_payload returns for that contact, error the error it would; pending until processed. " +
        'As GET /v1/batches/{id}/items.',
      inputSchema: object({ batchId: BATCH_ID, ...BATCH_ITEMS_QUERY.schemas() }, ['batchId']),
      outputSchema: output(dtoJsonSchema(BatchItemsPageDto, OUTPUT_OF_ITEMS)),
      annotations: READ_ONLY,
    },
  ];
}
