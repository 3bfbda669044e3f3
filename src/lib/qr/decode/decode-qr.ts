import { decodableGrey } from './decodable-image';
import type { QrReadOptions } from './qr-reader';
import type { RgbaImage } from './rgba-image';
import { zbarQrReader } from './zbar-qr-reader';
import { zxingQrReader } from './zxing-qr-reader';

/** What each decoder read: the raw bytes of every QR symbol it found, in the order it reports them. */
export interface QrDecodings {
  zbar: Uint8Array[];
  zxing: Uint8Array[];
}

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
  const grey = decodableGrey(image);
  const zbar = await zbarQrReader.read(grey.zbar, options);
  const zxing = await zxingQrReader.read(grey.zxing, options);
  return { zbar, zxing };
}
