import { createHash } from 'node:crypto';
import type { EncodeOptions } from '../../lib/vcard';
import { optionsFingerprint } from './card-query';

/**
 * The fingerprint of a request that creates something under an Idempotency-Key (a job, a batch):
 * SHA-256 over the template, the card options when given (so a request without them keeps the
 * fingerprint it always had) and each content text in order. The store keeps this hash, never the
 * request beside the key.
 */
export function requestFingerprint(
  template: string | undefined,
  options: EncodeOptions,
  contents: Iterable<string>,
): string {
  const given = optionsFingerprint(options);
  const hash = createHash('sha256').update(JSON.stringify(template ?? null));
  if (Object.keys(given).length > 0) hash.update(JSON.stringify(given));
  for (const content of contents) hash.update('\n').update(content);
  return hash.digest('hex');
}
