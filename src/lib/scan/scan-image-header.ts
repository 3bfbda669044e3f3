import { imageSize } from 'image-size';
import { readWebpHeader } from './webp-image-header';

/** The image types a scan reads: PNG, JPEG and WebP (still images). */
export type ScanImageType = 'png' | 'jpeg' | 'webp';

/** What a scan takes before any pixel is decoded: bytes, pixels, metadata and frames. */
export const SCAN_IMAGE_LIMITS = {
  /** Pixels of the image as its header declares them (a 12 MP phone photo fits; 16 MP as RGBA is 64 MiB). */
  maxPixels: 16_777_216,
  /** The longest side: a strip of one pixel by 100,000 holds no code a phone could read. */
  maxSide: 8192,
  /** The shortest side: a code needs 21 modules and a quiet zone. */
  minSide: 21,
  /** APPn and COM segments of a JPEG together (EXIF, ICC, XMP, comments): no photo's metadata is larger. */
  maxJpegMetadataBytes: 1_048_576,
  /** A PNG's chunks other than the image data (text, profiles, private chunks). */
  maxPngAncillaryBytes: 1_048_576,
  /** A WebP's chunks other than its bitstream, alpha and VP8X (ICCP, EXIF, XMP, unknown chunks). */
  maxWebpMetadataBytes: 1_048_576,
} as const;

/** Why an image is refused before decoding; each is a 4xx named by the module. */
export type ScanImageIssue =
  | 'not_an_image'
  | 'wrong_type'
  | 'truncated'
  | 'corrupt'
  | 'animated'
  | 'too_many_pixels'
  | 'too_small'
  | 'metadata_too_large';

/** An image whose header was read and found within SCAN_IMAGE_LIMITS. */
export interface ScanImageHeader {
  type: ScanImageType;
  width: number;
  height: number;
}

/** A refusal before decoding: the issue, and the declared size when the header had one. */
export interface ScanImageRefusal {
  refused: ScanImageIssue;
  width?: number;
  height?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes are (by their signature), whatever the request said. */
export function sniffImageType(bytes: Uint8Array): ScanImageType | undefined {
  if (bytes.length >= 8 && Buffer.compare(bytes.subarray(0, 8), PNG_SIGNATURE) === 0) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF')
    return Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP' ? 'webp' : undefined;
  return undefined;
}

/** Whether bytes too short to sniff begin as a PNG or a JPEG does, or as a WebP's RIFF header when one is declared. */
function startsAnImage(bytes: Uint8Array, declared: ScanImageType): boolean {
  if (bytes.length === 0) return false;
  if (declared === 'webp' && bytes.length < 12)
    return Buffer.compare(bytes.subarray(0, 4), Buffer.from('RIFF', 'latin1').subarray(0, bytes.length)) === 0;
  if (bytes.length < 8 && Buffer.compare(bytes, PNG_SIGNATURE.subarray(0, bytes.length)) === 0) return true;
  return bytes.length < 3 && bytes[0] === 0xff && (bytes.length === 1 || bytes[1] === 0xd8);
}

/**
 * Reads the header of an image of `declared` type and checks it against SCAN_IMAGE_LIMITS, before
 * a pixel is inflated: the signature matches the type, the size (image-size, from the header) is
 * within the pixel and side limits, and the container's structure is whole: a PNG's chunks up to
 * its end, no animation (acTL), bounded ancillary chunks; a JPEG's segments up to its first frame,
 * bounded metadata; a WebP's RIFF chunks (readWebpHeader): one still image, bounded metadata.
 * Pure and linear in the chunk or segment count.
 */
export function readScanImageHeader(bytes: Uint8Array, declared: ScanImageType): ScanImageHeader | ScanImageRefusal {
  const sniffed = sniffImageType(bytes);
  if (sniffed === undefined) return { refused: startsAnImage(bytes, declared) ? 'truncated' : 'not_an_image' };
  if (sniffed !== declared) return { refused: 'wrong_type' };
  const webp = declared === 'webp' ? readWebpHeader(bytes, SCAN_IMAGE_LIMITS.maxWebpMetadataBytes) : undefined;
  if (webp?.width === undefined && webp?.issue) return { refused: webp.issue };
  const size = webp ?? declaredSize(bytes, declared);
  if (size === undefined) return { refused: bytes.length < 64 ? 'truncated' : 'corrupt' };
  const { width, height } = size;
  if (!width || !height || !Number.isInteger(width) || !Number.isInteger(height)) return { refused: 'corrupt' };
  if (width * height > SCAN_IMAGE_LIMITS.maxPixels || Math.max(width, height) > SCAN_IMAGE_LIMITS.maxSide)
    return { refused: 'too_many_pixels', width, height };
  if (Math.min(width, height) < SCAN_IMAGE_LIMITS.minSide) return { refused: 'too_small', width, height };
  const structure = webp ? webp.issue : declared === 'png' ? pngStructure(bytes) : jpegStructure(bytes);
  if (structure !== undefined) return { refused: structure, width, height };
  return { type: declared, width, height };
}

/**
 * The size the header declares (image-size); for a JPEG whose first segment is not APPn, which
 * image-size does not read, the size of its frame header.
 */
function declaredSize(bytes: Uint8Array, declared: ScanImageType): { width?: number; height?: number } | undefined {
  try {
    return imageSize(bytes);
  } catch {
    return declared === 'jpeg' ? jpegFrameSize(bytes) : undefined;
  }
}

/** The width and height of a JPEG's first frame header, its segments walked by their lengths. */
function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  for (let at = 2; at + 9 <= bytes.length && bytes[at] === 0xff;) {
    const marker = bytes[at + 1];
    if (marker === 0xff) at += 1;
    else if (isFrameMarker(marker))
      return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    else if (marker === 0xda) return undefined;
    else at += 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
  }
  return undefined;
}

/** A PNG's chunks walked by their lengths: whole, one image (no acTL), ancillary chunks bounded. */
function pngStructure(bytes: Uint8Array): ScanImageIssue | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let ancillary = 0;
  let sawData = false;
  for (let at = 8; ;) {
    if (at + 12 > bytes.length) return 'truncated';
    const length = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) return 'corrupt';
    if (at + 12 + length > bytes.length) return 'truncated';
    if (type === 'acTL' || type === 'fcTL' || type === 'fdAT') return 'animated';
    if (type === 'IDAT') sawData = true;
    else if (type === 'IEND') return sawData ? undefined : 'corrupt';
    else if (type !== 'IHDR' && type !== 'PLTE' && (ancillary += length) > SCAN_IMAGE_LIMITS.maxPngAncillaryBytes)
      return 'metadata_too_large';
    at += 12 + length;
  }
}

/** A JPEG's segments walked by their lengths up to the start of scan: whole, metadata bounded. */
function jpegStructure(bytes: Uint8Array): ScanImageIssue | undefined {
  let metadata = 0;
  let frames = 0;
  for (let at = 2; ;) {
    if (at + 4 > bytes.length) return 'truncated';
    if (bytes[at] !== 0xff) return 'corrupt';
    const marker = bytes[at + 1];
    // Fill bytes before a marker, and markers with no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) return 'truncated';
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      if ((metadata += length) > SCAN_IMAGE_LIMITS.maxJpegMetadataBytes) return 'metadata_too_large';
    }
    if (isFrameMarker(marker)) frames += 1;
    // Start of scan: the entropy-coded data follows; a frame must have come first.
    if (marker === 0xda) return frames !== 1 ? 'corrupt' : endsImage(bytes) ? undefined : 'truncated';
    at += 2 + length;
  }
}

/** Whether the end-of-image marker is among the file's last bytes (some writers pad after it). */
function endsImage(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 2; at >= Math.max(0, bytes.length - 1024); at--)
    if (bytes[at] === 0xff && bytes[at + 1] === 0xd9) return true;
  return false;
}

/** SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC). */
function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}
