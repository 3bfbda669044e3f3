import { restorePrototypeArgument } from './prototype-arguments';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiError } from '../../core/errors/api-error';
import { buildErrorBody, ErrorBody } from '../../core/errors/error-body';
import { ApiValidationPipe } from '../../core/validation/create-validation-pipe';
import { ContactValidator } from '../../core/validation/contact-validator';
import { invalidField } from '../../core/validation/invalid-request';
import { CONTACT_FIELD_SUMMARY, contactJsonSchema } from '../../lib/contact';
import { ProductContextDto } from '../product/dto/product-context.dto';
import { ProductService } from '../product/product.service';
import { ListTemplatesQuery } from '../templates/dto/list-templates.query';
import { TemplateListResponseDto } from '../templates/dto/template.dto';
import { TemplatesService } from '../templates/templates.service';
import { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { VCardService } from '../vcard/vcard.service';
import { MARGIN_RANGE, QR_IMAGE_DEFAULTS, qrImageOptions, SCALE_RANGE } from '../vcard/qr-image-options';
import { QrImageService } from '../vcard/qr-image.service';
import { cardOptions } from '../vcard/card-options';
import { CARD_QUERY_DOCS } from '../vcard/card-route-docs';
import { rejectUnknownProperties } from '../../core/validation/reject-unknown-properties';
import { RateLimiter } from '../../core/rate-limit/rate-limiter';
import { clientAddress, HttpRequestLike } from '../../http/native-http';
import { clientMountPath, routedMountPath } from '../../http/mount-path';
import { BatchesService, CONTACTS_PER_RATE_UNIT, itemsLimit } from '../batches/batches.service';
import { BatchCreateRequestDto, BatchDto, BatchItemsPageDto, toBatchDto } from '../batches/dto/batch.dto';
import { dtoJsonSchema } from './dto-json-schema';
import { mcpSdk } from './mcp-sdk';

/** The tools that change nothing (all but create_vcard_batch): safe to call again with the same arguments. */
const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** The HTTP request an MCP message came in, for what REST takes from its request too. */
export interface McpCallContext {
  request: HttpRequestLike;
  /** Sets a response header (RateLimit-*) while the answer has not been sent. */
  setHeader: (name: string, value: string) => void;
}

const BATCH_ID_SCHEMA = {
  type: 'string',
  description: 'The id create_vcard_batch returned (batch_ and a ULID).',
  example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
};

/** The card arguments of the tools that create cards: the same as the REST query parameters. */
const CARD_ARGUMENTS = Object.fromEntries(
  Object.values(CARD_QUERY_DOCS).map(({ name, description, schema }) => [name, { ...schema, description }]),
);

/**
 * The MCP tools: thin adapters over the same services, validation pipe and DTO schemas as the
 * REST endpoints (POST /v1/vcard, GET /v1/templates, GET /v1/product), so both channels answer
 * identically.
 */
@Injectable()
export class McpTools {
  private readonly logger = new Logger('McpTools');
  /** Built once: the schemas come from the DTOs' decorator metadata, which never changes at run time. */
  readonly definitions: Tool[];

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly product: ProductService,
    private readonly vcards: VCardService,
    private readonly templates: TemplatesService,
    private readonly batches: BatchesService,
    private readonly limiter: RateLimiter,
    private readonly images: QrImageService,
    private readonly contacts: ContactValidator,
    private readonly validation: ApiValidationPipe,
  ) {
    const vcardRequest = contactJsonSchema();
    // A tool that creates a card takes the contact's fields, the card arguments and its own.
    const contactArguments = (own: Record<string, unknown> = {}): Tool['inputSchema'] =>
      rejectUnknownProperties({
        ...vcardRequest,
        properties: { ...(vcardRequest.properties as Record<string, unknown>), ...CARD_ARGUMENTS, ...own },
      }) as unknown as Tool['inputSchema'];
    const batchRequest = dtoJsonSchema(BatchCreateRequestDto);
    const batchProperties = batchRequest.properties as Record<string, Record<string, unknown>>;
    this.definitions = [
      {
        name: 'create_vcard_payload',
        title: 'Create a vCard QR payload',
        description:
          'Builds a vCard 3.0 contact card from contact fields and returns qrPayload (the exact text to ' +
          'encode into a QR code), vcard (the same card as .vcf file text) and qr (byte count, smallest QR ' +
          `version per error-correction level, density warnings). The fields: ${CONTACT_FIELD_SUMMARY}. ` +
          'Any other field is rejected. ' +
          'Same rules and output as POST /v1/vcard. Deterministic; creates no account and stores no ' +
          'contact. On invalid input the result has isError: true and its text is the JSON error ' +
          '{error:{code,message,hint,docsUrl,status,details}}: follow error.hint.',
        inputSchema: contactArguments(),
        outputSchema: dtoJsonSchema(VCardResponseDto) as Tool['outputSchema'],
        annotations: { title: 'Create a vCard QR payload', ...READ_ONLY },
      },
      {
        name: 'create_vcard_qr_code',
        title: 'Create a vCard QR code image',
        description:
          'Builds the same card as create_vcard_payload from the same contact fields and returns the QR code ' +
          'itself as a PNG image (image content, base64, image/png) that you can show to the user, followed by ' +
          'qrPayload as text (what the code holds). qrLevel (L, M, Q, H; default M) is the error-correction ' +
          `level, scale (${SCALE_RANGE.minimum}-${SCALE_RANGE.maximum}, default ${QR_IMAGE_DEFAULTS.scale}) the pixels per module, ` +
          `margin (${MARGIN_RANGE.minimum}-${MARGIN_RANGE.maximum}, default ${QR_IMAGE_DEFAULTS.margin}) the quiet zone in modules. ` +
          'Same rules as POST /v1/vcard with Accept: image/png. Nothing is stored. On invalid input the result ' +
          'has isError: true and its text is the JSON error {error:{code,message,hint,docsUrl,status,details}}.',
        inputSchema: contactArguments({
          qrLevel: {
            type: 'string',
            enum: ['L', 'M', 'Q', 'H'],
            default: QR_IMAGE_DEFAULTS.qrLevel,
            description: 'Error-correction level of the image (and of the budget, with qrVersion).',
          },
          scale: {
            type: 'integer',
            ...SCALE_RANGE,
            default: QR_IMAGE_DEFAULTS.scale,
            description: 'Pixels per module.',
          },
          margin: {
            type: 'integer',
            ...MARGIN_RANGE,
            default: QR_IMAGE_DEFAULTS.margin,
            description: 'Quiet zone in modules.',
          },
        }),
        annotations: { title: 'Create a vCard QR code image', ...READ_ONLY },
      },
      {
        name: 'list_templates',
        title: 'List vCard QR templates',
        description:
          'Lists the vCard QR templates (business card, event badge, ...), a page at a time: each has an ' +
          'id, a name, a useCase, requiredFields and optionalFields, i.e. which contact fields to ask the ' +
          'user for. limit is 1-25 (default 2); to get the next page pass pagination.next_cursor as ' +
          'cursor, until pagination.has_more is false. Same rules and output as GET /v1/templates. On ' +
          'invalid input the result has isError: true and its text is the JSON error ' +
          '{error:{code,message,hint,docsUrl,status,details}} that GET /v1/templates answers.',
        inputSchema: rejectUnknownProperties(dtoJsonSchema(ListTemplatesQuery)) as Tool['inputSchema'],
        outputSchema: dtoJsonSchema(TemplateListResponseDto) as Tool['outputSchema'],
        annotations: { title: 'List vCard QR templates', ...READ_ONLY },
      },
      {
        name: 'get_product_context',
        title: 'Get product context',
        description:
          'Describes this service for an agent: what it does, product positioning, privacy notes (no ' +
          'contact is stored), use cases, encoding and QR advice, field length limits, the rate limit ' +
          'and integration URLs (REST API docs, OpenAPI, MCP, the authenticated app). Takes no input.',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        outputSchema: dtoJsonSchema(ProductContextDto) as Tool['outputSchema'],
        annotations: { title: 'Get product context', ...READ_ONLY },
      },
      {
        name: 'create_vcard_batch',
        title: 'Create vCard payloads for many contacts',
        description:
          `Starts a batch: takes contacts (1 to ${config.batches.maxContacts}, each with the fields of ` +
          'create_vcard_payload) and an optional template id, and returns the batch at once (status queued): ' +
          'id, status, progress {total, processed, succeeded, failed} and links (self, items, vcf, stream) ' +
          'to the REST API. Each contact is then validated and encoded exactly as create_vcard_payload ' +
          'would; an invalid contact fails alone. Follow it with get_vcard_batch until status is succeeded, ' +
          'then read the outcomes with list_vcard_batch_items. Same rules and output as POST /v1/batches; ' +
          `costs ceil(contacts / ${CONTACTS_PER_RATE_UNIT}) requests of the rate budget. The contacts are ` +
          'kept only until the batch expires. On invalid input the result has isError: true and its text ' +
          'is the JSON error {error:{code,message,hint,docsUrl,status,details}}: follow error.hint.',
        inputSchema: rejectUnknownProperties({
          ...batchRequest,
          properties: {
            // Each contact's unknown fields are refused, as for create_vcard_payload (that contact fails alone).
            contacts: {
              ...batchProperties.contacts,
              items: rejectUnknownProperties(batchProperties.contacts.items as object),
              maxItems: config.batches.maxContacts,
            },
            template: {
              type: 'string',
              description:
                "A template id (list_templates); every contact must then contain that template's requiredFields (a contact without them fails alone).",
            },
            ...CARD_ARGUMENTS,
          },
        }) as unknown as Tool['inputSchema'],
        outputSchema: dtoJsonSchema(BatchDto) as Tool['outputSchema'],
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
          'Returns a batch created by create_vcard_batch: status (queued, running, succeeded, failed) and ' +
          'progress {total, processed, succeeded, failed}. Same output as GET /v1/batches/{id}. An unknown ' +
          'or expired id is an isError result with error.code batch_not_found.',
        inputSchema: {
          type: 'object',
          properties: { batchId: BATCH_ID_SCHEMA },
          required: ['batchId'],
          additionalProperties: false,
        },
        outputSchema: dtoJsonSchema(BatchDto) as Tool['outputSchema'],
        annotations: { title: 'Get a batch and its progress', ...READ_ONLY },
      },
      {
        name: 'list_vcard_batch_items',
        title: "List a batch's outcomes",
        description:
          "Pages through a batch's outcomes in input order: each item is {index, status, result | error}, " +
          'result exactly what create_vcard_payload returns for that contact (qrPayload to encode), error ' +
          'the error it would have returned; pending until processed. limit is 1-100 (default 20); pass ' +
          'pagination.next_cursor as cursor until pagination.has_more is false. Same output as ' +
          'GET /v1/batches/{id}/items.',
        inputSchema: {
          type: 'object',
          properties: {
            batchId: BATCH_ID_SCHEMA,
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            cursor: { type: 'string', description: "A previous page's pagination.next_cursor." },
          },
          required: ['batchId'],
          additionalProperties: false,
        },
        outputSchema: dtoJsonSchema(BatchItemsPageDto) as Tool['outputSchema'],
        annotations: { title: "List a batch's outcomes", ...READ_ONLY },
      },
    ];
  }

  async call(
    name: string,
    args: Record<string, unknown> | undefined,
    context: McpCallContext,
  ): Promise<CallToolResult> {
    // The id the request log line carries, for a line this call may cause.
    const requestId = String((context.request as { id?: unknown }).id ?? '');
    args = restorePrototypeArgument(args);
    switch (name) {
      case 'create_vcard_batch':
        return this.run(() => this.createBatch(args ?? {}, context), requestId);
      case 'get_vcard_batch':
        return this.run(async () => {
          const batch = await this.batches.get(this.batchId(args));
          return toBatchDto(batch, this.batchUrl(context, batch.id));
        }, requestId);
      case 'list_vcard_batch_items':
        return this.run(async () => {
          const { limit, cursor } = args ?? {};
          if (cursor !== undefined && typeof cursor !== 'string')
            throw this.wrongType('cursor', 'cursor must be a string');
          const docsBase = `${this.config.publicBaseUrl}${routedMountPath(context.request)}`;
          return this.batches.items(this.batchId(args), itemsLimit(limit), cursor, docsBase);
        }, requestId);
      case 'create_vcard_payload':
        return this.createVCardPayload(args, requestId);
      case 'create_vcard_qr_code':
        return this.createVCardQrCode(args, requestId);
      case 'list_templates':
        return this.listTemplates(args, requestId);
      case 'get_product_context': {
        const context = this.product.getContext();
        return this.structured(context, JSON.stringify(context));
      }
      default: {
        // An unknown tool is a protocol error (JSON-RPC -32602), not a tool execution error.
        const { McpError, ErrorCode } = mcpSdk().types;
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      }
    }
  }

  /** Exactly the POST /v1/vcard path: the ContactValidator, then VCardService. */
  private async createVCardPayload(
    args: Record<string, unknown> | undefined,
    requestId: string,
  ): Promise<CallToolResult> {
    try {
      const { format, qrVersion, qrLevel, ...fields } = args ?? {};
      const contact = this.contacts.validate(fields);
      const result: VCardResponseDto = this.vcards.create(
        contact,
        undefined,
        cardOptions({ format, qrVersion, qrLevel }),
      );
      // The vCard text first for clients that show only text; the JSON for those without
      // structuredContent support (the MCP spec asks for both).
      return this.structured(result, result.vcard, JSON.stringify(result));
    } catch (error) {
      return this.toolError(error, requestId);
    }
  }

  /**
   * Exactly the POST /v1/vcard path with Accept: image/png: the body's rules, the image parameters' rules, then the
   * code.
   */
  private async createVCardQrCode(
    args: Record<string, unknown> | undefined,
    requestId: string,
  ): Promise<CallToolResult> {
    try {
      const { qrLevel, scale, margin, format, qrVersion, ...fields } = args ?? {};
      const contact = this.contacts.validate(fields);
      const options = qrImageOptions({ qrLevel, scale, margin });
      const { qrPayload } = this.vcards.create(contact, undefined, cardOptions({ format, qrVersion, qrLevel }));
      const png = this.images.render(qrPayload, 'png', options);
      return {
        content: [
          { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
          { type: 'text', text: qrPayload },
        ],
      };
    } catch (error) {
      return this.toolError(error, requestId);
    }
  }

  /** Exactly the GET /v1/templates path: the query DTO's rules through the same pipe, then TemplatesService. */
  private async listTemplates(args: Record<string, unknown> | undefined, requestId: string): Promise<CallToolResult> {
    try {
      const query = (await this.validation.transform(args ?? {}, {
        type: 'query',
        metatype: ListTemplatesQuery,
      })) as ListTemplatesQuery;
      const page = this.templates.list(query.limit, query.cursor);
      return this.structured(page, JSON.stringify(page));
    } catch (error) {
      return this.toolError(error, requestId);
    }
  }

  /** Exactly the POST /v1/batches path with a JSON body: the same shape checks, limits, rate cost and queue. */
  private async createBatch(args: Record<string, unknown>, context: McpCallContext): Promise<BatchDto> {
    const { template, format, qrVersion, qrLevel, ...body } = args;
    if (template !== undefined && typeof template !== 'string')
      throw this.wrongType('template', 'template must be a string');
    if (template !== undefined && template !== '') this.templates.known(template);
    const options = cardOptions({ format, qrVersion, qrLevel });
    const contacts = this.batches.contactsFromJson(body);
    const { request, setHeader } = context;
    const { batch } = await this.batches.create(
      contacts,
      template || null,
      clientAddress(request),
      undefined,
      async (units) => {
        const error = await this.limiter.charge(request.ip, units, setHeader);
        if (error) throw error;
      },
      options,
    );
    return toBatchDto(batch, this.batchUrl(context, batch.id));
  }

  /** A tool whose answer is a JSON object: structured and as text; an error becomes the isError result. */
  private async run(answer: () => Promise<object>, requestId: string): Promise<CallToolResult> {
    try {
      const value = await answer();
      return this.structured(value, JSON.stringify(value));
    } catch (error) {
      return this.toolError(error, requestId);
    }
  }

  private batchId(args: Record<string, unknown> | undefined): string {
    const id = args?.batchId;
    if (typeof id !== 'string')
      throw this.wrongType('batchId', id === undefined ? 'batchId is required' : 'batchId must be a string');
    return id;
  }

  private wrongType(field: string, message: string): ApiError {
    return invalidField(field, 'type', message);
  }

  /** The batch's REST URL under the path the client reached MCP at (/mcp or /api/mcp, or a host's mount). */
  private batchUrl(context: McpCallContext, batchId: string): string {
    return `${this.config.publicBaseUrl}${clientMountPath(context.request)}/v1/batches/${batchId}`;
  }

  private structured(value: object, ...texts: string[]): CallToolResult {
    return {
      structuredContent: value as Record<string, unknown>,
      content: texts.map((text) => ({ type: 'text' as const, text })),
    };
  }

  /**
   * A failed call is a tool result with isError, so that the model sees the hint and can retry; the
   * Error shape goes in the text only. structuredContent must match the tool's outputSchema, and
   * the SDK client validates it even on error results (Client.callTool in 1.32), so an Error shape
   * there would make the client throw instead of showing the error.
   */
  private toolError(error: unknown, requestId: string): CallToolResult {
    let body: ErrorBody;
    if (error instanceof ApiError) {
      body = buildErrorBody(this.config.publicBaseUrl, error.code, error.extras);
    } else {
      // Same policy as the exception filter: the type only, since messages may quote input.
      const errorType = error instanceof Error ? error.name : typeof error;
      this.logger.error({ msg: 'unexpected MCP tool error', requestId, errorType });
      body = buildErrorBody(this.config.publicBaseUrl, 'internal_error');
    }
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
}
