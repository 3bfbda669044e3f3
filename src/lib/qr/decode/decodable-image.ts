import { pixelWords, type RgbaImage } from './rgba-image';

/**
 * The largest side the decoders take. The check reads codes of at most 2,048 px a side (a larger image is checked
 * as a copy at a few pixels a module), and the bound keeps each decoder's WebAssembly memory, which never shrinks,
 * small.
 */
export const MAX_DECODED_SIDE = 2048;

/**
 * The image as the decoders should see it: translucent pixels composited over white. Both decoders ignore alpha
 * and would read a transparent pixel by the colour hidden under it. An opaque image is returned as it is.
 */
export function decodableImage(image: RgbaImage): RgbaImage {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError('An image to decode needs a positive whole width and height.');
  if (width > MAX_DECODED_SIDE || height > MAX_DECODED_SIDE)
    throw new RangeError(`An image to decode is at most ${MAX_DECODED_SIDE} px a side.`);
  if (data.length !== width * height * 4) throw new RangeError('An image to decode has 4 bytes (RGBA) a pixel.');

  // Opaque pixels are those whose 32-bit word has its top byte (alpha) full.
  const pixels = pixelWords(image);
  let pixel = 0;
  while (pixel < pixels.length && pixels[pixel] >>> 24 === 255) pixel++;
  if (pixel === pixels.length) return image;
  const flat = new Uint8ClampedArray(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const opacity = data[i + 3];
    const white = 255 * (255 - opacity);
    flat[i] = Math.round((data[i] * opacity + white) / 255);
    flat[i + 1] = Math.round((data[i + 1] * opacity + white) / 255);
    flat[i + 2] = Math.round((data[i + 2] * opacity + white) / 255);
    flat[i + 3] = 255;
  }
  return { width, height, data: flat };
}
