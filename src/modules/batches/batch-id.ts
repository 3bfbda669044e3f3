import { ulid } from 'ulid';

const BATCH_ID = /^batch_[0-9A-HJKMNP-TV-Z]{26}$/;

/** A new batch id: `batch_` + ULID. */
export function newBatchId(): string {
  return `batch_${ulid()}`;
}

/** True for a well-formed batch id, as issued. */
export function isBatchId(value: string): boolean {
  return BATCH_ID.test(value);
}
