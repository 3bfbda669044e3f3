/** The cubic Bézier handle length that draws a quarter circle of radius 1 (error under 0.03 %). */
const KAPPA = 0.5522847498307936;

/** Corner radii of a rectangle, clockwise from the top-left corner. */
export interface CornerRadii {
  topLeft: number;
  topRight: number;
  bottomRight: number;
  bottomLeft: number;
}

type Point = readonly [number, number];
type Segment = { to: Point; controls?: readonly [Point, Point] };

/**
 * Builds a QrScene path's `d`: absolute M, L, C and Z, numbers rounded to 1/1000 of a module so
 * that the text is short and the same on every run. Shapes are clockwise (y grows down) unless
 * asked to be reversed: a reversed shape inside a clockwise one is a hole under the nonzero rule.
 */
export class ScenePathBuilder {
  // The text is written as ASCII bytes and decoded once: a code's path has tens of thousands of
  // numbers, and building them as strings costs several times more (and feeds the collector).
  private bytes = new Uint8Array(1024);
  private length = 0;

  get isEmpty(): boolean {
    return this.length === 0;
  }

  moveTo(x: number, y: number): this {
    this.command(77).number(x).number(y);
    return this;
  }

  lineTo(x: number, y: number): this {
    this.command(76).number(x).number(y);
    return this;
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.command(67).number(x1).number(y1).number(x2).number(y2).number(x).number(y);
    return this;
  }

  close(): this {
    return this.command(90);
  }

  rect(x: number, y: number, width: number, height: number, reversed = false): this {
    return this.contour(
      [x, y],
      [{ to: [x + width, y] }, { to: [x + width, y + height] }, { to: [x, y + height] }],
      reversed,
    );
  }

  /** A rectangle whose corners are quarter circles of the given radii (0 keeps a corner square). */
  roundedRect(x: number, y: number, width: number, height: number, radii: CornerRadii, reversed = false): this {
    const { topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl } = radii;
    const right = x + width;
    const bottom = y + height;
    const segments: Segment[] = [];
    const corner = (from: Point, to: Point, toward: Point): void => {
      // The handles point from each end toward the sharp corner the arc replaces.
      segments.push({
        to,
        controls: [
          [from[0] + (toward[0] - from[0]) * KAPPA, from[1] + (toward[1] - from[1]) * KAPPA],
          [to[0] + (toward[0] - to[0]) * KAPPA, to[1] + (toward[1] - to[1]) * KAPPA],
        ],
      });
    };
    const start: Point = [x + tl, y];
    segments.push({ to: [right - tr, y] });
    if (tr > 0) corner([right - tr, y], [right, y + tr], [right, y]);
    segments.push({ to: [right, bottom - br] });
    if (br > 0) corner([right, bottom - br], [right - br, bottom], [right, bottom]);
    segments.push({ to: [x + bl, bottom] });
    if (bl > 0) corner([x + bl, bottom], [x, bottom - bl], [x, bottom]);
    segments.push({ to: [x, y + tl] });
    if (tl > 0) corner([x, y + tl], start, [x, y]);
    return this.contour(start, segments, reversed);
  }

  circle(cx: number, cy: number, radius: number, reversed = false): this {
    const r = radius;
    return this.roundedRect(
      cx - r,
      cy - r,
      2 * r,
      2 * r,
      { topLeft: r, topRight: r, bottomRight: r, bottomLeft: r },
      reversed,
    );
  }

  toString(): string {
    return new TextDecoder('latin1').decode(this.bytes.subarray(0, this.length));
  }

  /** A command letter (its ASCII code), after a space unless it is the first. */
  private command(letter: number): this {
    this.reserve(2);
    if (this.length > 0) this.bytes[this.length++] = 32;
    this.bytes[this.length++] = letter;
    return this;
  }

  /** A space and the number as `sceneNumber` writes it. */
  private number(value: number): this {
    this.reserve(24);
    const bytes = this.bytes;
    bytes[this.length++] = 32;
    let thousandths = Math.round(value * 1000);
    if (thousandths === 0) {
      bytes[this.length++] = 48;
      return this;
    }
    if (thousandths < 0) {
      bytes[this.length++] = 45;
      thousandths = -thousandths;
    }
    const whole = Math.floor(thousandths / 1000);
    let fraction = thousandths - whole * 1000;
    this.digits(whole, 1);
    if (fraction !== 0) {
      let places = 3;
      while (fraction % 10 === 0) {
        fraction /= 10;
        places--;
      }
      bytes[this.length++] = 46;
      this.digits(fraction, places);
    }
    return this;
  }

  /** A whole number's digits, padded with zeros to at least `places`. */
  private digits(value: number, places: number): void {
    let count = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
    count = Math.max(count, places);
    for (let index = this.length + count - 1, rest = value; index >= this.length; index--) {
      this.bytes[index] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.length += count;
  }

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** One closed contour; reversed, the same segments are walked backwards. */
  private contour(start: Point, segments: Segment[], reversed: boolean): this {
    const drawn = segments.filter((segment, index) => {
      const from = index === 0 ? start : segments[index - 1].to;
      return segment.controls !== undefined || segment.to[0] !== from[0] || segment.to[1] !== from[1];
    });
    if (!reversed) {
      this.moveTo(start[0], start[1]);
      for (const { to, controls } of drawn) this.segment(to, controls);
      return this.close();
    }
    const last = drawn.length > 0 ? drawn[drawn.length - 1].to : start;
    this.moveTo(last[0], last[1]);
    for (let index = drawn.length - 1; index >= 0; index--) {
      const to = index === 0 ? start : drawn[index - 1].to;
      const controls = drawn[index].controls;
      this.segment(to, controls && [controls[1], controls[0]]);
    }
    return this.close();
  }

  private segment(to: Point, controls?: readonly [Point, Point]): void {
    if (controls) this.curveTo(controls[0][0], controls[0][1], controls[1][0], controls[1][1], to[0], to[1]);
    else this.lineTo(to[0], to[1]);
  }
}

/**
 * A coordinate as scene text: at most three decimals, no trailing zeros, never `-0`. Written from
 * the integer count of thousandths, which is the text `String(thousandths / 1000)` gives, at a
 * fraction of the cost of formatting a fraction.
 */
export function sceneNumber(value: number): string {
  const thousandths = Math.round(value * 1000);
  if (thousandths === 0) return '0';
  const magnitude = thousandths < 0 ? -thousandths : thousandths;
  const whole = Math.floor(magnitude / 1000);
  let fraction = magnitude - whole * 1000;
  const sign = thousandths < 0 ? '-' : '';
  if (fraction === 0) return sign + whole;
  let digits = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  return `${sign}${whole}.${String(fraction).padStart(digits, '0')}`;
}
