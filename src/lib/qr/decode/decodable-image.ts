import { pixelWords, type RgbaImage } from './rgba-image';

/**
 * The largest side the decoders take. The check reads codes of at most 2,048 px a side (a larger image is checked
 * as a copy at a few pixels a module), and the bound keeps each decoder's WebAssembly memory, which never shrinks,
 * small.
 */
export const MAX_DECODED_SIDE = 2048;

/** Runs at least this long are written with a native fill; shorter ones by a loop, cheaper than the call. */
const NATIVE_FILL_RUN = 16;

/** One byte of luma a pixel, row-major. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Each decoder's grey plane of one image. */
export interface DecodableGrey {
  zbar: GreyImage;
  zxing: GreyImage;
}

/**
 * The image as each decoder should see it, one grey byte a pixel: ZBar's with ZBar's weights, ZXing's with
 * zxing-wasm's, each exactly what that library computes from RGBA pixels itself. Translucent pixels are first
 * composited over white (rounded to whole channel values), because both libraries ignore alpha and would read a
 * transparent pixel by the colour hidden under it. One pass over the pixels, a run of one colour at a time, makes
 * both planes; they are written into `reuse`'s planes when those have the image's size (the planes of an earlier
 * image, no longer read).
 */
export function decodableGrey(image: RgbaImage, reuse?: DecodableGrey): DecodableGrey {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError('An image to decode needs a positive whole width and height.');
  if (width > MAX_DECODED_SIDE || height > MAX_DECODED_SIDE)
    throw new RangeError(`An image to decode is at most ${MAX_DECODED_SIDE} px a side.`);
  if (data.length !== width * height * 4) throw new RangeError('An image to decode has 4 bytes (RGBA) a pixel.');

  // One 32-bit read a pixel.
  const pixels = pixelWords(image);
  const count = width * height;
  const reusable = reuse?.zbar.data.length === count && reuse.zxing.data.length === count;
  // Memory written for the first time costs a page fault every 4 KiB, as much as the pass itself.
  const zbar = reusable ? reuse.zbar.data : new Uint8Array(count);
  const zxing = reusable ? reuse.zxing.data : new Uint8Array(count);
  // Codes are drawn in runs of one colour (a module row, the quiet zone): each run's two greys are
  // worked out once, and a long run is filled natively.
  for (let index = 0; index < count;) {
    const pixel = pixels[index];
    let end = index + 1;
    while (end < count && pixels[end] === pixel) end++;
    let zbarGrey: number;
    let zxingGrey: number;
    if (pixel >>> 24 === 255) {
      const red = pixel & 0xff;
      const green = (pixel >> 8) & 0xff;
      const blue = (pixel >> 16) & 0xff;
      zbarGrey = zbarLuma(red, green, blue);
      zxingGrey = zxingLuma(red, green, blue);
    } else {
      const greys = translucentGreys(pixel);
      zbarGrey = greys & 0xff;
      zxingGrey = greys >> 8;
    }
    if (end - index >= NATIVE_FILL_RUN) {
      zbar.fill(zbarGrey, index, end);
      zxing.fill(zxingGrey, index, end);
    } else
      for (let at = index; at < end; at++) {
        zbar[at] = zbarGrey;
        zxing[at] = zxingGrey;
      }
    index = end;
  }
  return { zbar: { width, height, data: zbar }, zxing: { width, height, data: zxing } };
}

/**
 * A translucent pixel composited over white (each channel rounded), then its two greys: ZBar's in the low byte,
 * ZXing's in the next. Apart, so that the loop over opaque pixels handles small integers only.
 */
function translucentGreys(pixel: number): number {
  const opacity = pixel >>> 24;
  const white = 255 * (255 - opacity);
  const red = Math.round(((pixel & 0xff) * opacity + white) / 255);
  const green = Math.round((((pixel >> 8) & 0xff) * opacity + white) / 255);
  const blue = Math.round((((pixel >> 16) & 0xff) * opacity + white) / 255);
  return zbarLuma(red, green, blue) | (zxingLuma(red, green, blue) << 8);
}

/** ZBar's luma (what its RGBA entry point computes): 16-bit fixed-point weights, truncated. */
export function zbarLuma(red: number, green: number, blue: number): number {
  return (19595 * red + 38469 * green + 7472 * blue) >> 16;
}

/** zxing-wasm's luma (what `readBarcodes` computes from ImageData): 10-bit fixed-point weights, rounded. */
export function zxingLuma(red: number, green: number, blue: number): number {
  return (306 * red + 601 * green + 117 * blue + 512) >> 10;
}
