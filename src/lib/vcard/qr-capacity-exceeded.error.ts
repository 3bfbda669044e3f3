/**
 * The payload is larger than any QR code can hold (version 40, level L). Carries sizes and the name
 * of the field to shorten, never a contact value, so it is safe to log and to map to a 400.
 */
export class QrCapacityExceededError extends Error {
  readonly bytes: number;
  readonly maxBytes: number;
  /** The top-level request field whose properties take the most bytes. */
  readonly longestField: string;

  constructor(bytes: number, maxBytes: number, longestField: string) {
    super(`vCard payload is ${bytes} bytes; a QR code holds at most ${maxBytes} (longest field: ${longestField})`);
    this.name = 'QrCapacityExceededError';
    this.bytes = bytes;
    this.maxBytes = maxBytes;
    this.longestField = longestField;
  }
}
