import { Inject, Injectable, type MessageEvent } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { ApiError } from '../../core/errors/api-error';
import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { isPlainStyle, judgeStyle } from '../qrcodes/qr-style-checks';
import { ServiceMetrics } from '../../core/metrics/service-metrics';
import { RateLimiter } from '../../core/rate-limit/rate-limiter';
import type { BatchCreation, BatchRecord, BatchSource } from '../../infra/store/batch-record';
import { BatchStore } from '../../infra/store/batch-store';
import type { EncodeOptions, QrLevel } from '../../lib/vcard';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { QR_IMAGE_DEFAULTS } from '../vcard/card-query';
import { requestFingerprint } from '../vcard/request-fingerprint';
import { TemplatesService } from '../templates/templates.service';
import type { BatchClient } from './batch-client';
import { isBatchId, newBatchId } from './batch-id';
import { batchProgress } from './batch-progress';
import { batchSizeError } from './batch-size';
import { BatchRunner } from './batch-runner';

/** Contacts per unit of the rate budget: a batch of n contacts costs ceil(n / 100) requests. */
export const CONTACTS_PER_RATE_UNIT = 100;

/** What creates a batch, on every surface (REST JSON, CSV or vCard, MCP). */
export interface BatchRequest {
  /** Each contact as JSON text, in input order (for a vCard export, each card's import: StoredVcfCard). */
  contacts: string[];
  /** What the contacts were read from (JSON when not said). */
  source?: BatchSource;
  /** The columns of a Google or Outlook export that have no place in the contact. */
  ignoredColumns?: string[];
  template?: string;
  options: EncodeOptions;
  client: BatchClient;
  idempotencyKey?: string;
  /** The QR style of its codes.zip, its shape checked (its values are judged here, before anything is stored). */
  style?: QrStyle;
}

/** Batches: creation (limits, rate cost, idempotency) and lookup. */
@Injectable()
export class BatchesService {
  constructor(
    private readonly store: BatchStore,
    private readonly runner: BatchRunner,
    private readonly limiter: RateLimiter,
    private readonly templates: TemplatesService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly metrics: ServiceMetrics,
  ) {
    metrics.gauge(
      'vcard_batches_active',
      'Batches not finished yet (queued or running), on every instance.',
      async () => (await store.active('')).total,
    );
    metrics.gauge(
      'vcard_batch_queue_depth',
      'Batch work waiting or running: with Redis, BullMQ chunk jobs waiting, delayed or active (the queue every instance shares); in memory, batches waiting for a run slot.',
      () => runner.depth(),
    );
  }

  /** One more unit of `client`'s rate budget, for a ZIP batch's image about to be scanned; a 429 when none is left. */
  async chargeScan(client: BatchClient): Promise<void> {
    const refused = await this.limiter.charge(client.rateKey, 1, client.setHeader);
    if (refused) throw refused;
  }

  /**
   * Size, template and limits; then the stored batch (or the earlier one for the same
   * Idempotency-Key and request) and its place in the queue.
   */
  async create(request: BatchRequest): Promise<{ batch: BatchRecord; replayed: boolean }> {
    const { contacts, template, options, client, idempotencyKey, style, source = 'json', ignoredColumns } = request;
    if (template !== undefined) this.templates.known(template);
    if (style !== undefined) judgeStyle(style, { margin: QR_IMAGE_DEFAULTS.margin });
    const { maxContacts, maxActivePerClient, maxActive } = this.config.batches;
    if (contacts.length < 1 || contacts.length > maxContacts) throw batchSizeError(maxContacts);
    // Hashing 10,000 contacts takes milliseconds: only when a key asks for it.
    // A style takes part as one more text before the contacts; a batch without one keeps its fingerprint.
    const contents = style === undefined ? contacts : [`style ${JSON.stringify(style)}`, ...contacts];
    const fingerprint = idempotencyKey === undefined ? '' : requestFingerprint(template, options, contents);
    if (idempotencyKey !== undefined) {
      const earlier = await this.store.findByIdempotencyKey(idempotencyKey);
      if (earlier)
        return this.replay({ created: false, existing: earlier.record, fingerprint: earlier.fingerprint }, fingerprint);
    }
    // A first look, before the rate budget is charged; the store's atomic check below decides.
    const active = await this.store.active(client.address);
    if (active.client >= maxActivePerClient) this.refuse('client');
    if (active.total >= maxActive) this.refuse('service');
    // The request itself was counted on arrival; the rest of the batch's cost now (a ZIP's images
    // were charged one by one as they were scanned).
    const units = source === 'zip' ? 0 : Math.ceil(contacts.length / CONTACTS_PER_RATE_UNIT) - 1;
    const refused = await this.limiter.charge(client.rateKey, units, client.setHeader);
    if (refused) throw refused;

    const batch: BatchRecord = {
      id: newBatchId(),
      status: 'queued',
      created_at: new Date().toISOString(),
      completed_at: null,
      total: contacts.length,
      processed: 0,
      succeeded: 0,
      failed: 0,
      ...(template !== undefined ? { template } : {}),
      client: client.address,
      ...(options.format || options.budget || options.level || options.nfc ? { options } : {}),
      source,
      ...(ignoredColumns !== undefined ? { ignoredColumns } : {}),
    };
    const limits = { perClient: maxActivePerClient, total: maxActive };
    const claim = idempotencyKey === undefined ? undefined : { key: idempotencyKey, fingerprint };
    const creation = await this.store.create(batch, contacts, limits, claim);
    if (!creation.created) {
      if ('refused' in creation) this.refuse(creation.refused);
      return this.replay(creation as Extract<BatchCreation, { existing: BatchRecord }>, fingerprint);
    }
    if (style !== undefined && !isPlainStyle(style)) await this.store.setStyle(batch.id, style);
    await this.runner.enqueue(batch);
    this.metrics.batchesCreated.inc();
    return { batch, replayed: false };
  }

  async get(id: string): Promise<BatchRecord> {
    const batch = isBatchId(id) ? await this.store.get(id) : null;
    if (!batch) throw new ApiError('batch_not_found');
    return batch;
  }

  /** The batch's progress as events, for the event stream (StreamService writes them). */
  progress(batch: BatchRecord): Observable<MessageEvent> {
    return batchProgress(this.store, batch.id);
  }

  /**
   * Sets or replaces the QR style of a finished batch (succeeded or failed, JSON or CSV), its values
   * judged as POST /v1/qrcodes judges them (400 invalid_style); 409 batch_not_finished while it runs.
   */
  async setStyle(id: string, style: QrStyle): Promise<void> {
    const batch = await this.get(id);
    if (batch.status === 'queued' || batch.status === 'running')
      throw new ApiError('batch_not_finished', {
        details: { status: batch.status, processed: batch.processed, total: batch.total },
      });
    judgeStyle(style, { margin: QR_IMAGE_DEFAULTS.margin });
    if (!(await this.store.setStyle(id, style))) throw new ApiError('batch_not_found');
  }

  /** The style codes.zip is drawn with, judged for its query (a logo makes the level H unless one is asked). */
  async codesStyle(id: string, options: { qrLevel?: QrLevel; margin: number }): Promise<QrStyleJudgement | undefined> {
    const style = await this.store.style(id);
    return style && !isPlainStyle(style) ? judgeStyle(style, options) : undefined;
  }

  /** The batch, once every contact is processed; 409 batch_not_finished before. */
  async finished(id: string): Promise<BatchRecord> {
    const batch = await this.get(id);
    if (batch.status !== 'succeeded')
      throw new ApiError('batch_not_finished', {
        details: { status: batch.status, processed: batch.processed, total: batch.total },
      });
    return batch;
  }

  private refuse(limit: 'client' | 'service'): never {
    const { maxActivePerClient, maxActive } = this.config.batches;
    if (limit === 'client')
      throw new ApiError('too_many_batches', { details: { maxActiveBatches: maxActivePerClient } });
    throw new ApiError('service_unavailable', {
      message: 'The service is running the most batches it allows at once.',
      hint: 'Retry after the number of seconds in the Retry-After header.',
      details: { maxActiveBatches: maxActive },
      headers: { 'Retry-After': '5' },
    });
  }

  private replay(
    creation: Extract<BatchCreation, { existing: BatchRecord }>,
    fingerprint: string,
  ): { batch: BatchRecord; replayed: boolean } {
    if (creation.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
    return { batch: creation.existing, replayed: true };
  }
}
