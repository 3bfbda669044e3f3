import { decodableGrey, type DecodableGrey } from './decodable-image';
import type { QrReadOptions } from './qr-reader';
import type { RgbaImage } from './rgba-image';
import { zbarQrReader } from './zbar-qr-reader';
import { zxingQrReader } from './zxing-qr-reader';

/** What each decoder read: the raw bytes of every QR symbol it found, in the order it reports them. */
export interface QrDecodings {
  zbar: Uint8Array[];
  zxing: Uint8Array[];
}

/**
 * The planes of the last image read on this thread, lent to the next one of the same size (an image
 * being read holds its own, so images read at once on one thread never share planes). Kept only up
 * to a million pixels, what a styled code at 8 pixels a module reaches.
 */
let spare: DecodableGrey | undefined;
const SPARE_PIXELS = 1 << 20;

/** Loads both decoders (once per thread), so that the first image does not pay for compiling them. */
export async function prepareQrDecoders(): Promise<void> {
  await Promise.all([zbarQrReader.prepare(), zxingQrReader.prepare()]);
}

/**
 * Every QR symbol in `image` as read by two independent decoders, ZBar and ZXing (zxing-cpp), both WebAssembly
 * loaded from their installed packages. Translucent pixels are read as composited over white. Throws a RangeError
 * for an image that is not `width · height` RGBA pixels of at most `MAX_DECODED_SIDE` a side.
 */
export async function decodeQr(image: RgbaImage, options: QrReadOptions = {}): Promise<QrDecodings> {
  const lent = spare;
  spare = undefined;
  const grey = decodableGrey(image, lent);
  try {
    const zbar = await zbarQrReader.read(grey.zbar, options);
    const zxing = await zxingQrReader.read(grey.zxing, options);
    return { zbar, zxing };
  } finally {
    if (grey.zbar.data.length <= SPARE_PIXELS) spare = grey;
  }
}
