import { decodeQr } from './decode-qr';
import type { QrReadOptions } from './qr-reader';
import type { RgbaImage } from './rgba-image';

/** Whether each decoder read the image back to exactly the expected bytes. */
export interface CodeCheck {
  zbar: boolean;
  zxing: boolean;
}

/**
 * Reads `image` with both decoders: each passes when it finds exactly one QR symbol and that symbol's bytes are
 * `expected` (for a code, the UTF-8 bytes of its payload). An image with a second code in it passes neither: which
 * one a phone would read is chance.
 */
export async function checkCode(image: RgbaImage, expected: Uint8Array, options?: QrReadOptions): Promise<CodeCheck> {
  const found = await decodeQr(image, options);
  const readsExpected = (symbols: Uint8Array[]): boolean =>
    symbols.length === 1 && Buffer.compare(symbols[0], expected) === 0;
  return { zbar: readsExpected(found.zbar), zxing: readsExpected(found.zxing) };
}
