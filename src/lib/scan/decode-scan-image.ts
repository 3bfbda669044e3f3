import { PNG } from 'pngjs';
import sharp from 'sharp';
import type { RgbaImage } from '../qr/decode';
import { SCAN_IMAGE_LIMITS, type ScanImageHeader } from './scan-image-header';

/** An image that passed its header check but whose pixels cannot be decoded. */
export class ScanImageDecodeError extends Error {
  constructor(readonly issue: 'corrupt') {
    super(`The image's pixels could not be decoded (${issue}).`);
  }
}

// One scan is one task on one pool worker: libvips works on that worker's thread alone (the pool is
// the parallelism) and keeps no decoded image once a scan is answered.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The pixels of an image whose header readScanImageHeader() accepted, as RGBA: a PNG by pngjs (its
 * inflation bounded by the declared size, its CRCs checked), a JPEG by sharp's libjpeg (bounded by the
 * same pixel limit, failing on any warning such as missing data, not turned by its EXIF orientation).
 * Throws ScanImageDecodeError.
 */
export async function decodeScanImage(bytes: Uint8Array, header: ScanImageHeader): Promise<RgbaImage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let image: RgbaImage;
  try {
    image = header.type === 'png' ? PNG.sync.read(buffer, { checkCRC: true }) : await jpegPixels(buffer);
  } catch {
    // The header check walked the file's structure whole: what fails now is damage inside it.
    throw new ScanImageDecodeError('corrupt');
  }
  if (image.width !== header.width || image.height !== header.height) throw new ScanImageDecodeError('corrupt');
  return { width: image.width, height: image.height, data: image.data };
}

/** A JPEG's pixels as sRGB with an opaque alpha channel (a grey or CMYK JPEG converted). */
async function jpegPixels(buffer: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(buffer, {
    failOn: 'warning',
    limitInputPixels: SCAN_IMAGE_LIMITS.maxPixels,
    sequentialRead: true,
    autoOrient: false,
  })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new ScanImageDecodeError('corrupt');
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}
