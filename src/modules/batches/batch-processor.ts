import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { createValidationPipe } from '../../core/validation/create-validation-pipe';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { VCardService } from '../vcard/vcard.service';
import type { BatchRecord, StoredItem } from './batch-record';
import { BatchStore } from './store/batch-store';

/** Contacts handled in one step: a step is a few milliseconds, after which the event loop is free again. */
export const BATCH_CHUNK_SIZE = 50;

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
    for (const contact of contacts) items.push(await this.outcome(contact, template));
    return this.store.recordResults(batchId, from, items);
  }

  private async outcome(contact: unknown, template: string | null): Promise<StoredItem> {
    try {
      const dto = await this.validation.validateBody(contact, VCardRequestDto);
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
