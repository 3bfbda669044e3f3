/** A raster as a renderer or a PNG decoder gives it: `width` × `height` pixels, row-major, 4 bytes (RGBA) each. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}
