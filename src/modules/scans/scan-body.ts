import type { HttpRequestLike } from '../../http/native-http';
import { nativeRequest } from '../../http/native-http';
import { readBody } from '../../http/request-body';
import { ApiError } from '../../core/errors/api-error';
import { mediaTypeOf } from '../vcard/vcard-body';
import { multipartFile } from './multipart-file';
import { SCAN_BODY_TYPES, unreadableImageType } from './scan-refusals';

/** An image a request sent: its bytes and the media type it was sent as. */
export interface SentImage {
  bytes: Buffer;
  mediaType: string;
}

/**
 * The image of a POST /v1/scans request, read whole within `limitBytes` (413 beyond, by
 * Content-Length before a byte is read, else as bytes arrive): the body itself for image/png,
 * image/jpeg and image/webp, the one file of a multipart/form-data body. A type the route does not take is a 415
 * before the body is read. A body a host's parser already read (a Buffer) is taken within the
 * same limit. Nothing is kept once the scan is answered.
 */
export async function readScanBody(request: HttpRequestLike, limitBytes: number): Promise<SentImage> {
  const contentType = String(request.headers['content-type'] ?? '');
  const mediaType = mediaTypeOf(contentType);
  if (!SCAN_BODY_TYPES.includes(mediaType)) throw unreadableImageType();
  const bytes = await bodyBytes(request, limitBytes);
  if (mediaType !== 'multipart/form-data') return { bytes, mediaType };
  const file = multipartFile(bytes, contentType);
  return { bytes: file.bytes, mediaType: file.mediaType };
}

function bodyBytes(request: HttpRequestLike, limitBytes: number): Promise<Buffer> {
  const parsed = request.body;
  if (parsed instanceof Uint8Array) {
    if (parsed.length > limitBytes) throw new ApiError('payload_too_large', { details: { maxBytes: limitBytes } });
    return Promise.resolve(Buffer.from(parsed.buffer, parsed.byteOffset, parsed.byteLength));
  }
  const raw = nativeRequest(request);
  if (raw.readableEnded || !raw.readable)
    throw new ApiError('unsupported_media_type', { message: "The host's body parser did not pass the image on." });
  return new Promise((resolve, reject) => {
    readBody(raw, raw.headers['content-length'], limitBytes, null, (error, chunks, length) => {
      if (error) return reject(error);
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length));
    });
  });
}
