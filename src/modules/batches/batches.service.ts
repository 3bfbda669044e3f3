import { Inject, Injectable, MessageEvent } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Observable } from 'rxjs';
import { ApiError } from '../../core/errors/api-error';
import { invalidField } from '../../core/validation/invalid-request';
import { buildErrorBody } from '../../core/errors/error-body';
import { ERROR_CODES, ErrorCode } from '../../core/errors/error-codes';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ServiceMetrics } from '../../core/metrics/service-metrics';
import { VCardService } from '../vcard/vcard.service';
import type { QrImageOptions } from '../vcard/qr-image-options';
import { QrImageService, QrImageType } from '../vcard/qr-image.service';
import { qrFileSlug } from '../../lib/qr';
import { formattedName, type EncodeOptions } from '../../lib/vcard';
import { optionsFingerprint } from '../vcard/card-options';
import type { ZipFile } from './batch-codes-zip';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { BatchCreation, BatchRecord, StoredItem } from '../../infra/store/batch-record';
import { isBatchId, newBatchId } from './batch-id';
import { BatchJsonBody } from './batch-json-body';
import { BatchRunner } from './batch-runner';
import { BatchStore } from '../../infra/store/batch-store';

/** Contacts per unit of the rate budget: a batch of n contacts costs ceil(n / 100) requests. */
export const CONTACTS_PER_RATE_UNIT = 100;
/** Pause between two looks at a batch's progress for the event stream: at most 4 events a second. */
const PROGRESS_POLL_MS = 250;
/** Cards written per read of the store while streaming cards.vcf. */
const VCF_PAGE = 500;
/** Contacts read from the store at a time while streaming codes.zip (two files each). */
const ZIP_PAGE = 100;

export type BatchItem =
  | { index: number; status: 'succeeded'; result: VCardResponseDto }
  | { index: number; status: 'failed'; error: ReturnType<typeof buildErrorBody>['error'] }
  | { index: number; status: 'pending' };

export interface BatchItemsPage {
  data: BatchItem[];
  pagination: { limit: number; cursor: string; next_cursor: string | null; has_more: boolean };
}

/**
 * The `limit` of an items page: 1 to 100, 20 when absent; a query string's digits or (from an MCP
 * tool's JSON arguments) an integer. Anything else is a 400 invalid_query.
 */
export function itemsLimit(value: unknown): number {
  if (value === undefined) return 20;
  const limit =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
    throw new ApiError('invalid_query', {
      message: 'limit must be a whole number from 1 to 100',
      details: { parameter: 'limit', issue: 'range' },
    });
  }
  return limit;
}

/** Opaque items cursor: base64url of "<next index>.<batch id>", so a cursor is only good for its batch. */
function encodeCursor(batchId: string, index: number): string {
  return Buffer.from(`${index}.${batchId}`).toString('base64url');
}

function decodeCursor(batchId: string, cursor: string, total: number): number | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return null;
  const match = /^(\d{1,6})\.(batch_[0-9A-Z]{26})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[2] !== batchId) return null;
  const index = Number(match[1]);
  return index > 0 && index < total ? index : null;
}

/**
 * The request's fingerprint for Idempotency-Key: the template, the card options when given, and every contact's text.
 */
export function fingerprintOf(contacts: string[], template: string | null, options: EncodeOptions = {}): string {
  const given = optionsFingerprint(options);
  const hash = createHash('sha256').update(JSON.stringify(template));
  if (Object.keys(given).length > 0) hash.update(JSON.stringify(given));
  for (const contact of contacts) hash.update('\n').update(contact);
  return hash.digest('hex');
}

/** Batches: creation (limits, idempotency), progress, pages of outcomes, the .vcf, the progress stream. */
@Injectable()
export class BatchesService {
  constructor(
    private readonly store: BatchStore,
    private readonly runner: BatchRunner,
    private readonly vcards: VCardService,
    private readonly images: QrImageService,
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

  /**
   * The contacts of a JSON body `{ "contacts": [...] }`, each as JSON text; anything else is a 400
   * naming the problem. A body the standalone app's parser already cut into contacts
   * (BatchJsonBody) is taken as it is; a parsed body (a host's parser) is turned back into texts.
   */
  contactsFromJson(body: unknown): string[] {
    if (body instanceof BatchJsonBody) return body.contacts;
    const fail = (issue: string, message: string, field = 'contacts'): never => {
      throw invalidField(field, issue, message);
    };
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail('type', 'The body must be a JSON object: {"contacts": [...]}', '(body)');
    const unknown = Object.keys(body).find((key) => key !== 'contacts');
    if (unknown !== undefined) fail('unknown', 'Only "contacts" is accepted in a batch body', unknown.slice(0, 64));
    const contacts = (body as { contacts?: unknown }).contacts;
    if (contacts === undefined) fail('required', 'contacts is required');
    if (!Array.isArray(contacts)) fail('type', 'contacts must be an array of VCardRequest objects');
    return (contacts as unknown[]).map((contact) => JSON.stringify(contact) ?? 'null');
  }

  /**
   * Size and limits; then the stored batch (or the earlier one for the same Idempotency-Key) and its place in the
   * queue.
   */
  async create(
    contacts: string[],
    template: string | null,
    client: string,
    idempotencyKey: string | undefined,
    charge: (units: number) => Promise<void>,
    options: EncodeOptions = {},
  ): Promise<{ batch: BatchRecord; replayed: boolean }> {
    const { maxContacts, maxActivePerClient, maxActive } = this.config.batches;
    if (contacts.length < 1 || contacts.length > maxContacts) {
      throw invalidField('contacts', 'size', `A batch holds 1 to ${maxContacts} contacts`, { maxContacts });
    }
    // Hashing 10,000 contacts takes milliseconds: only when a key asks for it.
    const fingerprint = idempotencyKey === undefined ? '' : fingerprintOf(contacts, template, options);
    if (idempotencyKey !== undefined) {
      const earlier = await this.store.findByIdempotencyKey(idempotencyKey);
      if (earlier)
        return this.replay({ created: false, existing: earlier.record, fingerprint: earlier.fingerprint }, fingerprint);
    }
    // A first look, before the rate budget is charged; the store's atomic check below decides.
    const active = await this.store.active(client);
    if (active.client >= maxActivePerClient) this.refuse('client');
    if (active.total >= maxActive) this.refuse('service');
    // The request itself was counted on arrival; the rest of the batch's cost now.
    await charge(Math.ceil(contacts.length / CONTACTS_PER_RATE_UNIT) - 1);

    const batch: BatchRecord = {
      id: newBatchId(),
      status: 'queued',
      created_at: new Date().toISOString(),
      completed_at: null,
      total: contacts.length,
      processed: 0,
      succeeded: 0,
      failed: 0,
      template,
      client,
      ...(options.format || options.budget || options.level ? { options } : {}),
    };
    const limits = { perClient: maxActivePerClient, total: maxActive };
    const creation = await this.store.create(
      batch,
      contacts,
      limits,
      idempotencyKey === undefined ? undefined : { key: idempotencyKey, fingerprint },
    );
    if (!creation.created) {
      if ('refused' in creation) this.refuse(creation.refused);
      return this.replay(creation as Extract<BatchCreation, { existing: BatchRecord }>, fingerprint);
    }
    await this.runner.enqueue(batch);
    this.metrics.batchesCreated.inc();
    return { batch, replayed: false };
  }

  async get(id: string): Promise<BatchRecord> {
    const batch = isBatchId(id) ? await this.store.get(id) : null;
    if (!batch) throw new ApiError('batch_not_found');
    return batch;
  }

  /** One page of outcomes in input order; `docsBase` is where the Error shapes' docsUrl points. */
  async items(id: string, limit: number, cursor: string | undefined, docsBase: string): Promise<BatchItemsPage> {
    const batch = await this.get(id);
    let from = 0;
    if (cursor !== undefined && cursor !== '') {
      const decoded = decodeCursor(batch.id, cursor, batch.total);
      if (decoded === null)
        throw new ApiError('invalid_cursor', {
          hint: "Pass back a previous page's pagination.next_cursor unchanged, or omit cursor.",
        });
      from = decoded;
    }
    const to = Math.min(batch.total, from + limit);
    const stored = await this.store.items(batch.id, from, to);
    const data = stored.map((item, offset) => this.toItem(from + offset, item, docsBase));
    const hasMore = to < batch.total;
    return {
      data,
      pagination: {
        limit,
        cursor: cursor ?? '',
        next_cursor: hasMore ? encodeCursor(batch.id, to) : null,
        has_more: hasMore,
      },
    };
  }

  /** Every successful card, in input order, a page of the store at a time: never the whole file in memory. */
  async *vcf(batch: BatchRecord): AsyncGenerator<string> {
    for (let from = 0; from < batch.total; from += VCF_PAGE) {
      const items = await this.store.items(batch.id, from, Math.min(batch.total, from + VCF_PAGE));
      let chunk = '';
      for (const item of items) if (item?.ok) chunk += this.vcards.fromStored(item).vcard;
      if (chunk) yield chunk;
    }
  }

  /**
   * The files of codes.zip (contact-model.md §5): for each successful contact in input order, its
   * QR image then its card as a one-card .vcf, named `NNNNN-<slug>` with NNNNN its index + 1
   * padded to the digits of the batch's total. Read a page of the store at a time and drawn one by
   * one as the archive asks for them, so memory does not grow with the batch.
   */
  async *codes(batch: BatchRecord, type: QrImageType, options: QrImageOptions): AsyncGenerator<ZipFile> {
    const digits = String(batch.total).length;
    for (let from = 0; from < batch.total; from += ZIP_PAGE) {
      const items = await this.store.items(batch.id, from, Math.min(batch.total, from + ZIP_PAGE));
      for (const [offset, item] of items.entries()) {
        if (!item?.ok) continue;
        const stem = `${String(from + offset + 1).padStart(digits, '0')}-${qrFileSlug(formattedName(item.card ?? item.qrPayload))}`;
        yield {
          name: `${stem}.${type}`,
          data: this.images.renderFitting(item.qrPayload, type, options),
          store: type === 'png',
        };
        yield { name: `${stem}.vcf`, data: Buffer.from(this.vcards.fromStored(item).vcard, 'utf8'), store: false };
      }
    }
  }

  /**
   * Real progress of a batch as SSE: a `progress` event whenever more contacts are processed
   * (percent = processed / total, never going back), at most four a second, then `complete` with
   * the final counts. Reads the store, so it works from any instance.
   */
  watch(batch: BatchRecord, stop$: Observable<void>): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      let id = 0;
      let lastProcessed = -1;
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const stopping = stop$.subscribe(() => {
        stopped = true;
        subscriber.next({
          type: 'shutdown',
          id: String(id),
          data: { batchId: batch.id, message: 'The server is shutting down; reconnect later to follow the batch.' },
        });
        subscriber.complete();
      });
      const look = async (): Promise<void> => {
        if (stopped) return;
        const now = await this.store.get(batch.id).catch(() => null);
        if (stopped) return;
        if (!now) {
          subscriber.complete();
          return;
        }
        const counts = { total: now.total, processed: now.processed, succeeded: now.succeeded, failed: now.failed };
        if (now.status === 'succeeded' || now.status === 'failed') {
          subscriber.next({
            type: 'complete',
            id: String(++id),
            data: { batchId: now.id, status: now.status, percent: 100, progress: counts },
          });
          subscriber.complete();
          return;
        }
        if (now.processed > lastProcessed) {
          lastProcessed = now.processed;
          const percent = Math.floor((now.processed * 100) / now.total);
          subscriber.next({
            type: 'progress',
            id: String(++id),
            data: { batchId: now.id, status: now.status, percent, progress: counts },
          });
        }
        timer = setTimeout(() => void look(), PROGRESS_POLL_MS);
      };
      void look();
      return () => {
        stopped = true;
        clearTimeout(timer);
        stopping.unsubscribe();
      };
    });
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

  private toItem(index: number, item: StoredItem | null, docsBase: string): BatchItem {
    if (item === null) return { index, status: 'pending' };
    if (item.ok) return { index, status: 'succeeded', result: this.vcards.fromStored(item) };
    const code = (item.error.code in ERROR_CODES ? item.error.code : 'internal_error') as ErrorCode;
    return { index, status: 'failed', error: buildErrorBody(docsBase, code, item.error).error };
  }
}
