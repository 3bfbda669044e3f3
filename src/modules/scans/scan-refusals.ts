import { ApiError } from '../../core/errors/api-error';
import { SCAN_IMAGE_LIMITS, type ScanImageRefusal } from '../../lib/scan';
import type { NoCodeFinding } from '../../lib/scan';

/** Seconds a scan refused as busy is told to wait (Retry-After): a queue of scans drains in about a second. */
const BUSY_RETRY_SECONDS = '1';

/** The media types POST /v1/scans takes as its body. */
export const SCAN_BODY_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'multipart/form-data'];

/** The media types the standalone app hands POST /v1/scans unread. */
export const SCAN_PASS_THROUGH_TYPES: readonly string[] = SCAN_BODY_TYPES;

/** The image types a scan reads (the body's, or a multipart file's). */
export const SCAN_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

const ISSUE_MESSAGES: Record<Exclude<ScanImageRefusal['refused'], 'too_many_pixels'>, string> = {
  not_an_image: 'The body is not a PNG, JPEG or WebP image.',
  wrong_type: "The image's bytes are not of the type its Content-Type names.",
  truncated: 'The image is cut short: its file ends before its last part.',
  corrupt: 'The image is damaged: its structure or pixels cannot be read.',
  animated: 'The image is animated (an APNG or an animated WebP); a scan reads one frame.',
  too_small: 'The image is under 21 pixels on a side, too small to hold a QR code.',
  metadata_too_large: 'The image carries over 1 MiB of metadata (EXIF, ICC, XMP, comments or other chunks).',
};

/** The 4xx of an image refused before or while decoding: 413 for too many pixels, else 400 invalid_image. */
export function refusedImage(refusal: ScanImageRefusal): ApiError {
  if (refusal.refused === 'too_many_pixels')
    return new ApiError('payload_too_large', {
      message: `The image is ${refusal.width} × ${refusal.height} pixels; a scan takes at most ${SCAN_IMAGE_LIMITS.maxPixels.toLocaleString('en')} pixels and ${SCAN_IMAGE_LIMITS.maxSide.toLocaleString('en')} on a side.`,
      hint: 'Send a smaller copy of the photo: a code reads well at 4 to 10 pixels a module.',
      details: { maxPixels: SCAN_IMAGE_LIMITS.maxPixels, maxSide: SCAN_IMAGE_LIMITS.maxSide },
    });
  return invalidImage(refusal.refused, ISSUE_MESSAGES[refusal.refused]);
}

/** A 400 invalid_image with its issue. */
export function invalidImage(issue: string, message: string): ApiError {
  return new ApiError('invalid_image', { message, details: { issue } });
}

/** The 415 of a body or a file in a type a scan does not read. */
export function unreadableImageType(accepted: readonly string[] = SCAN_BODY_TYPES): ApiError {
  return new ApiError('unsupported_media_type', {
    message: `The request body must be ${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)}.`,
    hint: 'Send the image with one of the Content-Types in error.details.accepted.',
    details: { accepted: [...accepted] },
  });
}

const CAUSE_HINTS: Record<NoCodeFinding['causes'][number], string> = {
  too_small: 'The code is too small in the picture: move closer, or send the photo at a higher resolution.',
  blurred: 'The picture is blurred: hold the phone still, let it focus, and take the photo again.',
  cut_off: 'The code runs off the edge of the picture: step back so the whole code and its margin are in it.',
  too_dark: 'The picture is too dark: take it again in more light, without a shadow over the code.',
  low_contrast: 'The picture is flat (little difference between dark and light): use more even light, avoid glare.',
  no_code: 'No sign of a QR code was found: check that the picture shows one, upright or turned, with a light margin.',
};

/** The 422 of an image in which no code was read: the likely causes, likeliest first, and a hint for the first. */
export function noCodeFound(finding: NoCodeFinding, width: number, height: number): ApiError {
  return new ApiError('no_code_found', {
    hint: CAUSE_HINTS[finding.causes[0]],
    details: { causes: finding.causes, seen: finding.seen, width, height },
  });
}

/** The 503 of a scan refused because every scanner is busy and the queue is full, or the route holds its most scans. */
export function scannerBusy(): ApiError {
  return new ApiError('scanner_busy', { headers: { 'Retry-After': BUSY_RETRY_SECONDS } });
}
