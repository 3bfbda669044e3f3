import { Controller, Get, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../http/api-route.decorator';
import { BodyLimit } from '../../http/body-limit.decorator';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import { routedMountPath } from '../../http/mount-path';
import { clientAddress, HttpRequestLike, HttpResponseLike, takeOverResponse } from '../../http/native-http';
import { ReadsOwnBody, TakesBodies } from '../../http/own-body.decorator';
import { VCARD_BODY_TYPES } from '../vcard/vcard-body';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import type { QrLevel } from '../../lib/vcard';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { readJsonBody } from '../../http/json-body';
import { checkedStyleShape, styleBody } from '../qrcodes/qr-style-checks';
import { CARD_QUERY, cardOptions, qrImageOptions, type CardQuery } from '../vcard/card-query';
import { VCardImportService } from '../vcard/vcard-import.service';
import type { QrImageType } from '../vcard/qr-image.service';
import { readBatchBody, ZIP_BODY_TYPES } from './batch-body';
import { zipBatchLimits } from './batch-zip-limits';
import { ScansService } from '../scans/scans.service';
import { batchClient } from './batch-client';
import { writeZip, type ZipFile } from './batch-codes-zip';
import { BatchOutcomes } from './batch-outcomes';
import { BATCH_CODES_QUERY, BATCH_ITEMS_QUERY } from './batch-queries';
import { batchUrl } from './batch-url';
import {
  BatchCardsDocs,
  BatchCodesDocs,
  BatchStyleDocs,
  CreateBatchDocs,
  GetBatchDocs,
  ListBatchItemsDocs,
} from './batches.docs';
import { BatchesService } from './batches.service';
import { DownloadLimiter } from './download-limiter';
import { BatchDto, BatchItemsPageDto, toBatchDto } from './dto/batch.dto';

@ApiTags('batches')
@ApiRoute()
@Controller('v1/batches')
export class BatchesController {
  constructor(
    private readonly batches: BatchesService,
    private readonly outcomes: BatchOutcomes,
    private readonly imports: VCardImportService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly downloads: DownloadLimiter,
    private readonly scans: ScansService,
  ) {}

  @Post()
  @HttpCode(202)
  @CreateBatchDocs()
  @RouteQuery(CARD_QUERY)
  @ReadsOwnBody()
  @TakesBodies(['application/json', 'text/csv', ...VCARD_BODY_TYPES, ...ZIP_BODY_TYPES])
  async create(
    @IdempotencyKey() idempotencyKey: string | undefined,
    @CheckedQuery() query: CardQuery,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<BatchDto> {
    const { bodyLimitBytes, maxContacts } = this.config.batches;
    const zip = zipBatchLimits(this.config);
    const limits = { bodyLimitBytes, vcfLimitBytes: this.config.bodyLimits.batchVcf, maxContacts, zip };
    const client = batchClient(request, (name, value) => reply.header(name, value));
    const chargeScan = () => this.batches.chargeScan(client);
    const read = await readBatchBody(request, limits, this.imports, this.scans, chargeScan);
    const { contacts, source, ignoredColumns, style } = read;
    const { batch, replayed } = await this.batches.create({
      contacts,
      style: checkedStyleShape(style),
      source,
      ignoredColumns,
      template: query.template,
      options: cardOptions(query),
      client,
      idempotencyKey,
    });
    const dto = toBatchDto(batch, batchUrl(this.config.publicBaseUrl, request, batch.id));
    reply.header('Location', dto.links.self);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return dto;
  }

  @Get(':batchId')
  @GetBatchDocs()
  async get(@Param('batchId') batchId: string, @Req() request: HttpRequestLike): Promise<BatchDto> {
    const batch = await this.batches.get(batchId);
    return toBatchDto(batch, batchUrl(this.config.publicBaseUrl, request, batch.id));
  }

  @Put(':batchId/style')
  @HttpCode(204)
  @BatchStyleDocs()
  @ReadsOwnBody()
  @BodyLimit((config) => config.bodyLimits.qrcode)
  async setStyle(@Param('batchId') batchId: string, @Req() request: HttpRequestLike): Promise<void> {
    const style = styleBody(await readJsonBody(request, this.config.bodyLimits.qrcode));
    await this.batches.setStyle(batchId, style);
  }

  @Get(':batchId/items')
  @ListBatchItemsDocs()
  @RouteQuery(BATCH_ITEMS_QUERY)
  async items(
    @Param('batchId') batchId: string,
    @CheckedQuery() query: { limit?: number; cursor?: string },
    @Req() request: HttpRequestLike,
  ): Promise<BatchItemsPageDto> {
    const batch = await this.batches.get(batchId);
    const docsBase = `${this.config.publicBaseUrl}${routedMountPath(request)}`;
    return (await this.outcomes.items(batch, query.limit ?? 20, query.cursor, docsBase)) as BatchItemsPageDto;
  }

  @Get(':batchId/cards.vcf')
  @BatchCardsDocs()
  async vcf(@Param('batchId') batchId: string, @Res() reply: object): Promise<void> {
    const batch = await this.batches.finished(batchId);
    const cards = this.outcomes.vcf(batch);
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
  @BatchCodesDocs()
  @RouteQuery(BATCH_CODES_QUERY)
  async codes(
    @Param('batchId') batchId: string,
    @CheckedQuery() query: { type?: QrImageType; qrLevel?: QrLevel; scale?: number; margin?: number },
    @Req() request: HttpRequestLike,
    @Res() reply: object,
  ): Promise<void> {
    const batch = await this.batches.finished(batchId);
    const options = qrImageOptions(query);
    const style = await this.batches.codesStyle(batch.id, { qrLevel: query.qrLevel, margin: options.margin });
    const release = this.downloads.acquire(clientAddress(request));
    const files = this.outcomes.codes(batch, query.type ?? 'png', options, style);
    // Read the first page before committing to a 200, so a store failure is still an Error response.
    const first = await files.next().catch((error: unknown) => {
      release();
      throw error;
    });
    const raw = takeOverResponse(reply);
    raw.once('close', release);
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
}
