/** Colours a gradient is looked up in, from offset 0 to offset 1: finer than any 8-bit step of a code's size. */
export const GRADIENT_STEPS = 1024;
export const LAST_STEP = GRADIENT_STEPS - 1;

/** The table index of offset `t`: clamped to the ends, else the nearest step. */
function stepOf(t: number): number {
  return t <= 0 ? 0 : t >= 1 ? LAST_STEP : Math.round(t * LAST_STEP);
}

/**
 * A gradient's table step at each column of a picture's rows: `enter` moves to the row holding a
 * pixel (a division only when the row changes: `at` and `run` are called pixel after pixel along a
 * row) and returns its first pixel; `step` is then the step at a column of that row.
 */
export abstract class RowSteps {
  private start = 0;
  private end = -1;
  /** What the current row's pixels have in common (the row's share of the offset). */
  protected share = 0;
  constructor(private readonly width: number) {}

  enter(pixel: number): number {
    if (pixel < this.start || pixel >= this.end) {
      const y = Math.floor(pixel / this.width);
      this.start = y * this.width;
      this.end = this.start + this.width;
      this.share = this.rowShare(y);
    }
    return this.start;
  }

  protected abstract rowShare(y: number): number;
  abstract step(column: number): number;
}

/** A linear gradient's steps: a row's share `(y - y0)·uy`, then `(x - x0)·ux` added for each pixel. */
export class LinearSteps extends RowSteps {
  constructor(
    width: number,
    readonly x0: number,
    readonly ux: number,
    private readonly y0: number,
    private readonly uy: number,
  ) {
    super(width);
  }

  protected rowShare(y: number): number {
    return (y - this.y0) * this.uy;
  }

  step(column: number): number {
    return stepOf((column - this.x0) * this.ux + this.share);
  }

  /** The column where the current row's offset is `t` (not finite when the offset is the same along it). */
  columnAt(t: number): number {
    return this.x0 + (t - this.share) / this.ux;
  }
}

/** A radial gradient's steps: a row's squared distance from the centre, then the distance over the radius. */
export class RadialSteps extends RowSteps {
  constructor(
    width: number,
    readonly cx: number,
    private readonly cy: number,
    readonly reach: number,
  ) {
    super(width);
  }

  protected rowShare(y: number): number {
    return (y - this.cy) * (y - this.cy);
  }

  step(column: number): number {
    return stepOf(Math.sqrt((column - this.cx) * (column - this.cx) + this.share) / this.reach);
  }

  /** How far from the centre's column the current row's offset is `t` (0 when it is more at the centre). */
  acrossAt(t: number): number {
    const distance = t * this.reach;
    return Math.sqrt(Math.max(0, distance * distance - this.share));
  }

  /** Row `y`'s share, as `enter` works it out. */
  shareOf(y: number): number {
    return this.rowShare(y);
  }
}
