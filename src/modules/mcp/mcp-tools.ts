import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiError } from '../../core/errors/api-error';
import { buildErrorBody, ErrorBody } from '../../core/errors/error-body';
import { createValidationPipe } from '../../core/validation/create-validation-pipe';
import { ProductContextDto } from '../product/dto/product-context.dto';
import { ProductService } from '../product/product.service';
import { ListTemplatesQuery } from '../templates/dto/list-templates.query';
import { TemplateListResponseDto } from '../templates/dto/template.dto';
import { TemplatesService } from '../templates/templates.service';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { VCardService } from '../vcard/vcard.service';
import { rejectUnknownProperties } from '../../core/validation/reject-unknown-properties';
import { dtoJsonSchema } from './dto-json-schema';
import { mcpSdk } from './mcp-sdk';

/** Every tool only computes an answer from its input: nothing is stored, changed or fetched. */
const PURE_FUNCTION = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/**
 * The MCP tools: thin adapters over the same services, validation pipe and DTO schemas as the
 * REST endpoints (POST /v1/vcard, GET /v1/templates, GET /v1/product), so both channels answer
 * identically.
 */
@Injectable()
export class McpTools {
  private readonly logger = new Logger('McpTools');
  private readonly validation = createValidationPipe();
  /** Built once: the schemas come from the DTOs' decorator metadata, which never changes at run time. */
  readonly definitions: Tool[];

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly product: ProductService,
    private readonly vcards: VCardService,
    private readonly templates: TemplatesService,
  ) {
    this.definitions = [
      {
        name: 'create_vcard_payload',
        title: 'Create a vCard QR payload',
        description:
          'Builds a vCard 3.0 contact card from contact fields and returns qrPayload (the exact text to ' +
          'encode into a QR code), vcard (the same card as .vcf file text) and qr (byte count, smallest QR ' +
          'version per error-correction level, density warnings). fullName is required; organization, ' +
          'title, phone, email, website, address and note are optional; any other field is rejected. ' +
          'Same rules and output as POST /v1/vcard. Deterministic; creates no account and stores no ' +
          'contact. On invalid input the result has isError: true and its text is the JSON error ' +
          '{error:{code,message,hint,docsUrl,status,details}}: follow error.hint.',
        inputSchema: rejectUnknownProperties(dtoJsonSchema(VCardRequestDto)) as Tool['inputSchema'],
        outputSchema: dtoJsonSchema(VCardResponseDto) as Tool['outputSchema'],
        annotations: { title: 'Create a vCard QR payload', ...PURE_FUNCTION },
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
        annotations: { title: 'List vCard QR templates', ...PURE_FUNCTION },
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
        annotations: { title: 'Get product context', ...PURE_FUNCTION },
      },
    ];
  }

  async call(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    switch (name) {
      case 'create_vcard_payload':
        return this.createVCardPayload(args);
      case 'list_templates':
        return this.listTemplates(args);
      case 'get_product_context': {
        const context = this.product.getContext();
        return this.structured(context, JSON.stringify(context));
      }
      default:
        // An unknown tool is a protocol error (JSON-RPC -32602), not a tool execution error.
        const { McpError, ErrorCode } = mcpSdk().types;
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
  }

  /** Exactly the POST /v1/vcard path: the validation pipe's rules (as @ValidatedBody()), then VCardService. */
  private async createVCardPayload(args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    try {
      const contact = (await this.validation.transform(args ?? {}, {
        type: 'body',
        metatype: VCardRequestDto,
      })) as VCardRequestDto;
      const result: VCardResponseDto = this.vcards.create(contact);
      // The vCard text first for clients that show only text; the JSON for those without
      // structuredContent support (the MCP spec asks for both).
      return this.structured(result, result.vcard, JSON.stringify(result));
    } catch (error) {
      return this.toolError(error);
    }
  }

  /** Exactly the GET /v1/templates path: the query DTO's rules through the same pipe, then TemplatesService. */
  private async listTemplates(args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    try {
      const query = (await this.validation.transform(args ?? {}, {
        type: 'query',
        metatype: ListTemplatesQuery,
      })) as ListTemplatesQuery;
      const page = this.templates.list(query.limit, query.cursor);
      return this.structured(page, JSON.stringify(page));
    } catch (error) {
      return this.toolError(error);
    }
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
  private toolError(error: unknown): CallToolResult {
    let body: ErrorBody;
    if (error instanceof ApiError) {
      body = buildErrorBody(this.config.publicBaseUrl, error.code, error.extras);
    } else {
      // Same policy as the exception filter: the type only, since messages may quote input.
      const errorType = error instanceof Error ? error.name : typeof error;
      this.logger.error({ msg: 'unexpected MCP tool error', errorType });
      body = buildErrorBody(this.config.publicBaseUrl, 'internal_error');
    }
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
}
