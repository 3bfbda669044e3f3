import { createHash } from 'node:crypto';
import type { ContactFields } from '../../lib/contact';

/**
 * SHA-256 of the canonical JSON of a job request: the cleaned contact fields with sorted keys
 * (absent fields omitted), the template id and the card options (format, QR budget) when given. Equal requests have
 * equal fingerprints whatever
 * their key order or whitespace; the store keeps this hash, never the request beside the key.
 */
export function requestFingerprint(
  contact: ContactFields,
  templateId: string | undefined,
  options: Record<string, unknown> = {},
): string {
  const fields = Object.entries(contact)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // The options appear only when given, so a request without them keeps the fingerprint it always had.
  const canonical = JSON.stringify({ contact: Object.fromEntries(fields), template: templateId ?? null, ...options });
  return createHash('sha256').update(canonical).digest('hex');
}
