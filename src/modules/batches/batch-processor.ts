import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { createValidationPipe } from '../../core/validation/create-validation-pipe';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { VCardService } from '../vcard/vcard.service';
import type { BatchRecord, StoredItem } from './batch-record';
import { BatchStore } from './store/batch-store';

/** Contacts per chunk: what one runner step (or one BullMQ job) reads from the store and records. */
export const BATCH_CHUNK_SIZE = 50;
/**
 * Contacts encoded between two yields to the event loop (about 0.5 ms of work), so that a single
 * request waits behind at most that much batch work. In-process, 20 against 50 moved the p99 of
 * POST /v1/vcard during back-to-back 10k batches from 11.5 to 9.6 ms (bench/README.md).
 */
export const BATCH_STEP_SIZE = 20;

/**
 * Turns contacts into outcomes exactly as `POST /v1/vcard` would: the same validation pipe
 * (rules, error codes and field messages), the same VCardService (template check, encoder, QR
 * capacity). An invalid contact gets its Error; the others are not affected.
 */
@Injectable()
export class BatchProcessor {
  private readonly logger = new Logger('BatchProcessor');
  private readonly validation = createValidationPipe();

  constructor(
    private readonly store: BatchStore,
    private readonly vcards: VCardService,
  ) {}

  /** Processes contacts `from` to `to` (exclusive) of a batch and records their outcomes. */
  async processChunk(batchId: string, from: number, to: number, template: string | null): Promise<BatchRecord | null> {
    const contacts = await this.store.contacts(batchId, from, to);
    const items: StoredItem[] = [];
    for (let i = 0; i < contacts.length; i++) {
      if (i > 0 && i % BATCH_STEP_SIZE === 0) await yieldToEventLoop();
      items.push(await this.outcome(contacts[i], template));
    }
    return this.store.recordResults(batchId, from, items);
  }

  private async outcome(contactJson: string, template: string | null): Promise<StoredItem> {
    try {
      // Checked as JSON when the batch was created; parsed only now, so it dies young.
      const dto = await this.validation.validateBody(JSON.parse(contactJson) as unknown, VCardRequestDto);
      return { ok: true, qrPayload: this.vcards.create(dto, template ?? undefined).qrPayload };
    } catch (error) {
      if (error instanceof ApiError) {
        const { message, hint, details } = error.extras;
        return { ok: false, error: { code: error.code, ...(message && { message }), ...(hint && { hint }), ...(details && { details }) } };
      }
      // Logged by type only: the message could quote the contact.
      this.logger.error({ msg: 'unexpected error in a batch contact', errorType: error instanceof Error ? error.name : typeof error });
      return { ok: false, error: { code: 'internal_error' } };
    }
  }
}
