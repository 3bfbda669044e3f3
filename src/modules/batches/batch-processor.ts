import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { ContactValidator } from '../../core/validation/contact-validator';
import { toStoredCard, type EncodeOptions } from '../../lib/vcard';
import { ServiceMetrics } from '../../core/metrics/service-metrics';
import { VCardService } from '../vcard/vcard.service';
import type { BatchRecord, BatchSource, StoredItem } from '../../infra/store/batch-record';
import { BatchStore } from '../../infra/store/batch-store';
import { invalidVCard } from '../vcard/vcard-import.service';
import type { StoredExportRow } from './batch-csv';
import type { StoredVcfCard } from './batch-vcf';
import type { StoredScan } from './batch-zip';

/** Contacts per chunk: what one runner step (or one BullMQ job) reads from the store and records. */
export const BATCH_CHUNK_SIZE = 50;
/**
 * Contacts encoded between two yields to the event loop, so that a single request waits behind
 * at most that much batch work (the p99 this buys is in bench/README.md, phase 6).
 */
export const BATCH_STEP_SIZE = 20;

/**
 * Turns contacts into outcomes exactly as `POST /v1/vcard` would: the same ContactValidator
 * (rules, error codes and field messages), the same VCardService (template check, encoder, QR
 * capacity). An invalid contact gets its Error; the others are not affected.
 */
@Injectable()
export class BatchProcessor {
  private readonly logger = new Logger('BatchProcessor');
  /** Batches this instance saw finish, so each is counted once here (bounded: the oldest go first). */
  private readonly finished = new Set<string>();

  constructor(
    private readonly store: BatchStore,
    private readonly vcards: VCardService,
    private readonly metrics: ServiceMetrics,
    private readonly contacts: ContactValidator,
  ) {}

  /**
   * Processes contacts `from` to `to` (exclusive) of a batch and records their outcomes. The cards
   * of an address-book export (`source` vcard) were imported as the body was read: each is its
   * import report, or why it could not be imported.
   */
  async processChunk(
    batchId: string,
    from: number,
    to: number,
    template: string | undefined,
    options: EncodeOptions = {},
    source: BatchSource = 'json',
  ): Promise<BatchRecord | null> {
    const contacts = await this.store.contacts(batchId, from, to);
    const items: StoredItem[] = [];
    for (let i = 0; i < contacts.length; i++) {
      if (i > 0 && i % BATCH_STEP_SIZE === 0) await yieldToEventLoop();
      items.push(this.storedOutcome(source, contacts[i], template, options));
    }
    const succeeded = items.filter((item) => item.ok).length;
    const record = await this.store.recordResults(batchId, from, items);
    this.metrics.batchContacts.labels('succeeded').inc(succeeded);
    this.metrics.batchContacts.labels('failed').inc(items.length - succeeded);
    if (record?.status === 'succeeded') this.countFinished(batchId, 'succeeded');
    return record;
  }

  /** Marks a batch failed (a chunk out of retries, or an in-process run that broke). */
  async fail(batchId: string): Promise<void> {
    await this.store.fail(batchId);
    this.countFinished(batchId, 'failed');
  }

  private countFinished(batchId: string, status: 'succeeded' | 'failed'): void {
    if (this.finished.has(batchId)) return;
    this.finished.add(batchId);
    if (this.finished.size > 1000) this.finished.delete(this.finished.values().next().value as string);
    this.metrics.batchesFinished.labels(status).inc();
  }

  /** A stored contact's outcome, read as its source stored it. */
  private storedOutcome(
    source: BatchSource,
    stored: string,
    template: string | undefined,
    options: EncodeOptions,
  ): StoredItem {
    switch (source) {
      case 'vcard':
        return this.cardOutcome(stored, template, options);
      case 'zip':
        return this.scanOutcome(stored, template, options);
      case 'google-csv':
      case 'outlook-csv':
        return this.exportRowOutcome(stored, template, options);
      default:
        return this.outcome(stored, template, options);
    }
  }

  /** An imported card's outcome, its report beside it; a card that could not be imported fails with why. */
  private cardOutcome(stored: string, template: string | undefined, options: EncodeOptions): StoredItem {
    const card = JSON.parse(stored) as StoredVcfCard;
    if ('failure' in card) return this.failed(invalidVCard(card.failure));
    return { ...this.outcome(card.import.contact, template, options), import: card.import };
  }

  /** An image of a ZIP: its code's contact's outcome beside its import, or its scan's error; its name either way. */
  private scanOutcome(stored: string, template: string | undefined, options: EncodeOptions): StoredItem {
    const scan = JSON.parse(stored) as StoredScan;
    if ('error' in scan) return { ok: false, error: scan.error, file: scan.file };
    return { ...this.outcome(scan.import.contact, template, options), import: scan.import, file: scan.file };
  }

  /** A row of a Google or Outlook export: its outcome, with what was left out of it when anything was. */
  private exportRowOutcome(stored: string, template: string | undefined, options: EncodeOptions): StoredItem {
    const row = JSON.parse(stored) as Record<string, unknown>;
    if (!Object.hasOwn(row, 'leftOut')) return this.outcome(row, template, options);
    const { contact, leftOut } = row as unknown as StoredExportRow;
    return { ...this.outcome(contact, template, options), leftOut };
  }

  private outcome(contact: string | object, template: string | undefined, options: EncodeOptions): StoredItem {
    try {
      // Checked as JSON when the batch was created; parsed only now, so it dies young.
      const checked = this.contacts.validate(typeof contact === 'string' ? (JSON.parse(contact) as unknown) : contact);
      return { ok: true, ...toStoredCard(this.vcards.create(checked, template, options), options.level) };
    } catch (error) {
      if (error instanceof ApiError) return this.failed(error);
      // Logged by type only: the message could quote the contact.
      this.logger.error({
        msg: 'unexpected error in a batch contact',
        errorType: error instanceof Error ? error.name : typeof error,
      });
      return { ok: false, error: { code: 'internal_error' } };
    }
  }

  private failed(error: ApiError): StoredItem {
    const { message, hint, details } = error.extras;
    return {
      ok: false,
      error: { code: error.code, ...(message && { message }), ...(hint && { hint }), ...(details && { details }) },
    };
  }
}
