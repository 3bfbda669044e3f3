import { createHash } from 'node:crypto';

/**
 * Opaque keyset cursor: base64url of "<last id seen>.<check>". Keyed by id rather than offset, so
 * pages stay stable if the catalogue grows. The check is an integrity tag, not a secret: it makes
 * any edit of the cursor detectable so that the client gets invalid_cursor instead of a silently
 * different page.
 */
const VERSION = 'tc1';

function check(afterId: string): string {
  return createHash('sha256').update(`${VERSION}:${afterId}`).digest('base64url').slice(0, 10);
}

export function encodeTemplateCursor(afterId: string): string {
  return Buffer.from(`${afterId}.${check(afterId)}`, 'utf8').toString('base64url');
}

/** The id the cursor points after, or null when the cursor was not issued by this service. */
export function decodeTemplateCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const dot = decoded.lastIndexOf('.');
  if (dot <= 0) return null;
  const afterId = decoded.slice(0, dot);
  // Re-encoding must reproduce the exact input: rejects non-canonical base64 variants too.
  return encodeTemplateCursor(afterId) === cursor ? afterId : null;
}
