import { createHash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ApiError } from '../../core/errors/api-error';
import { nativeRequest, type HttpRequestLike } from '../../http/native-http';
import { readBody } from '../../http/request-body';
import { charsetOf } from '../../http/utf8-body';
import { VCardStreamReader, type ReadEvent } from '../../lib/vcard/reader';

/** The media types of a vCard body: RFC 6350's, the older `x-` one, and RFC 2425's directory type. */
export const VCARD_BODY_TYPES: readonly string[] = ['text/vcard', 'text/x-vcard', 'text/directory'];

/** A body a host's parser already read is fed to the reader in pieces of this size, one per turn of the event loop. */
const PIECE_BYTES = 64 * 1024;

/** The media type of a Content-Type header, lower case, without its parameters. */
export function mediaTypeOf(contentType: unknown): string {
  const text = typeof contentType === 'string' ? contentType : '';
  const semicolon = text.indexOf(';');
  return (semicolon === -1 ? text : text.slice(0, semicolon)).trim().toLowerCase();
}

/** Whether a request's body is a vCard file (any of VCARD_BODY_TYPES, with any parameters). */
export function isVCardBody(request: HttpRequestLike): boolean {
  return VCARD_BODY_TYPES.includes(mediaTypeOf(request.headers['content-type']));
}

/** What an Idempotency-Key's fingerprint covers of a vCard body: its content type and the hash of its bytes. */
export function vcardBodyContent(request: HttpRequestLike, hash: string): string {
  return `${String(request.headers['content-type'] ?? '')
    .trim()
    .toLowerCase()}\n${hash}`;
}

/**
 * Reads a vCard body within `limitBytes` (413 beyond), through the vCard reader with the charset
 * of its Content-Type: each card, or card that cannot be read, goes to `onEvent` as soon as its
 * END is read, so a file is never held whole and its photos never at all. A body the host's
 * parser left unread is read from the request stream as it arrives, one chunk per turn of the
 * event loop; one the parser read (a Buffer or text) is fed the same way in pieces. Resolves with
 * the SHA-256 of the bytes (hex). An error thrown by `onEvent` ends the reading and rejects.
 */
export async function readVCardBody(
  request: HttpRequestLike,
  limitBytes: number,
  onEvent: (event: ReadEvent) => void,
): Promise<string> {
  const reader = new VCardStreamReader({ contentTypeCharset: charsetOf(request.headers['content-type']) });
  const hash = createHash('sha256');
  const parsed = request.body;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) {
    const bytes = typeof parsed === 'string' ? Buffer.from(parsed, 'utf8') : parsed;
    if (bytes.length > limitBytes) throw new ApiError('payload_too_large', { details: { maxBytes: limitBytes } });
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
      if (at > 0) await yieldToEventLoop();
      const piece = bytes.subarray(at, at + PIECE_BYTES);
      hash.update(piece);
      reader.write(piece).forEach(onEvent);
    }
    reader.end().forEach(onEvent);
    return hash.digest('hex');
  }
  const raw = nativeRequest(request);
  if (raw.readableEnded || !raw.readable)
    throw new ApiError('unsupported_media_type', {
      message: "The host's body parser did not pass the vCard text on.",
    });
  return new Promise((resolve, reject) => {
    let failure: { error: unknown } | undefined;
    const feed = (events: () => ReadEvent[]): void => {
      if (failure !== undefined) return;
      try {
        events().forEach(onEvent);
      } catch (error) {
        failure = { error };
      }
    };
    readBody(
      raw,
      raw.headers['content-length'],
      limitBytes,
      (chunk) => {
        if (failure !== undefined) return;
        hash.update(chunk);
        feed(() => reader.write(chunk));
      },
      (error) => {
        if (error) return reject(error);
        feed(() => reader.end());
        if (failure !== undefined) return reject(failure.error as Error);
        resolve(hash.digest('hex'));
      },
    );
  });
}
