/** A raster as a renderer or a PNG decoder gives it: `width` × `height` pixels, row-major, 4 bytes (RGBA) each. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The pixels as 32-bit words (little-endian: red in the low byte), copied first if not word-aligned. */
export function pixelWords({ width, height, data }: RgbaImage): Uint32Array {
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
}
