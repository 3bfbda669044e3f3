import { invalidImage } from './scan-refusals';

/** The one file of a multipart/form-data body, and the media type its part declares (lower case, no parameters). */
export interface MultipartFile {
  bytes: Buffer;
  mediaType: string;
}

/** The most parts a form may have (its fields besides the file are ignored). */
const MAX_PARTS = 16;
/** The most bytes of one part's headers. */
const MAX_PART_HEADER_BYTES = 8192;

/**
 * The one file of a multipart/form-data body (RFC 7578) already read whole within the route's
 * limit: its boundary from the Content-Type, its parts split there, the part with a filename (or
 * an image type) taken. A body with no file or more than one, too many parts or a malformed
 * structure is a 400 invalid_image. The file's bytes are a view of the body, not a copy.
 */
export function multipartFile(body: Buffer, contentType: string): MultipartFile {
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  if (!boundary) throw malformed('The multipart/form-data Content-Type has no boundary.');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`, 'latin1');
  const files: MultipartFile[] = [];
  let at = body.indexOf(delimiter);
  if (at === -1) throw malformed('The multipart/form-data body has no part.');
  for (let parts = 0; ; parts++) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') break;
    if (parts >= MAX_PARTS) throw malformed(`The multipart/form-data body has more than ${MAX_PARTS} parts.`);
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd === -1 || headersEnd - at > MAX_PART_HEADER_BYTES)
      throw malformed('A part of the multipart/form-data body has no end to its headers.');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd);
    if (next === -1) throw malformed('The multipart/form-data body ends before its closing boundary.');
    const headers = body.subarray(at, headersEnd).toString('latin1');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const type = (/^content-type:\s*([^;\r\n]*)/im.exec(headers)?.[1] ?? '').trim().toLowerCase();
    if (/;\s*filename\*?=/i.test(disposition) || type.startsWith('image/'))
      files.push({ bytes: body.subarray(headersEnd + 4, next), mediaType: type });
    at = next + 2;
  }
  if (files.length !== 1)
    throw invalidImage(
      'file_count',
      files.length === 0
        ? 'The multipart/form-data body holds no file; send the image as one file field.'
        : `The multipart/form-data body holds ${files.length} files; a scan takes one.`,
    );
  return files[0];
}

function malformed(message: string) {
  return invalidImage('corrupt', message);
}
