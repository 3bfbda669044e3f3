import { decodableGrey, MAX_DECODED_SIDE, zxingLuma, type GreyImage } from '../qr/decode/decodable-image';
import type { RgbaImage } from '../qr/decode';

/** An image as the decoders read it: each decoder's grey plane, and how many image pixels a plane pixel spans. */
export interface ScanPlanes {
  zbar: GreyImage;
  zxing: GreyImage;
  /** 1 for an image of at most MAX_DECODED_SIDE a side; else the whole factor it was shrunk by. */
  scale: number;
}

/**
 * The planes the decoders read: exactly what each library computes from the pixels (decodableGrey)
 * when the image is at most MAX_DECODED_SIDE a side; a larger photo is first shrunk by a whole
 * factor, each plane pixel the average of the image pixels it covers (composited over white), and
 * both decoders read that one plane.
 */
export function scanPlanes(image: RgbaImage): ScanPlanes {
  const side = Math.max(image.width, image.height);
  if (side <= MAX_DECODED_SIDE) return { ...decodableGrey(image), scale: 1 };
  const scale = Math.ceil(side / MAX_DECODED_SIDE);
  const plane = shrunkGrey(image, scale);
  return { zbar: plane, zxing: plane, scale };
}

/** The image's luma (zxing-wasm's weights, over white), each pixel the average of a `scale` × `scale` block. */
function shrunkGrey({ width, height, data }: RgbaImage, scale: number): GreyImage {
  const outWidth = Math.ceil(width / scale);
  const outHeight = Math.ceil(height / scale);
  const sums = new Uint32Array(outWidth);
  const counts = new Uint32Array(outWidth);
  const out = new Uint8Array(outWidth * outHeight);
  for (let row = 0; row < outHeight; row++) {
    sums.fill(0);
    counts.fill(0);
    const last = Math.min(height, (row + 1) * scale);
    for (let y = row * scale; y < last; y++) {
      let offset = y * width * 4;
      for (let x = 0; x < width; x++, offset += 4) {
        const alpha = data[offset + 3];
        const luma = zxingLuma(data[offset], data[offset + 1], data[offset + 2]);
        const column = (x / scale) | 0;
        sums[column] += alpha === 255 ? luma : Math.round((luma * alpha + 255 * (255 - alpha)) / 255);
        counts[column]++;
      }
    }
    for (let column = 0; column < outWidth; column++)
      out[row * outWidth + column] = Math.round(sums[column] / counts[column]);
  }
  return { width: outWidth, height: outHeight, data: out };
}
