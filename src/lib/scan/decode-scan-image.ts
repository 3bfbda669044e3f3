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
 * The pixels of an image whose header readScanImageHeader() accepted, as RGBA, decoded by sharp (libvips'
 * libpng, libjpeg and libwebp): bounded by the header's pixel limit, failing on any warning (a PNG chunk's CRC,
 * data missing or left over, a damaged JPEG scan or WebP bitstream), 8 bits a channel, turned as its EXIF
 * orientation says (as a viewer shows it: a phone's portrait photo stored sideways stands up, its width and
 * height swapped for orientations 5 to 8). Throws ScanImageDecodeError.
 */
export async function decodeScanImage(bytes: Uint8Array, header: ScanImageHeader): Promise<RgbaImage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let image: RgbaImage;
  try {
    image = await rgbaPixels(buffer);
  } catch {
    // The header check walked the file's structure whole: what fails now is damage inside it.
    throw new ScanImageDecodeError('corrupt');
  }
  const asStored = image.width === header.width && image.height === header.height;
  const turned = image.width === header.height && image.height === header.width;
  if (!asStored && !turned) throw new ScanImageDecodeError('corrupt');
  return { width: image.width, height: image.height, data: image.data };
}

/** An image's pixels as sRGB with an alpha channel (grey, CMYK and 16-bit images converted). */
async function rgbaPixels(buffer: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(buffer, {
    failOn: 'warning',
    limitInputPixels: SCAN_IMAGE_LIMITS.maxPixels,
    sequentialRead: true,
    autoOrient: true,
  })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new ScanImageDecodeError('corrupt');
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}
