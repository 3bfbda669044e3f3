import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiError } from '../../core/errors/api-error';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import { RateLimiter } from '../../core/rate-limit/rate-limiter';
import { optionalQueryString } from '../../core/validation/optional-query-string';
import { ApiRoute } from '../../http/api-route.decorator';
import { utf8BodyText } from '../../http/utf8-body';
import { clientMountPath, routedMountPath } from '../../http/mount-path';
import {
  clientAddress,
  HttpRequestLike,
  HttpResponseLike,
  nativeRequest,
  takeOverResponse,
} from '../../http/native-http';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { TemplatesService } from '../templates/templates.service';
import { cardOptions } from '../vcard/card-options';
import {
  CARD_QUERY_DOCS,
  createdResourceHeaders,
  IDEMPOTENCY_KEY_HEADER_DOC,
  RATE_LIMIT_HEADERS_DOC,
} from '../vcard/card-route-docs';
import { contactsFromCsv } from './batch-csv';
import type { BatchRecord } from '../../infra/store/batch-record';
import { BatchesService, CONTACTS_PER_RATE_UNIT, itemsLimit } from './batches.service';
import { BatchCreateRequestDto, BatchDto, BatchItemsPageDto, toBatchDto } from './dto/batch.dto';
import { MARGIN_RANGE, QR_IMAGE_DEFAULTS, qrImageOptions, SCALE_RANGE } from '../vcard/qr-image-options';
import type { QrImageType } from '../vcard/qr-image.service';
import { writeZip, type ZipFile } from './batch-codes-zip';
import { BATCHES_ROUTE } from './batch-json-body';

const CSV_EXAMPLE =
  'fullName,organization,email\r\nAda Lovelace,Analytical Engines,ada@example.com\r\n"Hopper, Grace",US Navy,grace@example.com\r\n';

/** A CSV body the host's parser left unread (Express has no text/csv parser): read it here, UTF-8 only. */
async function readTextBody(request: HttpRequestLike, limitBytes: number): Promise<string> {
  const raw = nativeRequest(request);
  if (raw.readableEnded || !raw.readable)
    throw new ApiError('unsupported_media_type', { message: "The host's body parser did not pass the CSV text on." });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new ApiError('payload_too_large', { details: { maxBytes: limitBytes } });
    chunks.push(chunk as Buffer);
  }
  const text = utf8BodyText(
    Buffer.concat(chunks),
    request.headers['content-type'] as string | undefined,
    'CSV',
    'text/csv',
  );
  if (text instanceof ApiError) throw text;
  return text;
}

@ApiTags('batches')
@ApiRoute()
@Controller(BATCHES_ROUTE)
export class BatchesController {
  constructor(
    private readonly batches: BatchesService,
    private readonly limiter: RateLimiter,
    private readonly templates: TemplatesService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createBatch',
    summary: 'Create vCard payloads for many contacts at once',
    description: [
      'Takes `{"contacts": [VCardRequest, ...]}` as JSON, or `text/csv` whose header row names VCardRequest fields (any case; an unknown column is a 400 naming it; UTF-8 with or without BOM; quoted fields may hold commas, quotes and line breaks; CRLF or LF; an empty cell is an absent field).',
      'Answers 202 at once; the contacts are then processed in the background, each validated and encoded exactly as POST /v1/vcard would (an invalid contact fails alone). Follow links.stream (Server-Sent Events) or poll links.self; page the outcomes with links.items; download every card with links.vcf.',
      `A batch of n contacts costs ceil(n / ${CONTACTS_PER_RATE_UNIT}) requests of the rate budget. Batches expire, with their contacts and outcomes, JOB_TTL_SECONDS after creation.`,
      'With an Idempotency-Key, the same request within the TTL returns the same batch (Idempotent-Replayed: true); the same key with another body is 409.',
    ].join('\n\n'),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: getSchemaPath(BatchCreateRequestDto) },
          example: { contacts: [{ fullName: 'Ada Lovelace', email: 'ada@example.com' }, { fullName: 'Grace Hopper' }] },
        },
        'text/csv': { schema: { type: 'string' }, example: CSV_EXAMPLE },
      },
    },
  })
  @ApiExtraModels(BatchCreateRequestDto)
  @ApiHeader({
    ...IDEMPOTENCY_KEY_HEADER_DOC,
    description: 'Optional, 1-255 visible ASCII characters; replays the batch created with the same key and body.',
  })
  @ApiQuery({
    name: 'template',
    required: false,
    description:
      "A template id; every contact must then contain that template's requiredFields (a contact without them fails alone).",
  })
  @ApiQuery(CARD_QUERY_DOCS.format)
  @ApiQuery(CARD_QUERY_DOCS.qrVersion)
  @ApiQuery(CARD_QUERY_DOCS.qrLevel)
  @ApiAcceptedResponse({
    type: BatchDto,
    description: 'The batch, queued.',
    headers: createdResourceHeaders('batch', false),
  })
  @ApiErrorResponses(
    'invalid_request',
    'invalid_json',
    'invalid_encoding',
    'invalid_csv',
    'invalid_idempotency_key',
    'invalid_query',
    'idempotency_key_reused',
    'payload_too_large',
    'unsupported_media_type',
    'too_many_batches',
    'rate_limited',
    'service_unavailable',
  )
  async create(
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Query() query: Record<string, unknown>,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<BatchDto> {
    const template = optionalQueryString(query.template) ?? null;
    if (template !== null) this.templates.known(template);
    const options = cardOptions(query);
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    let contacts: string[];
    if (type.startsWith('text/csv')) {
      const text =
        typeof request.body === 'string'
          ? request.body
          : await readTextBody(request, this.config.batches.maxContacts * 2048);
      contacts = contactsFromCsv(text).map((row) => JSON.stringify(row));
    } else {
      contacts = this.batches.contactsFromJson(request.body);
    }
    const client = clientAddress(request);
    const { batch, replayed } = await this.batches.create(
      contacts,
      template,
      client,
      idempotencyKey,
      async (units) => {
        const error = await this.limiter.charge(request.ip, units, (name, value) => reply.header(name, value));
        if (error) throw error;
      },
      options,
    );
    const dto = toBatchDto(batch, this.selfUrl(request, batch.id));
    reply.header('Location', dto.links.self);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return dto;
  }

  @Get(':batchId')
  @ApiOperation({ operationId: 'getBatch', summary: 'Get a batch and its progress' })
  @ApiParam({ name: 'batchId', example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB' })
  @ApiOkResponse({ type: BatchDto, headers: { ...RATE_LIMIT_HEADERS_DOC } })
  @ApiErrorResponses('batch_not_found', 'rate_limited', 'service_unavailable')
  async get(@Param('batchId') batchId: string, @Req() request: HttpRequestLike): Promise<BatchDto> {
    const batch = await this.batches.get(batchId);
    return toBatchDto(batch, this.selfUrl(request, batch.id));
  }

  @Get(':batchId/items')
  @ApiOperation({
    operationId: 'listBatchItems',
    summary: "Page through a batch's outcomes, in input order",
    description:
      'Each item is `{index, status, result | error}`: `result` is exactly the VCardResponse of POST /v1/vcard, `error` the Error object it would have answered; `pending` until the contact is processed. Cursor pagination as for templates.',
  })
  @ApiParam({ name: 'batchId', example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB' })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'cursor', required: false, description: "A previous page's pagination.next_cursor." })
  @ApiOkResponse({ type: BatchItemsPageDto, headers: { ...RATE_LIMIT_HEADERS_DOC } })
  @ApiErrorResponses('batch_not_found', 'invalid_query', 'invalid_cursor', 'rate_limited', 'service_unavailable')
  async items(
    @Param('batchId') batchId: string,
    @Query('limit') limitParam: unknown,
    @Query('cursor') cursorParam: unknown,
    @Req() request: HttpRequestLike,
  ): Promise<BatchItemsPageDto> {
    const limit = itemsLimit(limitParam);
    const cursor = optionalQueryString(cursorParam);
    const docsBase = `${this.config.publicBaseUrl}${routedMountPath(request)}`;
    return (await this.batches.items(batchId, limit, cursor, docsBase)) as BatchItemsPageDto;
  }

  @Get(':batchId/cards.vcf')
  @ApiOperation({
    operationId: 'downloadBatchCards',
    summary: 'Download every successful card of a batch as one .vcf',
    description:
      'The cards in input order, streamed (never built whole in memory); a contact that failed has no card. 409 batch_not_finished while the batch runs.',
  })
  @ApiParam({ name: 'batchId', example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB' })
  @ApiProduces('text/vcard')
  @ApiOkResponse({
    description: 'A vCard 3.0 file with one card per successful contact.',
    content: { 'text/vcard': { schema: { type: 'string' } } },
    headers: {
      'Content-Disposition': { description: 'attachment; filename="<batch id>.vcf"', schema: { type: 'string' } },
      ...RATE_LIMIT_HEADERS_DOC,
    },
  })
  @ApiErrorResponses('batch_not_found', 'batch_not_finished', 'rate_limited', 'service_unavailable')
  async vcf(@Param('batchId') batchId: string, @Res() reply: object): Promise<void> {
    const batch = await this.finished(batchId);
    const cards = this.batches.vcf(batch);
    // Read the first page before committing to a 200, so a store failure is still an Error response.
    const first = await cards.next();
    const raw = takeOverResponse(reply);
    raw.statusCode = 200;
    raw.setHeader('Content-Type', 'text/vcard; charset=utf-8');
    raw.setHeader('Content-Disposition', `attachment; filename="${batch.id}.vcf"`);
    try {
      if (!first.done && !raw.write(first.value)) await new Promise((resolve) => raw.once('drain', resolve));
      for await (const chunk of cards) {
        if (raw.destroyed) return;
        if (!raw.write(chunk)) await new Promise((resolve) => raw.once('drain', resolve));
      }
      raw.end();
    } catch {
      // The status line is gone: all that is left is to cut the response short.
      raw.destroy();
    }
  }

  @Get(':batchId/codes.zip')
  @ApiOperation({
    operationId: 'downloadBatchCodes',
    summary: 'Download a QR code image and a .vcf for every successful contact, as one ZIP',
    description: [
      'For each successful contact in input order: `NNNNN-<name>.png` (or `.svg`), the QR code of its qrPayload, then `NNNNN-<name>.vcf`, its card alone (Outlook imports only the first card of a multi-card file). NNNNN is the item index + 1, zero-padded to the digits of the batch total; failed contacts leave gaps. <name> is the fullName with accents removed and other characters than ASCII letters and digits turned into `-`, at most 40 characters.',
      'Streamed as it is drawn, with memory bounded whatever the batch size. qrLevel, scale and margin apply to every image; a card too large for qrLevel is drawn at the highest lower level that holds it. 409 batch_not_finished while the batch runs.',
    ].join('\n\n'),
  })
  @ApiParam({ name: 'batchId', example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB' })
  @ApiQuery({
    name: 'type',
    required: false,
    schema: { type: 'string', enum: ['png', 'svg'], default: 'png' },
    description: 'Image format of the codes.',
  })
  @ApiQuery({
    name: 'qrLevel',
    required: false,
    schema: { type: 'string', enum: ['L', 'M', 'Q', 'H'], default: QR_IMAGE_DEFAULTS.qrLevel },
  })
  @ApiQuery({
    name: 'scale',
    required: false,
    schema: { type: 'integer', ...SCALE_RANGE, default: QR_IMAGE_DEFAULTS.scale },
    description: 'Pixels per module.',
  })
  @ApiQuery({
    name: 'margin',
    required: false,
    schema: { type: 'integer', ...MARGIN_RANGE, default: QR_IMAGE_DEFAULTS.margin },
    description: 'Quiet zone in modules.',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'A ZIP archive, streamed.',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'Content-Disposition': { description: 'attachment; filename="<batch id>-codes.zip"', schema: { type: 'string' } },
      ...RATE_LIMIT_HEADERS_DOC,
    },
  })
  @ApiErrorResponses('batch_not_found', 'batch_not_finished', 'invalid_query', 'rate_limited', 'service_unavailable')
  async codes(
    @Param('batchId') batchId: string,
    @Query('type') typeParam: unknown,
    @Query('qrLevel') qrLevel: unknown,
    @Query('scale') scale: unknown,
    @Query('margin') margin: unknown,
    @Res() reply: object,
  ): Promise<void> {
    const type = typeParam ?? 'png';
    if (type !== 'png' && type !== 'svg') {
      throw new ApiError('invalid_query', {
        message: 'The query parameter type is invalid: type must be png or svg',
        details: { parameter: 'type', issue: 'invalid_value' },
      });
    }
    const options = qrImageOptions({ qrLevel, scale, margin });
    const batch = await this.finished(batchId);
    const files = this.batches.codes(batch, type as QrImageType, options);
    // Read the first page before committing to a 200, so a store failure is still an Error response.
    const first = await files.next();
    const raw = takeOverResponse(reply);
    raw.statusCode = 200;
    raw.setHeader('Content-Type', 'application/zip');
    raw.setHeader('Content-Disposition', `attachment; filename="${batch.id}-codes.zip"`);
    async function* all(): AsyncGenerator<ZipFile> {
      if (first.done) return;
      yield first.value;
      yield* files;
    }
    await writeZip(all(), raw, new Date(batch.completed_at ?? batch.created_at));
  }

  /** The batch, once every contact is processed; 409 batch_not_finished before. */
  private async finished(batchId: string): Promise<BatchRecord> {
    const batch = await this.batches.get(batchId);
    if (batch.status !== 'succeeded')
      throw new ApiError('batch_not_finished', {
        details: { status: batch.status, processed: batch.processed, total: batch.total },
      });
    return batch;
  }

  private selfUrl(request: HttpRequestLike, batchId: string): string {
    return `${this.config.publicBaseUrl}${clientMountPath(request)}/v1/batches/${batchId}`;
  }
}
