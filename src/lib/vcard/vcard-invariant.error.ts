/**
 * The encoder built a vCard that breaks its own post-condition (docs/encoding.md#post-conditions): a bug, so
 * callers should answer 500. The message describes the broken rule and a line number only, never a
 * contact value.
 */
export class VCardInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VCardInvariantError';
  }
}
