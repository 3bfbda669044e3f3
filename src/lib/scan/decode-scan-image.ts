import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { RgbaImage } from '../qr/decode';
import { SCAN_IMAGE_LIMITS, type ScanImageHeader } from './scan-image-header';

/** An image that passed its header check but whose pixels cannot be decoded. */
export class ScanImageDecodeError extends Error {
  constructor(readonly issue: 'corrupt') {
    super(`The image's pixels could not be decoded (${issue}).`);
  }
}

/**
 * The pixels of an image whose header readScanImageHeader() accepted, as RGBA: a PNG by pngjs (its
 * inflation bounded by the declared size, its CRCs checked), a JPEG by jpeg-js (bounded by the same
 * pixel limit and a memory ceiling, not tolerant of missing data). Throws ScanImageDecodeError.
 */
export function decodeScanImage(bytes: Uint8Array, header: ScanImageHeader): RgbaImage {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let image: RgbaImage;
  try {
    image =
      header.type === 'png'
        ? PNG.sync.read(buffer, { checkCRC: true })
        : jpeg.decode(buffer, {
            useTArray: true,
            formatAsRGBA: true,
            tolerantDecoding: false,
            maxResolutionInMP: SCAN_IMAGE_LIMITS.maxPixels / 1_000_000,
            maxMemoryUsageInMB: 256,
          });
  } catch {
    // The header check walked the file's structure whole: what fails now is damage inside it.
    throw new ScanImageDecodeError('corrupt');
  }
  if (image.width !== header.width || image.height !== header.height) throw new ScanImageDecodeError('corrupt');
  return { width: image.width, height: image.height, data: image.data };
}
