import { applyDecorators } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  getSchemaPath,
} from '@nestjs/swagger';
import { CONTACT_BATCH_EXAMPLES, CONTACT_FILE_NAME_FIELD } from '../../lib/contact';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { QR_STYLE_EXAMPLE, QrStyleDto } from '../qrcodes/dto/qr-style.dto';
import { vcardFileOf } from '../vcard/dto/request-examples';
import { VCARD_BODY_TYPES } from '../vcard/vcard-body';
import { createdResourceHeaders, IDEMPOTENCY_KEY_HEADER_DOC, RATE_LIMIT_HEADERS_DOC } from '../vcard/card-route-docs';
import { ZIP_BODY_TYPES } from './batch-body';
import { ZIP_MAX_IMAGES } from './batch-zip-limits';
import { CONTACTS_PER_RATE_UNIT } from './batches.service';
import { csvCell } from './csv-cell';
import { BatchCreateRequestDto, BatchDto, BatchItemsPageDto } from './dto/batch.dto';

/** The CSV request example: the header and each row, every line CRLF-terminated. */
const CSV_EXAMPLE = CONTACT_BATCH_EXAMPLES.csv.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
/** The vCard request example: the JSON example's contacts as the address-book export the service would write. */
const VCARD_EXAMPLE = vcardFileOf(CONTACT_BATCH_EXAMPLES.json);
const BATCH_ID = ApiParam({ name: 'batchId', example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB' });

/** The OpenAPI description of POST /v1/batches. */
export function CreateBatchDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'createBatch',
      summary: 'Create vCard payloads for many contacts at once',
      description: [
        'Takes `{"contacts": [VCardRequest, ...]}` as JSON, or `text/csv` whose header row names VCardRequest fields (any case; an unknown column is a 400 naming it; UTF-8 with or without BOM; quoted fields may hold commas, quotes and line breaks; CRLF or LF; an empty cell is an absent field) or is a Google Contacts or Outlook export, or an address-book export as `text/vcard` (also text/x-vcard, text/directory), any number of cards (docs/import.md), or a ZIP of PNG and JPEG images as `application/zip` (also application/x-zip-compressed), each scanned as POST /v1/scans scans it and one item, whose contact is its first code’s vCard or MECARD import (an image without a code or without a contact fails alone with the scan’s error; source zip, each item with its `file`). ' +
          `A ZIP is read as it arrives: at most ${ZIP_MAX_IMAGES} images, each at most SCAN_BODY_LIMIT_BYTES inflated, the archive at most BATCH_VCF_BODY_LIMIT_BYTES; one that cannot be read is 400 invalid_zip (docs/batches.md#a-zip-of-images).`,
        'Answers 202 at once; the contacts are then processed in the background, each validated and encoded exactly as POST /v1/vcard would (an invalid contact fails alone). Follow links.stream (Server-Sent Events) or poll links.self; page the outcomes with links.items; download every card with links.vcf.',
        `A batch of n contacts costs ceil(n / ${CONTACTS_PER_RATE_UNIT}) requests of the rate budget; a ZIP of n images costs n (each a scan). Batches expire, with their contacts and outcomes, JOB_TTL_SECONDS after creation.`,
        'With an Idempotency-Key, the same request within the TTL returns the same batch (Idempotent-Replayed: true); the same key with another body is 409.',
      ].join('\n\n'),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(BatchCreateRequestDto) },
            example: { contacts: CONTACT_BATCH_EXAMPLES.json },
          },
          'text/csv': { schema: { type: 'string' }, example: CSV_EXAMPLE },
          ...Object.fromEntries(
            VCARD_BODY_TYPES.map((type) => [type, { schema: { type: 'string' }, example: VCARD_EXAMPLE }]),
          ),
          ...Object.fromEntries(ZIP_BODY_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        },
      },
    }),
    ApiExtraModels(BatchCreateRequestDto),
    ApiHeader({
      ...IDEMPOTENCY_KEY_HEADER_DOC,
      description: 'Optional, 1-255 visible ASCII characters; replays the batch created with the same key and body.',
    }),
    ApiAcceptedResponse({
      type: BatchDto,
      description: 'The batch, queued.',
      headers: createdResourceHeaders('batch', false),
    }),
    ApiErrorResponses(
      'invalid_request',
      'invalid_json',
      'invalid_encoding',
      'invalid_csv',
      'invalid_zip',
      'invalid_idempotency_key',
      'invalid_query',
      'idempotency_key_reused',
      'payload_too_large',
      'unsupported_media_type',
      'too_many_batches',
      'rate_limited',
      'service_unavailable',
    ),
  );
}

/** The OpenAPI description of GET /v1/batches/{batchId}. */
export function GetBatchDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({ operationId: 'getBatch', summary: 'Get a batch and its progress' }),
    BATCH_ID,
    ApiOkResponse({ type: BatchDto, headers: { ...RATE_LIMIT_HEADERS_DOC } }),
    ApiErrorResponses('batch_not_found', 'rate_limited', 'service_unavailable'),
  );
}

/** The OpenAPI description of GET /v1/batches/{batchId}/items. */
export function ListBatchItemsDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'listBatchItems',
      summary: "Page through a batch's outcomes, in input order",
      description:
        'Each item is `{index, status, result | error}`: `result` is exactly the VCardResponse of POST /v1/vcard, `error` the Error object it would have answered; `pending` until the contact is processed. Cursor pagination as for templates.',
    }),
    BATCH_ID,
    ApiOkResponse({ type: BatchItemsPageDto, headers: { ...RATE_LIMIT_HEADERS_DOC } }),
    ApiErrorResponses('batch_not_found', 'invalid_query', 'invalid_cursor', 'rate_limited', 'service_unavailable'),
  );
}

/** The OpenAPI description of GET /v1/batches/{batchId}/cards.vcf. */
export function BatchCardsDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'downloadBatchCards',
      summary: 'Download every successful card of a batch as one .vcf',
      description:
        'The cards in input order, streamed (never built whole in memory); a contact that failed has no card. 409 batch_not_finished while the batch runs.',
    }),
    BATCH_ID,
    ApiProduces('text/vcard'),
    ApiOkResponse({
      description: 'A vCard 3.0 file with one card per successful contact.',
      content: { 'text/vcard': { schema: { type: 'string' } } },
      headers: {
        'Content-Disposition': { description: 'attachment; filename="<batch id>.vcf"', schema: { type: 'string' } },
        ...RATE_LIMIT_HEADERS_DOC,
      },
    }),
    ApiErrorResponses('batch_not_found', 'batch_not_finished', 'rate_limited', 'service_unavailable'),
  );
}

/** The OpenAPI description of GET /v1/batches/{batchId}/codes.zip. */
export function BatchCodesDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'downloadBatchCodes',
      summary: 'Download a QR code image and a .vcf for every successful contact, as one ZIP',
      description: [
        'For each successful contact in input order: `NNNNN-<name>.png` (or `.svg`), the QR code of its qrPayload, then `NNNNN-<name>.vcf`, its card alone (Outlook imports only the first card of a multi-card file). NNNNN is the item index + 1, zero-padded to the digits of the batch total; failed contacts leave gaps. <name> is the ' +
          CONTACT_FILE_NAME_FIELD +
          ' with accents removed and other characters than ASCII letters and digits turned into `-`, at most 40 characters.',
        'Streamed as it is drawn, with memory bounded whatever the batch size. qrLevel, scale and margin apply to every image; a card too large for qrLevel is drawn at the highest lower level that holds it. 409 batch_not_finished while the batch runs.',
        'With a style (PUT /v1/batches/{batchId}/style), every code is drawn in it and read back by two decoders, as POST /v1/qrcodes does; a code they cannot read is left out. The last file is always manifest.csv: one row per successful contact, index,file,version,level,check,warnings (index 0-based as in /items; check passed, unreadable (file empty) or plain; warnings joined by |).',
      ].join('\n\n'),
    }),
    BATCH_ID,
    ApiProduces('application/zip'),
    ApiOkResponse({
      description: 'A ZIP archive, streamed.',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
      headers: {
        'Content-Disposition': {
          description: 'attachment; filename="<batch id>-codes.zip"',
          schema: { type: 'string' },
        },
        ...RATE_LIMIT_HEADERS_DOC,
      },
    }),
    ApiErrorResponses('batch_not_found', 'batch_not_finished', 'invalid_query', 'rate_limited', 'service_unavailable'),
  );
}

/** The OpenAPI description of PUT /v1/batches/{batchId}/style. */
export function BatchStyleDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'setBatchStyle',
      summary: "Set or replace the QR style of a batch's codes.zip",
      description:
        'The body is a bare QrStyle, judged as POST /v1/qrcodes judges a style (400 invalid_request for its shape, invalid_style for its values). Kept with the batch until it expires; any batch, JSON or CSV, once it has finished (409 batch_not_finished while it runs). An empty style {} draws the plain codes again.',
    }),
    BATCH_ID,
    ApiBody({ type: QrStyleDto, examples: { styled: { value: QR_STYLE_EXAMPLE } } }),
    ApiNoContentResponse({ description: 'The style is set.', headers: { ...RATE_LIMIT_HEADERS_DOC } }),
    ApiErrorResponses(
      'invalid_request',
      'invalid_json',
      'invalid_style',
      'batch_not_found',
      'batch_not_finished',
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
      'service_unavailable',
    ),
  );
}
