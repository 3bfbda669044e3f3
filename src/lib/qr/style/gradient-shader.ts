import type { SceneGradient } from '../qr-scene';
import { gradientColorTable, type GradientColorTable } from './gradient-color-table';
import { GRADIENT_STEPS, LAST_STEP as LAST, LinearSteps, RadialSteps, type RowSteps } from './gradient-steps';

/**
 * The opaque colours (32-bit RGBA words, signed: an opaque word is then a small integer to V8, never
 * a boxed number) a gradient gives the pixels of a picture: `at` one pixel by its index, `run` the
 * pixels `from` to `to` (exclusive) of one row, written into `pixels`.
 */
export interface PixelShader {
  at(pixel: number): number;
  run(pixels: Int32Array | Uint32Array, from: number, to: number): void;
  /** An earlier row (0 to `y` - 1) whose pixels are the colours of row `y`'s, each its same column; else -1. */
  rowTwin(y: number): number;
}

/**
 * Runs at least this long are written one colour span at a time (see `linearSpans`); shorter ones,
 * such as a module's row of pixels, pixel by pixel.
 */
const SPAN_RUN = 32;
/** Spans are worth finding when a colour covers at least this many pixels of a row, on average. */
const SPAN_PIXELS = 4;

/**
 * A gradient's colour at each pixel of a picture `width` pixels wide drawn at `scale` pixels a module,
 * whose first row is row `top` of the whole: the colour at the pixel's centre, the gradient's offset
 * there rounded to one of 1,024 steps, each blended in sRGB between the two stops around it and
 * rounded to 8 bits. Pure arithmetic: the same picture in every band, on every run, whichever of
 * `at` and `run` draws a pixel.
 */
export function gradientShader(gradient: SceneGradient, scale: number, width: number, top: number): PixelShader {
  const table = gradientColorTable(gradient, GRADIENT_STEPS);
  return gradient.kind === 'radial'
    ? radialShader(gradient, scale, width, top, table)
    : linearShader(gradient, scale, width, top, table);
}

/** Writes `color` into pixels `from` to `to`: a loop for a few, the native fill (a call's overhead) for more. */
function fillSpan(pixels: Int32Array | Uint32Array, color: number, from: number, to: number): void {
  if (to - from > 24) pixels.fill(color, from, to);
  else for (let pixel = from; pixel < to; pixel++) pixels[pixel] = color;
}

function linearShader(
  gradient: Extract<SceneGradient, { kind: 'linear' }>,
  scale: number,
  width: number,
  top: number,
  table: GradientColorTable,
): PixelShader {
  const dx = (gradient.x2 - gradient.x1) * scale;
  const dy = (gradient.y2 - gradient.y1) * scale;
  const squared = dx * dx + dy * dy;
  const ux = squared === 0 ? 0 : dx / squared;
  const uy = squared === 0 ? 0 : dy / squared;
  const steps = new LinearSteps(width, gradient.x1 * scale - 0.5, ux, gradient.y1 * scale - 0.5 - top, uy);
  const { colors } = table;
  // Across a row, offsets 0 to 1 take 1 / |ux| pixels.
  const spans = ux === 0 || 1 / Math.abs(ux) >= SPAN_PIXELS * table.spans;
  return {
    at: (pixel) => colors[steps.step(pixel - steps.enter(pixel))],
    run: (pixels, from, to) => {
      const x = from - steps.enter(from);
      if (spans && to - from >= SPAN_RUN) return linearSpans(pixels, from, to - from, x, steps, table);
      for (let pixel = from, column = x; pixel < to; pixel++, column++) pixels[pixel] = colors[steps.step(column)];
    },
    // Across the rows (no vertical step), every row is the first one's.
    rowTwin: (y) => (uy === 0 && y > 0 ? 0 : -1),
  };
}

/**
 * A linear run one colour span at a time: the offset is monotonic along a row, so from a column at
 * table step `k`, the colour holds until the offset leaves the steps of `k`'s colour. The column
 * where it does is worked out from the offset's inverse, then checked (and moved) with the exact
 * arithmetic of `at`, so every pixel gets the colour `at` gives it.
 */
function linearSpans(
  pixels: Int32Array | Uint32Array,
  from: number,
  length: number,
  x: number,
  steps: LinearSteps,
  { colors, first, last }: GradientColorTable,
): void {
  const end = x + length;
  const rising = steps.ux > 0;
  for (let column = x; column < end;) {
    const step = steps.step(column);
    // A rising offset leaves the colour's steps past `last`, a falling one before `first`.
    const bound = rising ? last[step] : first[step];
    let next = end;
    if (steps.ux !== 0 && bound !== (rising ? LAST : 0)) {
      const estimate = steps.columnAt((rising ? bound + 0.5 : bound - 0.5) / LAST);
      next = spanEnd(column, end, estimate, steps, bound, rising);
    }
    fillSpan(pixels, colors[step], from + column - x, from + next - x);
    column = next;
  }
}

/**
 * The first column after `column` and before `end` whose step is past `bound` (above it when the
 * steps rise, below when they fall; then every column after it up to `end` is), else `end`: from
 * `estimate`, moved a column at a time until exact.
 */
function spanEnd(column: number, end: number, estimate: number, steps: RowSteps, bound: number, rising: boolean) {
  let next = Number.isFinite(estimate) ? Math.min(end, Math.max(column + 1, Math.ceil(estimate))) : column + 1;
  while (next > column + 1 && isPast(steps.step(next - 1), bound, rising)) next--;
  while (next < end && !isPast(steps.step(next), bound, rising)) next++;
  return next;
}

const isPast = (step: number, bound: number, rising: boolean): boolean => (rising ? step > bound : step < bound);

function radialShader(
  gradient: Extract<SceneGradient, { kind: 'radial' }>,
  scale: number,
  width: number,
  top: number,
  table: GradientColorTable,
): PixelShader {
  const cx = gradient.cx * scale - 0.5;
  const cy = gradient.cy * scale - 0.5 - top;
  const steps = new RadialSteps(width, cx, cy, gradient.r * scale);
  const { colors } = table;
  const spans = steps.reach >= SPAN_PIXELS * table.spans;
  return {
    at: (pixel) => colors[steps.step(pixel - steps.enter(pixel))],
    run: (pixels, from, to) => {
      const x = from - steps.enter(from);
      if (spans && to - from >= SPAN_RUN) radialSpans(pixels, from, to - from, x, steps, table);
      else mirroredRun(pixels, from, to - from, x, steps, colors);
    },
    // Mirrored about the centre: a row as far from it as another has its colours.
    rowTwin: (y) => {
      const twin = Math.round(2 * cy - y);
      return twin >= 0 && twin < y && steps.shareOf(twin) === steps.shareOf(y) ? twin : -1;
    },
  };
}

/** A radial run pixel by pixel, a column mirrored about the centre at exactly the same distance copied. */
function mirroredRun(
  pixels: Int32Array | Uint32Array,
  from: number,
  length: number,
  x: number,
  steps: RadialSteps,
  colors: Int32Array,
): void {
  const { cx } = steps;
  const mirror = Math.round(2 * cx);
  for (let pixel = from, column = x; pixel < from + length; pixel++, column++) {
    const twin = mirror - column;
    // The column mirrored left of the centre, drawn already in this run, at exactly this distance.
    if (twin < column && twin >= x && (twin - cx) * (twin - cx) === (column - cx) * (column - cx))
      pixels[pixel] = pixels[pixel - column + twin];
    else pixels[pixel] = colors[steps.step(column)];
  }
}

/**
 * A radial run one colour span at a time, as `linearSpans`: the offset falls towards the centre's
 * column and rises after it, so each side is monotonic; a span's end comes from the distance's
 * inverse, checked (and moved) with the exact arithmetic of `at`. Past the centre, the columns whose
 * mirror image was drawn in this run at exactly the same distance are copied from it.
 */
function radialSpans(
  pixels: Int32Array | Uint32Array,
  from: number,
  length: number,
  x: number,
  steps: RadialSteps,
  table: GradientColorTable,
): void {
  const end = x + length;
  // Columns before `centre` are left of the centre, where the distance falls as the column grows.
  const centre = Math.max(x, Math.min(end, Math.ceil(steps.cx)));
  radialSide(pixels, from - x, x, centre, false, steps, table);
  let column = centre;
  const mirror = 2 * steps.cx;
  // A whole `mirror` (the centre on a pixel's centre or edge) makes every mirrored distance exact.
  if (Number.isInteger(mirror)) {
    const offset = from - x;
    // The centre's own column, when it is one, is its own mirror image.
    if (column === mirror - column && column < end) pixels[offset + column] = table.colors[steps.step(column++)];
    const mirrored = Math.min(end, mirror - x + 1);
    for (; column < mirrored; column++) pixels[offset + column] = pixels[offset + mirror - column];
  }
  radialSide(pixels, from - x, column, end, true, steps, table);
}

/** Columns `x` to `end` of one side of the centre, the distance `rising` (right of it) or falling. */
function radialSide(
  pixels: Int32Array | Uint32Array,
  offset: number,
  x: number,
  end: number,
  rising: boolean,
  steps: RadialSteps,
  { colors, first, last }: GradientColorTable,
): void {
  for (let column = x; column < end;) {
    const step = steps.step(column);
    const bound = rising ? last[step] : first[step];
    let next = end;
    if (bound !== (rising ? LAST : 0)) {
      const across = steps.acrossAt((rising ? bound + 0.5 : bound - 0.5) / LAST);
      next = spanEnd(column, end, rising ? steps.cx + across : steps.cx - across, steps, bound, rising);
    }
    fillSpan(pixels, colors[step], offset + column, offset + next);
    column = next;
  }
}
