import type { SceneGradient } from '../qr-scene';
import { opaquePixel, rgb } from './raster-pixel';
import { paddedStops } from './style-gradient';

/** The opaque colour (one 32-bit RGBA word) a gradient gives the pixel at an index of a picture. */
export type PixelShader = (pixel: number) => number;

/** Colours a gradient is looked up in, from offset 0 to offset 1: finer than any 8-bit step of a code's size. */
const STEPS = 1024;

/**
 * A gradient's colour at each pixel of a picture `width` pixels wide drawn at `scale` pixels a module,
 * whose first row is row `top` of the whole: the colour at the pixel's centre, the gradient's offset
 * there rounded to one of 1,024 steps, each blended in sRGB between the two stops around it and
 * rounded to 8 bits. Pure arithmetic: the same picture in every band, on every run.
 */
export function gradientShader(gradient: SceneGradient, scale: number, width: number, top: number): PixelShader {
  const table = colorTable(gradient);
  const last = STEPS - 1;
  const index = (t: number): number => (t <= 0 ? 0 : t >= 1 ? last : Math.round(t * last));
  if (gradient.kind === 'radial') {
    const cx = gradient.cx * scale - 0.5;
    const cy = gradient.cy * scale - 0.5 - top;
    const reach = gradient.r * scale;
    return (pixel) => {
      const x = pixel % width;
      const y = (pixel - x) / width;
      return table[index(Math.hypot(x - cx, y - cy) / reach)];
    };
  }
  const dx = (gradient.x2 - gradient.x1) * scale;
  const dy = (gradient.y2 - gradient.y1) * scale;
  const squared = dx * dx + dy * dy;
  const [ux, uy] = squared === 0 ? [0, 0] : [dx / squared, dy / squared];
  const x0 = gradient.x1 * scale - 0.5;
  const y0 = gradient.y1 * scale - 0.5 - top;
  return (pixel) => {
    const x = pixel % width;
    const y = (pixel - x) / width;
    return table[index((x - x0) * ux + (y - y0) * uy)];
  };
}

/** The gradient's colours at each of STEPS offsets from 0 to 1, as opaque pixels. */
function colorTable(gradient: SceneGradient): Uint32Array {
  const stops = paddedStops(gradient.stops).map(({ offset, color }) => ({ offset, channels: rgb(color) }));
  const table = new Uint32Array(STEPS);
  let segment = 0;
  for (let step = 0; step < STEPS; step++) {
    const t = step / (STEPS - 1);
    while (segment < stops.length - 2 && stops[segment + 1].offset <= t) segment++;
    const from = stops[segment];
    const to = stops[segment + 1];
    const length = to.offset - from.offset;
    const share = length <= 0 ? 1 : Math.min(1, Math.max(0, (t - from.offset) / length));
    const [r, g, b] = from.channels.map((value, channel) => Math.round(value + (to.channels[channel] - value) * share));
    table[step] = opaquePixel(r, g, b);
  }
  return table;
}
