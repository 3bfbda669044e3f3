import type { NfcTag } from './nfc-tag';

/**
 * A card that does not fit its NFC tag even with every property the QR budget may leave out gone.
 * Carries figures only, never a field value.
 */
export class NfcCapacityExceededError extends Error {
  constructor(
    readonly tag: NfcTag,
    /** The tag's user memory, in bytes. */
    readonly capacity: number,
    /** What the tag would have to store for the smallest card: TLV, message and terminator. */
    readonly bytes: number,
  ) {
    super(`The card needs ${bytes} bytes on the tag; ${tag} holds ${capacity}.`);
    this.name = 'NfcCapacityExceededError';
  }
}
