/** A raster as a renderer or a PNG decoder gives it: `width` × `height` pixels, row-major, 4 bytes (RGBA) each. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/**
 * The pixels as signed 32-bit words (little-endian: red in the low byte, alpha in the high one), copied first if not
 * word-aligned. Signed, because an opaque pixel's word is above 2^31, which V8 keeps in a small integer only as a
 * negative number.
 */
export function pixelWords({ width, height, data }: RgbaImage): Int32Array {
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  return new Int32Array(aligned.buffer, aligned.byteOffset, width * height);
}
