import type { SceneGradient } from '../qr/qr-scene';
import { paddedStops } from '../qr/style/style-gradient';
import { formatNumber } from './scene-path-operators';

/** A colour's three channels, 0 to 1, rounded to 4 places (as print-color writes colours). */
function channels(color: string): number[] {
  return [1, 3, 5].map((at) => Math.round((parseInt(color.slice(at, at + 2), 16) / 255) * 10000) / 10000);
}

/**
 * A gradient as the parts of a PDF or PostScript shading dictionary (ShadingType 2 axial or 3
 * radial, DeviceRGB, extended at both ends): its coordinates in scene units, and its colour
 * function over 0 to 1 (type 2, linear in sRGB between two stops; type 3 stitching one per pair
 * of stops when there are more), its stops padded out to 0 and 1 as every format pads them.
 */
export interface ShadingParts {
  shadingType: 2 | 3;
  coords: number[];
  functions: Array<{ c0: number[]; c1: number[] }>;
  /** The offsets between the functions (type 3); empty with one function. */
  bounds: number[];
}

export function shadingParts(gradient: SceneGradient): ShadingParts {
  const stops = paddedStops(gradient.stops);
  const functions = stops
    .slice(1)
    .map((stop, index) => ({ c0: channels(stops[index].color), c1: channels(stop.color) }));
  const bounds = stops.slice(1, -1).map((stop) => stop.offset);
  if (gradient.kind === 'radial') {
    const { cx, cy, r } = gradient;
    return { shadingType: 3, coords: [cx, cy, 0, cx, cy, r], functions, bounds };
  }
  const { x1, y1, x2, y2 } = gradient;
  return { shadingType: 2, coords: [x1, y1, x2, y2], functions, bounds };
}

/** The shading dictionary as PostScript text (for `shfill`). */
export function psShading(gradient: SceneGradient): string {
  const { shadingType, coords, functions, bounds } = shadingParts(gradient);
  const list = (numbers: number[]): string => `[${numbers.map(formatNumber).join(' ')}]`;
  const exponential = functions.map(
    ({ c0, c1 }) => `<< /FunctionType 2 /Domain [0 1] /C0 ${list(c0)} /C1 ${list(c1)} /N 1 >>`,
  );
  const fn =
    exponential.length === 1
      ? exponential[0]
      : `<< /FunctionType 3 /Domain [0 1] /Functions [${exponential.join(' ')}] /Bounds ${list(bounds)}` +
        ` /Encode ${list(functions.flatMap(() => [0, 1]))} >>`;
  return (
    `<< /ShadingType ${shadingType} /ColorSpace /DeviceRGB /Coords ${list(coords)}` +
    ` /Extend [true true] /Function ${fn} >>`
  );
}
