import { createHash } from 'node:crypto';
import type { ContactFields } from '../../lib/vcard';

/**
 * SHA-256 of the canonical JSON of a job request: the cleaned contact fields with sorted keys
 * (absent fields omitted) and the template id. Equal requests have equal fingerprints whatever
 * their key order or whitespace; the store keeps this hash, never the request beside the key.
 */
export function requestFingerprint(contact: ContactFields, templateId: string | undefined): string {
  const fields = Object.entries(contact)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify({ contact: Object.fromEntries(fields), template: templateId ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}
