import { Inject, Injectable } from '@nestjs/common';
import type { ReadResourceResult, Resource, ResourceLink, ResourceTemplateType } from '@modelcontextprotocol/server';
import { ApiError } from '../../core/errors/api-error';
import { ERROR_CODES } from '../../core/errors/error-codes';
import { routedMountPath } from '../../http/mount-path';
import { SHEET_LAYOUT_NAMES } from '../../lib/print';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { BatchOutcomes, encodeCursor } from '../batches/batch-outcomes';
import { batchUrl } from '../batches/batch-url';
import { BatchesService } from '../batches/batches.service';
import { toBatchDto, type BatchDto } from '../batches/dto/batch.dto';
import { ProductService } from '../product/product.service';
import { TEMPLATE_CATALOGUE } from '../templates/template-catalogue';
import { TemplatesService } from '../templates/templates.service';
import type { McpCallContext } from './mcp-call-context';
import type { McpFeature } from './mcp-feature';

const JSON_TYPE = 'application/json';
/**
 * A resources/read miss: -32602 with `data: {uri}` (the 2026-07-28 rule, which the SDK applies to
 * every revision, mapping the 2025 habit of -32002 to it; clients accept both).
 */
const RESOURCE_NOT_FOUND = -32602;

/** What the server holds that never changes while it runs: read, not called. */
export const MCP_RESOURCES: Resource[] = [
  {
    uri: 'vcard://templates',
    name: 'templates',
    title: 'vCard QR template catalogue',
    description: 'Every template (id, name, useCase, requiredFields, optionalFields), as GET /v1/templates pages them.',
    mimeType: JSON_TYPE,
  },
  {
    uri: 'vcard://product',
    name: 'product',
    title: 'Product context',
    description: 'What get_product_context answers: the service, its privacy, limits and URLs.',
    mimeType: JSON_TYPE,
  },
];

/** What the server holds by id: a template, a batch, a batch's item and that item's card. */
export const MCP_RESOURCE_TEMPLATES: ResourceTemplateType[] = [
  {
    uriTemplate: 'vcard://templates/{id}',
    name: 'template',
    title: 'A vCard QR template',
    description: 'One template of the catalogue by id (completed from the catalogue).',
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: 'vcard-batch://{id}',
    name: 'batch',
    title: 'A batch and its progress',
    description: 'What get_vcard_batch answers for the id create_vcard_batch returned.',
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: 'vcard-batch://{id}/items/{index}',
    name: 'batch-item',
    title: "A batch item's outcome",
    description: 'One item as list_vcard_batch_items answers it: {index, status, result | error}; index from 0.',
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: 'vcard-batch://{id}/items/{index}.vcf',
    name: 'batch-card',
    title: "A batch item's card",
    description: "The vCard of a succeeded item, as its result's vcard.",
    mimeType: 'text/vcard',
  },
];

/** A resource the client asked for that is not there, in the registry's words. */
function notFound(code: 'batch_not_found' | 'template_not_found' | 'not_found', message?: string): Error {
  return Object.assign(new Error(message ?? ERROR_CODES[code].message), { code: RESOURCE_NOT_FOUND });
}

/**
 * The MCP resources: the template catalogue and product context, and a batch's parts by URI. Each
 * read is what the REST route answers (the same services), and a batch's downloads (cards.vcf,
 * codes.zip, the sheets) are resource links to those routes, since they are files to hand on.
 */
@Injectable()
export class McpResources implements McpFeature {
  readonly resources = MCP_RESOURCES;
  readonly resourceTemplates = MCP_RESOURCE_TEMPLATES;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly product: ProductService,
    private readonly templates: TemplatesService,
    private readonly batches: BatchesService,
    private readonly outcomes: BatchOutcomes,
  ) {}

  /** The resource at `uri`; undefined for a URI of no kind this class holds (the factory answers -32002). */
  async readResource(uri: string, context: McpCallContext): Promise<ReadResourceResult | undefined> {
    try {
      return await this.readOwn(uri, context);
    } catch (error) {
      // A miss names the URI asked for, as the SDK's ResourceNotFoundError does.
      if ((error as { code?: unknown }).code === RESOURCE_NOT_FOUND) Object.assign(error as object, { data: { uri } });
      throw error;
    }
  }

  private async readOwn(uri: string, context: McpCallContext): Promise<ReadResourceResult | undefined> {
    if (uri === 'vcard://templates') return this.json(uri, { data: TEMPLATE_CATALOGUE });
    if (uri === 'vcard://product') return this.json(uri, this.product.getContext());
    const template = /^vcard:\/\/templates\/([^/?#]+)$/.exec(uri);
    if (template) return this.json(uri, this.readTemplate(decodeURIComponent(template[1])));
    const batch = /^vcard-batch:\/\/(batch_[0-9A-Z]{26})(?:\/items\/(\d{1,6})(\.vcf)?)?$/.exec(uri);
    if (!batch) return undefined;
    const [, id, index, vcf] = batch;
    if (index === undefined) return this.json(uri, await this.batchDto(id, context));
    const item = await this.item(id, Number(index), context);
    if (vcf === undefined) return this.json(uri, item);
    if (item.status !== 'succeeded') throw notFound('not_found', 'This batch item has no card: it has not succeeded.');
    return { contents: [{ uri, mimeType: 'text/vcard', text: item.result.vcard }] };
  }

  /** Links to a batch's parts: itself, and once it has succeeded, the files to hand to the user. */
  links(batch: BatchDto): ResourceLink[] {
    const links: ResourceLink[] = [
      { type: 'resource_link', uri: `vcard-batch://${batch.id}`, name: 'batch', mimeType: JSON_TYPE },
    ];
    if (batch.status !== 'succeeded') return links;
    const file = (name: string, uri: string, mimeType: string): ResourceLink => ({
      type: 'resource_link',
      uri,
      name,
      mimeType,
    });
    links.push(
      file('cards.vcf', batch.links.vcf, 'text/vcard'),
      file('codes.zip', `${batch.links.self}/codes.zip`, 'application/zip'),
      ...SHEET_LAYOUT_NAMES.map((layout) =>
        file(`sheet-${layout}.pdf`, `${batch.links.self}/sheet.pdf?layout=${layout}`, 'application/pdf'),
      ),
    );
    return links;
  }

  private async batchDto(id: string, context: McpCallContext): Promise<BatchDto> {
    const batch = await this.found(id);
    return toBatchDto(batch, batchUrl(this.config.publicBaseUrl, context.request, batch.id));
  }

  private readTemplate(id: string): object {
    try {
      return this.templates.get(id);
    } catch (error) {
      if (error instanceof ApiError) throw notFound('template_not_found');
      throw error;
    }
  }

  private async item(id: string, index: number, context: McpCallContext) {
    const batch = await this.found(id);
    if (index >= batch.total) throw notFound('not_found', 'This batch has no item at this index.');
    const docsBase = `${this.config.publicBaseUrl}${routedMountPath(context.request)}`;
    const cursor = index === 0 ? undefined : encodeCursor(batch.id, index);
    const [item] = (await this.outcomes.items(batch, 1, cursor, docsBase)).data;
    return item;
  }

  private async found(id: string) {
    try {
      return await this.batches.get(id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'batch_not_found') throw notFound('batch_not_found');
      throw error;
    }
  }

  private json(uri: string, value: object): ReadResourceResult {
    return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(value) }] };
  }
}
