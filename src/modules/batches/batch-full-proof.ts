import { utf8Length } from '../../lib/vcard';

/** A styled archive or sheet gives the whole proof set to one code in this many (the first, then every this many). */
export const FULL_PROOF_EVERY = 500;

/**
 * Which codes of a styled codes.zip or sheet carry the full proof (docs/batches.md#a-styled-codeszip):
 * the longest payload's (the largest code, the style's hardest case) and every FULL_PROOF_EVERY-th
 * code in input order from the first; every other code is read back from its file by both decoders.
 */
export class BatchFullProof {
  private ordinal = 0;

  /** `longest`: the input index of the batch's longest payload (the first of equals; -1 for none). */
  constructor(private readonly longest: number) {}

  /** The choice for a batch whose payloads are `payloads` (read once, to find the longest, in UTF-8 bytes). */
  static async of(payloads: AsyncIterable<{ index: number; payload: string }>): Promise<BatchFullProof> {
    let longest = -1;
    let bytes = -1;
    for await (const { index, payload } of payloads) {
      const length = utf8Length(payload);
      if (length > bytes) [longest, bytes] = [index, length];
    }
    return new BatchFullProof(longest);
  }

  /** Whether the next code (codes are asked about once each, in input order) carries the full proof. */
  next(index: number): boolean {
    return this.ordinal++ % FULL_PROOF_EVERY === 0 || index === this.longest;
  }
}
