import type { EncodeOptions, StoredCard } from '../../lib/vcard';

export type BatchStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What the store keeps of a batch, besides its contacts and results. No contact data. */
export interface BatchRecord {
  id: string;
  status: BatchStatus;
  created_at: string;
  completed_at: string | null;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  /** The `?template=` the batch was created with, if any. */
  template?: string;
  /** The card options (`?format=`, `?qrVersion=`, `?qrLevel=`, `?nfc=`) of every contact; absent without any. */
  options?: EncodeOptions;
  /** Client address the batch counts against (running batches per client). */
  client: string;
}

/** A contact's outcome: the stored card (the response is rebuilt from it), or the error it got. */
export type StoredItem = ({ ok: true } & StoredCard) | { ok: false; error: StoredItemError };

/** An Error shape without its docsUrl and status, which are added when it is read. */
export interface StoredItemError {
  code: string;
  message?: string;
  hint?: string;
  details?: Record<string, unknown>;
}

export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Unfinished batches allowed at once: per client address, and in all. */
export interface ActiveLimits {
  perClient: number;
  total: number;
}

export type BatchCreation =
  | { created: true }
  | { created: false; existing: BatchRecord; fingerprint: string }
  | { created: false; refused: 'client' | 'service' };
