// Typed arrays are little-endian on every platform Node and the browsers run on: one 32-bit
// store writes a whole opaque pixel.
export const opaquePixel = (r: number, g: number, b: number): number => (r | (g << 8) | (b << 16) | (255 << 24)) >>> 0;

/** Lays a colour with `alpha` (0-255) over the pixel at `offset` ("source over"). */
export function blend(data: Uint8Array, offset: number, r: number, g: number, b: number, alpha: number): void {
  const below = data[offset + 3];
  if (alpha === 255 || below === 0) {
    data[offset] = r;
    data[offset + 1] = g;
    data[offset + 2] = b;
    data[offset + 3] = alpha;
    return;
  }
  const rest = 255 - alpha;
  if (below === 255) {
    data[offset] = ((r * alpha + data[offset] * rest + 127) / 255) | 0;
    data[offset + 1] = ((g * alpha + data[offset + 1] * rest + 127) / 255) | 0;
    data[offset + 2] = ((b * alpha + data[offset + 2] * rest + 127) / 255) | 0;
    return;
  }
  // Both partly transparent: weigh each colour by how much of it shows.
  const shown = below * rest;
  const total = alpha * 255 + shown;
  data[offset] = Math.round((r * alpha * 255 + data[offset] * shown) / total);
  data[offset + 1] = Math.round((g * alpha * 255 + data[offset + 1] * shown) / total);
  data[offset + 2] = Math.round((b * alpha * 255 + data[offset + 2] * shown) / total);
  data[offset + 3] = Math.round(total / 255);
}

/** A `#rrggbb` colour's channels. */
export function rgb(color: string): [number, number, number] {
  return [parseInt(color.slice(1, 3), 16), parseInt(color.slice(3, 5), 16), parseInt(color.slice(5, 7), 16)];
}
