import type { EncodeOptions, StoredCard } from '../../lib/vcard';
import type { CardImport } from '../../lib/vcard/reader';

/** What a batch's contacts were read from: JSON, the service's CSV columns, an address-book export, a ZIP of images. */
export type BatchSource = 'json' | 'csv' | 'google-csv' | 'outlook-csv' | 'vcard' | 'zip';

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
  /** What the contacts were read from; absent on a batch stored before sources were recorded (JSON or CSV). */
  source?: BatchSource;
  /** The columns of a Google or Outlook export that have no place in the contact: names only. */
  ignoredColumns?: string[];
}

/**
 * A contact's outcome: the stored card (the response is rebuilt from it), or the error it got; for
 * a card of an address-book export, its import report too (once it could be imported); for a row
 * of a Google or Outlook export, the values the contact rules rejected, left out (paths and words);
 * for an image of a ZIP, its name in the archive (and its code's import, once it had a contact).
 */
export type StoredItem = (({ ok: true } & StoredCard) | { ok: false; error: StoredItemError }) & {
  import?: CardImport<object>;
  leftOut?: Array<{ field: string; reason: string }>;
  file?: string;
};

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
