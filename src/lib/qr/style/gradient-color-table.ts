import type { SceneGradient } from '../qr-scene';
import { opaquePixel, rgb } from './raster-pixel';
import { paddedStops } from './style-gradient';

/**
 * A gradient's colours at evenly spaced offsets from 0 to 1 (opaque pixels as signed words), and
 * the spans of equal colours along them: steps `first[k]` to `last[k]` all have step `k`'s colour
 * (a light gradient between two near whites has a few dozen spans in a thousand steps).
 */
export interface GradientColorTable {
  colors: Int32Array;
  first: Uint16Array;
  last: Uint16Array;
  /** How many spans of equal colour there are. */
  spans: number;
}

/** Each gradient's table, made once for all the pictures drawn of it. */
const tables = new WeakMap<SceneGradient, GradientColorTable>();

/** The gradient's table of `steps` colours (at most 65,536). */
export function gradientColorTable(gradient: SceneGradient, steps: number): GradientColorTable {
  let table = tables.get(gradient);
  if (table?.colors.length !== steps) tables.set(gradient, (table = spansOf(colorSteps(gradient, steps))));
  return table;
}

/** The gradient's colour at each of `steps` offsets from 0 to 1, each blended in sRGB and rounded. */
function colorSteps(gradient: SceneGradient, steps: number): Int32Array {
  const stops = paddedStops(gradient.stops).map(({ offset, color }) => ({ offset, channels: rgb(color) }));
  const colors = new Int32Array(steps);
  let segment = 0;
  for (let step = 0; step < steps; step++) {
    const t = step / (steps - 1);
    while (segment < stops.length - 2 && stops[segment + 1].offset <= t) segment++;
    const from = stops[segment];
    const to = stops[segment + 1];
    const length = to.offset - from.offset;
    const share = length <= 0 ? 1 : Math.min(1, Math.max(0, (t - from.offset) / length));
    const [r, g, b] = from.channels.map((value, channel) => Math.round(value + (to.channels[channel] - value) * share));
    colors[step] = opaquePixel(r, g, b) | 0;
  }
  return colors;
}

function spansOf(colors: Int32Array): GradientColorTable {
  const first = new Uint16Array(colors.length);
  const last = new Uint16Array(colors.length);
  let spans = 0;
  for (let start = 0; start < colors.length; spans++) {
    let end = start + 1;
    while (end < colors.length && colors[end] === colors[start]) end++;
    first.fill(start, start, end);
    last.fill(end - 1, start, end);
    start = end;
  }
  return { colors, first, last, spans };
}
