import type { SceneGradient } from '../qr-scene';
import { opaquePixel, rgb } from './raster-pixel';
import { paddedStops } from './style-gradient';

/**
 * The opaque colours (32-bit RGBA words, signed: an opaque word is then a small integer to V8, never
 * a boxed number) a gradient gives the pixels of a picture: `at` one pixel by its index, `run` the
 * pixels `from` to `to` (exclusive) of one row, written into `pixels`, with one step per pixel.
 */
export interface PixelShader {
  at(pixel: number): number;
  run(pixels: Int32Array | Uint32Array, from: number, to: number): void;
  /** An earlier row (0 to `y` - 1) whose pixels are the colours of row `y`'s, each its same column; else -1. */
  rowTwin(y: number): number;
}

/** Colours a gradient is looked up in, from offset 0 to offset 1: finer than any 8-bit step of a code's size. */
const STEPS = 1024;
const LAST = STEPS - 1;

/**
 * A gradient's colour at each pixel of a picture `width` pixels wide drawn at `scale` pixels a module,
 * whose first row is row `top` of the whole: the colour at the pixel's centre, the gradient's offset
 * there rounded to one of 1,024 steps, each blended in sRGB between the two stops around it and
 * rounded to 8 bits. Pure arithmetic: the same picture in every band, on every run.
 */
export function gradientShader(gradient: SceneGradient, scale: number, width: number, top: number): PixelShader {
  const table = colorTable(gradient);
  const rows = gradient.kind === 'radial' ? radialRows(gradient, scale, top) : linearRows(gradient, scale, top);
  return {
    at: (pixel) => {
      const x = pixel % width;
      return table[tableIndex(rows.offset(x, rows.row((pixel - x) / width)))];
    },
    // A whole run at once, in the gradient's own loop: the same offsets as `at`, with no call a pixel.
    run: (pixels, from, to) => {
      const y = Math.floor(from / width);
      rows.run(pixels, from, to, from - y * width, rows.row(y), table);
    },
    rowTwin: (y) => {
      const twin = rows.twin(y);
      return twin >= 0 && twin < y && rows.row(twin) === rows.row(y) ? twin : -1;
    },
  };
}

/** A gradient's offset at a pixel's centre: what a row shares (`row(y)`), then each pixel of it. */
interface OffsetRows {
  row(y: number): number;
  offset(x: number, row: number): number;
  /** Pixels `from` to `to` of one row, the first at column `x`, coloured from `table`. */
  run(pixels: Int32Array | Uint32Array, from: number, to: number, x: number, row: number, table: Int32Array): void;
  /** The row that may share row `y`'s offsets (checked by `row`), or -1. */
  twin(y: number): number;
}

function tableIndex(t: number): number {
  return t <= 0 ? 0 : t >= 1 ? LAST : Math.round(t * LAST);
}

/** A linear gradient's offsets: the row's share `(y - y0)·uy`, then `(x - x0)·ux` added for each pixel. */
function linearRows(gradient: Extract<SceneGradient, { kind: 'linear' }>, scale: number, top: number): OffsetRows {
  const dx = (gradient.x2 - gradient.x1) * scale;
  const dy = (gradient.y2 - gradient.y1) * scale;
  const squared = dx * dx + dy * dy;
  const ux = squared === 0 ? 0 : dx / squared;
  const uy = squared === 0 ? 0 : dy / squared;
  const x0 = gradient.x1 * scale - 0.5;
  const y0 = gradient.y1 * scale - 0.5 - top;
  return {
    row: (y) => (y - y0) * uy,
    offset: (x, row) => (x - x0) * ux + row,
    // Across the rows (no vertical step), every row is the first one's.
    twin: () => (uy === 0 ? 0 : -1),
    run: (pixels, from, to, x, row, table) => {
      for (let pixel = from, column = x; pixel < to; pixel++, column++) {
        const t = (column - x0) * ux + row;
        pixels[pixel] = table[t <= 0 ? 0 : t >= 1 ? LAST : Math.round(t * LAST)];
      }
    },
  };
}

/** A radial gradient's offsets: the row's squared distance from the centre, then the distance over the radius. */
function radialRows(gradient: Extract<SceneGradient, { kind: 'radial' }>, scale: number, top: number): OffsetRows {
  const cx = gradient.cx * scale - 0.5;
  const cy = gradient.cy * scale - 0.5 - top;
  const reach = gradient.r * scale;
  return {
    row: (y) => (y - cy) * (y - cy),
    offset: (x, row) => Math.sqrt((x - cx) * (x - cx) + row) / reach,
    // Mirrored about the centre: a row (a column) as far from it as another has its colours.
    twin: (y) => Math.round(2 * cy - y),
    run: (pixels, from, to, x, row, table) => {
      const mirror = Math.round(2 * cx);
      for (let pixel = from, column = x; pixel < to; pixel++, column++) {
        const twin = mirror - column;
        const across = (column - cx) * (column - cx);
        // The column mirrored left of the centre, drawn already in this run, at exactly this distance.
        if (twin < column && twin >= x && (twin - cx) * (twin - cx) === across) {
          pixels[pixel] = pixels[pixel - column + twin];
          continue;
        }
        const t = Math.sqrt(across + row) / reach;
        pixels[pixel] = table[t <= 0 ? 0 : t >= 1 ? LAST : Math.round(t * LAST)];
      }
    },
  };
}

/** Each gradient's colour table, made once for all the pictures drawn of it. */
const tables = new WeakMap<SceneGradient, Int32Array>();

function colorTable(gradient: SceneGradient): Int32Array {
  let table = tables.get(gradient);
  if (!table) tables.set(gradient, (table = newColorTable(gradient)));
  return table;
}

/** The gradient's colours at each of STEPS offsets from 0 to 1, as opaque pixels (signed words). */
function newColorTable(gradient: SceneGradient): Int32Array {
  const stops = paddedStops(gradient.stops).map(({ offset, color }) => ({ offset, channels: rgb(color) }));
  const table = new Int32Array(STEPS);
  let segment = 0;
  for (let step = 0; step < STEPS; step++) {
    const t = step / (STEPS - 1);
    while (segment < stops.length - 2 && stops[segment + 1].offset <= t) segment++;
    const from = stops[segment];
    const to = stops[segment + 1];
    const length = to.offset - from.offset;
    const share = length <= 0 ? 1 : Math.min(1, Math.max(0, (t - from.offset) / length));
    const [r, g, b] = from.channels.map((value, channel) => Math.round(value + (to.channels[channel] - value) * share));
    table[step] = opaquePixel(r, g, b) | 0;
  }
  return table;
}
