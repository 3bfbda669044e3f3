import type { QrStyle } from '../../lib/qr/style/qr-style';
import type { ActiveLimits, BatchCreation, BatchRecord, IdempotencyClaim, StoredItem } from './batch-record';

/**
 * Port: where batches, their contacts and their results live until they expire (JOB_TTL_SECONDS).
 * In memory for one instance; in Redis (RedisBatchStore) for many, where a batch created on one
 * instance is processed, watched, paged and downloaded from any.
 */
export abstract class BatchStore {
  /**
   * Stores a new batch with its contacts, in one atomic step with its checks: with an
   * Idempotency-Key already used, the earlier batch instead; with the client (record.client) or
   * the service at its limit of unfinished batches, nothing, and which limit refused it.
   */
  abstract create(
    record: BatchRecord,
    contacts: string[],
    limits: ActiveLimits,
    idempotency?: IdempotencyClaim,
  ): Promise<BatchCreation>;

  abstract get(id: string): Promise<BatchRecord | null>;

  /** The live batch created with this Idempotency-Key, and the fingerprint of its request. */
  abstract findByIdempotencyKey(key: string): Promise<{ record: BatchRecord; fingerprint: string } | null>;

  /**
   * Contacts `from` (inclusive) to `to` (exclusive), each as the JSON text it was sent as. Kept as
   * text until processed: one string per contact instead of an object graph, so a large batch
   * waiting for its turn costs the garbage collector almost nothing.
   */
  abstract contacts(id: string, from: number, to: number): Promise<string[]>;

  /**
   * Records the outcomes of contacts `from`, `from + 1`, ... Idempotent per contact: an outcome
   * already recorded (a chunk run twice after a crash) is kept and not counted again. Counts the
   * new ones, and completes the batch when every contact has one. Null when the batch is gone.
   */
  abstract recordResults(id: string, from: number, items: StoredItem[]): Promise<BatchRecord | null>;

  /**
   * Marks a batch `failed` (a chunk could not be processed after its retries): it is finished,
   * no longer counts as active, and keeps the outcomes recorded so far.
   */
  abstract fail(id: string): Promise<void>;

  /** Outcomes of contacts `from` to `to` (exclusive); null where none is recorded yet. */
  abstract items(id: string, from: number, to: number): Promise<Array<StoredItem | null>>;

  /** Batches not yet finished: this client's, and all. */
  abstract active(client: string): Promise<{ client: number; total: number }>;

  /** The QR style a batch's codes.zip is drawn with (PUT /v1/batches/{id}/style); null when it has none. */
  abstract style(id: string): Promise<QrStyle | null>;

  /** Sets or replaces a batch's style until the batch expires; false when there is no such batch. */
  abstract setStyle(id: string, style: QrStyle): Promise<boolean>;
}
