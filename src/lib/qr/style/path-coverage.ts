/** The region of the picture a path's signed areas were written to, in whole pixels. */
export interface CoverageRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Cells per row in the area buffer: the region's width and two spare cells. */
  stride: number;
  /**
   * One bit per cell written, `words` 32-bit words a row: between two written cells the winding
   * does not change, so a row is drawn by visiting these and filling the spans between them.
   */
  written: Uint32Array;
  words: number;
}

interface Cells {
  area: Float32Array;
  stride: number;
  rows: number;
  written: Uint32Array;
  words: number;
}

// Curves are cut into lines no further than this many pixels from the true curve.
const FLATNESS = 0.2;

/**
 * Writes a scene path's signed areas at `scale` pixels per module into `area` (zeroed, at least
 * `(width + 2) × height` cells), clipped to `width × height` pixels whose first row is row `top`
 * of the picture: exact areas accumulated along
 * each scanline (the technique of font-rs and stb_truetype). A running sum along a row of the
 * region then gives each pixel's winding, fractional at the edges: anti-aliased, and shapes that
 * share an edge leave no seam. The caller reads the region and zeroes it again.
 */
export function accumulatePath(
  d: string,
  scale: number,
  width: number,
  height: number,
  area: Float32Array,
  top = 0,
): CoverageRegion {
  const lines = flatten(d, scale);
  if (top !== 0) for (let index = 1; index < lines.length; index += 2) lines.values[index] -= top;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let index = 0; index < lines.length; index += 2) {
    const x = lines.values[index];
    const y = lines.values[index + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const x0 = Math.max(0, Math.floor(minX));
  const y0 = Math.max(0, Math.floor(minY));
  const regionWidth = Math.max(0, Math.min(width, Math.ceil(maxX)) - x0);
  const regionHeight = Math.max(0, Math.min(height, Math.ceil(maxY)) - y0);
  const stride = regionWidth + 2;
  const values = lines.values;
  const words = (stride + 31) >> 5;
  const written = new Uint32Array(words * regionHeight);
  if (regionWidth > 0 && regionHeight > 0) {
    const cells: Cells = { area, stride, rows: regionHeight, written, words };
    for (let index = 0; index < lines.length; index += 4)
      accumulateLine(cells, values[index] - x0, values[index + 1] - y0, values[index + 2] - x0, values[index + 3] - y0);
  }
  return { x: x0, y: y0, width: regionWidth, height: regionHeight, stride, written, words };
}

/**
 * Adds one line's signed area to the cells it crosses (downward lines count +1, upward −1): each
 * row's share goes to the cells under it, the rest of the row to the right of it, so a running sum
 * along a row gives the winding of each pixel, fractional at the edges.
 */
function accumulateLine(cells: Cells, ax: number, ay: number, bx: number, by: number): void {
  const { area, stride, rows, written, words } = cells;
  if (ay === by) return;
  const down = ay < by;
  const direction = down ? 1 : -1;
  const x0 = down ? ax : bx;
  const y0 = down ? ay : by;
  const x1 = down ? bx : ax;
  const y1 = down ? by : ay;
  const dxdy = (x1 - x0) / (y1 - y0);
  let x = y0 < 0 ? x0 - y0 * dxdy : x0;
  const last = Math.min(rows, Math.ceil(y1));
  for (let y = Math.max(0, Math.floor(y0)); y < last; y++) {
    const start = y * stride;
    const dy = Math.min(y + 1, y1) - Math.max(y, y0);
    const xNext = x + dxdy * dy;
    const d = dy * direction;
    const left = x < xNext ? x : xNext;
    const right = x < xNext ? xNext : x;
    const leftFloor = Math.floor(left);
    const leftCell = Math.max(0, leftFloor);
    const rightCeil = Math.ceil(right);
    const marks = y * words;
    for (let cell = leftCell, last = Math.max(rightCeil, leftCell + 1); cell <= last; cell++)
      written[marks + (cell >> 5)] |= 1 << (cell & 31);
    if (rightCeil <= leftFloor + 1) {
      const middle = 0.5 * (x + xNext) - leftFloor;
      area[start + leftCell] += d - d * middle;
      area[start + leftCell + 1] += d * middle;
    } else {
      const slope = 1 / (right - left);
      const leftFraction = left - leftFloor;
      const first = 0.5 * slope * (1 - leftFraction) * (1 - leftFraction);
      const rightFraction = right - rightCeil + 1;
      const lastShare = 0.5 * slope * rightFraction * rightFraction;
      area[start + leftCell] += d * first;
      if (rightCeil === leftFloor + 2) {
        area[start + leftCell + 1] += d * (1 - first - lastShare);
      } else {
        const second = slope * (1.5 - leftFraction);
        area[start + leftCell + 1] += d * (second - first);
        for (let cell = leftFloor + 2; cell < rightCeil - 1; cell++) area[start + cell] += d * slope;
        const beforeLast = second + (rightCeil - leftFloor - 3) * slope;
        area[start + rightCeil - 1] += d * (1 - beforeLast - lastShare);
      }
      area[start + rightCeil] += d * lastShare;
    }
    x = xNext;
  }
}

/** Numbers in a Float64Array that grows: flattening a code's path makes tens of thousands. */
class Lines {
  values = new Float64Array(4096);
  length = 0;

  push(x0: number, y0: number, x1: number, y1: number): void {
    if (this.length + 4 > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = x0;
    this.values[this.length++] = y0;
    this.values[this.length++] = x1;
    this.values[this.length++] = y1;
  }
}

/**
 * A scene path as line segments in pixels, four numbers each (x0 y0 x1 y1); curves are cut into
 * as many lines as keep them within FLATNESS of the curve. Every contour is closed.
 */
function flatten(d: string, scale: number): Lines {
  const lines = new Lines();
  let startX = 0;
  let startY = 0;
  let x = 0;
  let y = 0;
  const lineTo = (nx: number, ny: number): void => {
    lines.push(x, y, nx, ny);
    x = nx;
    y = ny;
  };
  const reader = new PathReader(d);
  const next = (): number => reader.number() * scale;
  for (let command = reader.command(); command !== ''; command = reader.command()) {
    if (command === 'M') {
      if (x !== startX || y !== startY) lineTo(startX, startY);
      x = next();
      y = next();
      startX = x;
      startY = y;
    } else if (command === 'L') {
      const nx = next();
      lineTo(nx, next());
    } else if (command === 'C') {
      const x1 = next();
      const y1 = next();
      const x2 = next();
      const y2 = next();
      const x3 = next();
      const y3 = next();
      const bend = Math.max(
        Math.hypot(x - 2 * x1 + x2, y - 2 * y1 + y2),
        Math.hypot(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3),
      );
      const steps = Math.max(1, Math.ceil(Math.sqrt((0.75 * bend) / FLATNESS)));
      const fromX = x;
      const fromY = y;
      for (let step = 1; step <= steps; step++) {
        const t = step / steps;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const e = t * t * t;
        lineTo(a * fromX + b * x1 + c * x2 + e * x3, a * fromY + b * y1 + c * y2 + e * y3);
      }
    } else if (command === 'Z') {
      if (x !== startX || y !== startY) lineTo(startX, startY);
    }
  }
  if (x !== startX || y !== startY) lineTo(startX, startY);
  return lines;
}

/**
 * Reads a scene path's `d` without splitting it into strings (a code's path has tens of thousands
 * of numbers). A number is its digits as an integer divided by a power of ten: one correctly
 * rounded division, so exactly the double `Number()` would give for the same text.
 */
class PathReader {
  private index = 0;

  constructor(private readonly d: string) {}

  /** The next command letter, or '' at the end. */
  command(): string {
    const { d } = this;
    while (this.index < d.length && d.charCodeAt(this.index) === 32) this.index++;
    return this.index < d.length ? d[this.index++] : '';
  }

  number(): number {
    const { d } = this;
    while (d.charCodeAt(this.index) === 32) this.index++;
    let negative = false;
    if (d.charCodeAt(this.index) === 45) {
      negative = true;
      this.index++;
    }
    let digits = 0;
    let divisor = 1;
    let fraction = false;
    for (; this.index < d.length; this.index++) {
      const code = d.charCodeAt(this.index);
      if (code === 46) fraction = true;
      else if (code >= 48 && code <= 57) {
        digits = digits * 10 + (code - 48);
        if (fraction) divisor *= 10;
      } else break;
    }
    const value = digits / divisor;
    return negative ? -value : value;
  }
}
