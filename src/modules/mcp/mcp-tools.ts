import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { ApiError } from '../../core/errors/api-error';
import { buildErrorBody, ErrorBody } from '../../core/errors/error-body';
import { ContactValidator } from '../../core/validation/contact-validator';
import { invalidField } from '../../core/validation/invalid-request';
import type { QueryDeclaration } from '../../core/validation/query-declaration';
import { routedMountPath } from '../../http/mount-path';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { contactsFromJson } from '../batches/batch-body';
import { vcfTextContacts } from '../batches/batch-vcf';
import { batchClient } from '../batches/batch-client';
import { BatchOutcomes } from '../batches/batch-outcomes';
import { BATCH_ITEMS_QUERY } from '../batches/batch-queries';
import { batchUrl } from '../batches/batch-url';
import { BatchesService } from '../batches/batches.service';
import { toBatchDto, type BatchDto } from '../batches/dto/batch.dto';
import { ProductService } from '../product/product.service';
import { checkedStyleShape } from '../qrcodes/qr-style-checks';
import { QRCODE_QUERY } from '../qrcodes/qrcode-query';
import { qrCodeJson, QrCodesService } from '../qrcodes/qrcodes.service';
import { DEFAULT_TEMPLATE_LIMIT, LIST_TEMPLATES_QUERY } from '../templates/dto/list-templates.query';
import { TemplatesService } from '../templates/templates.service';
import { CARD_QUERY, cardOptions, qrImageOptions, VCARD_QUERY } from '../vcard/card-query';
import { QrImageService } from '../vcard/qr-image.service';
import { VCardImportService } from '../vcard/vcard-import.service';
import { VCardService } from '../vcard/vcard.service';
import { mcpIcons } from './mcp-icon';
import type { McpFeature } from './mcp-feature';
import { McpResources } from './mcp-resources';
import { McpScanTool } from './mcp-scan-tool';
import { mcpToolDefinitions } from './mcp-tool-definitions';
import type { McpCallContext } from './mcp-call-context';
import { codeResult, onlyArguments, structuredResult, textBlock } from './mcp-results';
import { restorePrototypeArgument } from './prototype-arguments';

type Args = Record<string, unknown>;

/** Splits a tool's arguments into a route's query parameters (checked as REST checks them) and the rest. */
function split<T>(args: Args, query: QueryDeclaration<T>): [T, Args] {
  const parameters: Args = {};
  const rest: Args = {};
  for (const [name, value] of Object.entries(args)) {
    // Defined, not assigned: an argument named __proto__ stays an own key, for validation to name.
    Object.defineProperty(query.names.includes(name) ? parameters : rest, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return [query.validate(parameters), rest];
}

/**
 * The MCP tools' handlers: each calls the same service methods with the same arguments as its
 * REST route (POST /v1/vcard, GET /v1/templates, GET /v1/product, the batch routes), so both
 * channels answer identically. The definitions are in mcp-tool-definitions.ts.
 */
@Injectable()
export class McpTools implements McpFeature {
  private readonly logger = new Logger('McpTools');
  readonly tools: Tool[];

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly product: ProductService,
    private readonly vcards: VCardService,
    private readonly templates: TemplatesService,
    private readonly batches: BatchesService,
    private readonly outcomes: BatchOutcomes,
    private readonly images: QrImageService,
    private readonly contacts: ContactValidator,
    private readonly codes: QrCodesService,
    private readonly imports: VCardImportService,
    private readonly resourceLinks: McpResources,
    private readonly scan: McpScanTool,
  ) {
    const icons = mcpIcons(`${config.publicBaseUrl}/mcp`).tool;
    const tools = [...mcpToolDefinitions(config.batches.maxContacts), scan.definition];
    this.tools = tools.map((tool) => ({ ...tool, icons }));
  }

  async callTool(name: string, args: Args | undefined, context: McpCallContext): Promise<CallToolResult> {
    const given = restorePrototypeArgument(args) ?? {};
    try {
      switch (name) {
        case 'create_vcard_payload':
          return this.createVCardPayload(given);
        case 'create_vcard_qr_code':
          return given.style === undefined ? this.createVCardQrCode(given) : await this.createStyledQrCode(given);
        case 'import_vcard':
          return this.importVCard(given);
        case 'list_templates': {
          const query = LIST_TEMPLATES_QUERY.validate(given);
          return structuredResult(this.templates.list(query.limit ?? DEFAULT_TEMPLATE_LIMIT, query.cursor));
        }
        case 'get_product_context':
          onlyArguments(given, []);
          return structuredResult(this.product.getContext());
        case 'create_vcard_batch':
          return this.batchResult(await this.createBatch(given, context));
        case 'get_vcard_batch': {
          onlyArguments(given, ['batchId']);
          const batch = await this.batches.get(this.batchId(given));
          return this.batchResult(toBatchDto(batch, batchUrl(this.config.publicBaseUrl, context.request, batch.id)));
        }
        case 'list_vcard_batch_items': {
          const { batchId, ...rest } = given;
          const query = BATCH_ITEMS_QUERY.validate(rest);
          const batch = await this.batches.get(this.batchId({ batchId }));
          const docsBase = `${this.config.publicBaseUrl}${routedMountPath(context.request)}`;
          return structuredResult(await this.outcomes.items(batch, query.limit ?? 20, query.cursor, docsBase));
        }
        case 'read_qr_code':
          return await this.scan.call(given);
      }
    } catch (error) {
      return this.toolError(error, String((context.request as { id?: unknown }).id ?? ''));
    }
    // The server factory calls only with one of `tools`' names; an unknown tool is its -32602.
    throw Object.assign(new Error(`Unknown tool: ${name}`), { code: -32602 });
  }

  /** Exactly the POST /v1/vcard path: the query's rules, the ContactValidator, then VCardService. */
  private createVCardPayload(args: Args): CallToolResult {
    const [query, fields] = split(args, CARD_QUERY);
    const contact = this.contacts.validate(fields);
    const result = this.vcards.create(contact, query.template, cardOptions(query));
    // The vCard text first for clients that show only text.
    return structuredResult(result, textBlock(result.vcard));
  }

  /** Exactly the POST /v1/vcard path with a vCard body: the same import, then the same card, plus its report. */
  private importVCard(args: Args): CallToolResult {
    const [query, rest] = split(args, CARD_QUERY);
    const result = this.imports.create(this.imports.fromText(vcardArgument(rest)), query.template, cardOptions(query));
    return structuredResult(result, textBlock(result.vcard));
  }

  /** Exactly the POST /v1/vcard path with Accept: image/png. */
  private createVCardQrCode(args: Args): CallToolResult {
    const [query, fields] = split(args, VCARD_QUERY);
    const contact = this.contacts.validate(fields);
    const card = this.vcards.create(contact, query.template, cardOptions(query));
    const png = this.images.render(card.qrPayload, 'png', qrImageOptions(query));
    return codeResult({ data: png.toString('base64'), mimeType: 'image/png' }, card);
  }

  /** Exactly the POST /v1/qrcodes path with Accept: application/json: the PNG as image content, the rest structured. */
  private async createStyledQrCode({ style, ...args }: Args): Promise<CallToolResult> {
    const [query, fields] = split(args, QRCODE_QUERY);
    const contact = this.contacts.validate(fields);
    const answer = await this.codes.create({ contact, style: checkedStyleShape(style), query, image: 'png' });
    const { image, ...result } = qrCodeJson(answer);
    return codeResult({ data: image.data, mimeType: image.mediaType }, result);
  }

  /**
   * Exactly the POST /v1/batches path with a JSON body, or with a vCard body for `vcard`: the same
   * checks, imports, limits, rate cost and queue.
   */
  private async createBatch(args: Args, context: McpCallContext): Promise<BatchDto> {
    const [query, body] = split(args, CARD_QUERY);
    const fromVcf = Object.hasOwn(body, 'vcard') && !Object.hasOwn(body, 'contacts');
    const contacts = fromVcf
      ? vcfTextContacts(vcardArgument(body), this.config.batches.maxContacts, this.imports)
      : contactsFromJson(body);
    const { batch } = await this.batches.create({
      contacts,
      source: fromVcf ? 'vcard' : 'json',
      // Not advertised by the tool, but read as the REST body reads it: a style is judged, not dropped.
      style: checkedStyleShape(body.style),
      template: query.template,
      options: cardOptions(query),
      client: batchClient(context.request, context.setHeader),
    });
    return toBatchDto(batch, batchUrl(this.config.publicBaseUrl, context.request, batch.id));
  }

  /** A batch, with links to its resource and, once it has succeeded, to its files. */
  private batchResult(batch: BatchDto): CallToolResult {
    const result = structuredResult(batch);
    return { ...result, content: [...result.content, ...this.resourceLinks.links(batch)] };
  }

  private batchId(args: Args): string {
    const id = args.batchId;
    if (typeof id !== 'string')
      throw invalidField('batchId', 'type', id === undefined ? 'batchId is required' : 'batchId must be a string');
    return id;
  }

  /**
   * A failed call is a tool result with isError, so that the model sees the hint and can retry; the
   * Error shape goes in the text only. structuredContent must match the tool's outputSchema, and
   * the SDK client validates it even on error results, so an Error shape there would make the
   * client throw instead of showing the error.
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

/** The `vcard` argument, the only argument besides the card's: a 400 naming it otherwise. */
function vcardArgument(args: Args): string {
  const unknown = Object.keys(args).find((name) => name !== 'vcard');
  if (unknown !== undefined)
    throw invalidField(unknown.slice(0, 64), 'unknown', `${unknown.slice(0, 64)} is not a known argument`);
  const text = args.vcard;
  if (typeof text !== 'string' || text === '')
    throw invalidField('vcard', text === undefined ? 'required' : 'type', 'vcard must be the text of a vCard');
  return text;
}
