import type { GreyImage } from '../qr/decode/decodable-image';
import type { RgbaImage } from '../qr/decode';
import type { ScanPoint, ScanQuad } from './scan-symbol';

/** One sample of a code's module grid: its grey (the plane's), its colour over white, whether it was translucent. */
export interface ModuleSample {
  grey: number;
  rgb: [number, number, number];
  translucent: boolean;
  /** Where on the code, 0 to 1 across and down. */
  u: number;
  v: number;
}

/** The point at (u, v) of a quadrilateral, 0 to 1 across and down (bilinear between the corners). */
export function quadPoint([tl, tr, br, bl]: ScanQuad, u: number, v: number): ScanPoint {
  return {
    x: (1 - u) * (1 - v) * tl.x + u * (1 - v) * tr.x + u * v * br.x + (1 - u) * v * bl.x,
    y: (1 - u) * (1 - v) * tl.y + u * (1 - v) * tr.y + u * v * br.y + (1 - u) * v * bl.y,
  };
}

/** The plane's grey at a point, or undefined outside it. */
export function greyAt(plane: GreyImage, { x, y }: ScanPoint): number | undefined {
  const px = Math.floor(x);
  const py = Math.floor(y);
  if (px < 0 || py < 0 || px >= plane.width || py >= plane.height) return undefined;
  return plane.data[py * plane.width + px];
}

/**
 * The centre of each of `modules` × `modules` cells of the code's quadrilateral (in plane pixels),
 * its grey from `plane` and its colour from `image` (whose pixels are `scale` times smaller).
 */
export function moduleSamples(
  plane: GreyImage,
  image: RgbaImage,
  scale: number,
  quad: ScanQuad,
  modules: number,
): ModuleSample[] {
  const samples: ModuleSample[] = [];
  for (let row = 0; row < modules; row++)
    for (let column = 0; column < modules; column++) {
      const u = (column + 0.5) / modules;
      const v = (row + 0.5) / modules;
      const point = quadPoint(quad, u, v);
      const grey = greyAt(plane, point);
      if (grey === undefined) continue;
      const x = Math.min(image.width - 1, Math.floor(point.x * scale));
      const y = Math.min(image.height - 1, Math.floor(point.y * scale));
      const at = (y * image.width + x) * 4;
      const alpha = image.data[at + 3];
      const over = (channel: number) => Math.round((channel * alpha + 255 * (255 - alpha)) / 255);
      samples.push({
        grey,
        rgb: [over(image.data[at]), over(image.data[at + 1]), over(image.data[at + 2])],
        translucent: alpha < 255,
        u,
        v,
      });
    }
  return samples;
}

/** The value at `share` (0 to 1) of sorted numbers. */
export function quantile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(share * (sorted.length - 1))))];
}

/** Each channel's median over samples, as `#rrggbb`. */
export function medianColour(samples: readonly ModuleSample[]): `#${string}` {
  const channel = (index: number) =>
    quantile(
      samples.map((sample) => sample.rgb[index]).sort((a, b) => a - b),
      0.5,
    );
  return `#${[0, 1, 2].map((index) => channel(index).toString(16).padStart(2, '0')).join('')}`;
}
