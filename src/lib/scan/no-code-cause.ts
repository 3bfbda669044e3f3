import type { GreyImage } from '../qr/decode/decodable-image';
import { quantile } from './code-samples';
import { quadSide } from './merge-readings';
import type { ScanQuad, UnreadSymbol } from './scan-symbol';

/** Why an image may hold no readable code, likeliest first. */
export type NoCodeCause = 'too_small' | 'blurred' | 'cut_off' | 'too_dark' | 'low_contrast' | 'no_code';

/** What the no-code answer says: the likely causes, and where a code was seen but not read (image pixels). */
export interface NoCodeFinding {
  causes: NoCodeCause[];
  seen: ScanQuad[];
}

/** Plane pixels a module under which a seen code is too small (21 modules a side at least). */
const SMALL_MODULE = 2;

/**
 * The likely causes of an image with no readable code, from its grey plane and the codes ZXing saw
 * but could not decode: a code seen with modules under 2 px is too small, one touching the image's
 * edge is cut off; an image with nothing light is too dark, one of little spread lacks contrast,
 * one whose steepest edges span several pixels is blurred. `no_code` when none of these holds.
 */
export function noCodeFinding(plane: GreyImage, unread: readonly UnreadSymbol[], scale: number): NoCodeFinding {
  const causes: NoCodeCause[] = [];
  const quads = unread.map((symbol) => symbol.position);
  if (quads.some((quad) => quadSide(quad) / 21 < SMALL_MODULE) || Math.min(plane.width, plane.height) * scale < 60)
    causes.push('too_small');
  const stats = greyStats(plane);
  if (stats.high < 100) causes.push('too_dark');
  else if (stats.high - stats.low < 60) causes.push('low_contrast');
  else if (stats.sharpness < 0.3) causes.push('blurred');
  if (quads.some((quad) => touchesEdge(plane, quad)) || darkEdges(plane, stats)) causes.push('cut_off');
  if (causes.length === 0) causes.push('no_code');
  const seen = quads.map((quad) => quad.map(({ x, y }) => ({ x: x * scale, y: y * scale })) as ScanQuad);
  return { causes, seen };
}

interface GreyStats {
  low: number;
  high: number;
  /** The steepest step between neighbours (99th percentile) over the spread: near 1 sharp, small blurred. */
  sharpness: number;
}

/** Percentiles of a sample of the plane's pixels, and of its horizontal steps. */
function greyStats(plane: GreyImage): GreyStats {
  const { width, height, data } = plane;
  const stride = Math.max(1, Math.floor((width * height) / 250_000));
  const greys: number[] = [];
  const steps: number[] = [];
  for (let at = 0; at < data.length - 1; at += stride) {
    greys.push(data[at]);
    if ((at + 1) % width !== 0) steps.push(Math.abs(data[at + 1] - data[at]));
  }
  greys.sort((a, b) => a - b);
  steps.sort((a, b) => a - b);
  const low = quantile(greys, 0.05);
  const high = quantile(greys, 0.95);
  const spread = Math.max(1, high - low);
  return { low, high, sharpness: quantile(steps, 0.995) / spread };
}

function touchesEdge(plane: GreyImage, quad: ScanQuad): boolean {
  const margin = 2;
  return quad.some(
    ({ x, y }) => x < margin || y < margin || x > plane.width - 1 - margin || y > plane.height - 1 - margin,
  );
}

/** Whether dark pixels run along an image edge for over a third of it (a code running off the picture). */
function darkEdges(plane: GreyImage, stats: GreyStats): boolean {
  const { width, height, data } = plane;
  const threshold = (stats.low + stats.high) / 2;
  const share = (count: number, at: (index: number) => number) => {
    let dark = 0;
    for (let index = 0; index < count; index++) if (data[at(index)] < threshold) dark++;
    return dark / count;
  };
  const edges = [
    share(width, (x) => x),
    share(width, (x) => (height - 1) * width + x),
    share(height, (y) => y * width),
    share(height, (y) => y * width + width - 1),
  ];
  return edges.some((dark) => dark > 1 / 3 && dark < 0.95);
}
