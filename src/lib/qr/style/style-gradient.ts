import type { SceneColor, SceneFill, SceneGradientStop } from '../qr-scene';
import type { QrFill } from './qr-style';

/** A box in scene units that a gradient is laid over. */
export interface GradientBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every colour a fill shows somewhere: its one colour, or each stop's. */
export function fillColors(fill: QrFill): SceneColor[] {
  return typeof fill === 'string' ? [fill] : fill.stops.map((stop) => stop.color);
}

/** Whether two judged fills paint the same (the same colour, or the same gradient). */
export function sameFill(a: QrFill, b: QrFill): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A gradient's geometry rounded to 1/1000 of a module, as paths are: every writer prints the same short text. */
const round = (value: number): number => Math.round(value * 1000) / 1000 + 0;

/**
 * A judged fill laid over `box`: a colour stays a colour; a linear gradient runs through the box's
 * centre at its rotation (clockwise, y down), from the first corner it meets to the last (as CSS's
 * `linear-gradient` does, so every corner of the box is covered by 0 to 1); a radial one runs from
 * the centre (0) to the farthest corner (1).
 */
export function sceneFill(fill: QrFill, box: GradientBox): SceneFill {
  if (typeof fill === 'string') return fill;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const stops = fill.stops.map(({ offset, color }) => ({ offset, color }));
  if (fill.type === 'radial') return { kind: 'radial', cx, cy, r: round(Math.hypot(box.width, box.height) / 2), stops };
  const angle = (fill.rotation * Math.PI) / 180;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const half = (Math.abs(dx) * box.width + Math.abs(dy) * box.height) / 2;
  return {
    kind: 'linear',
    x1: round(cx - dx * half),
    y1: round(cy - dy * half),
    x2: round(cx + dx * half),
    y2: round(cy + dy * half),
    stops,
  };
}

/**
 * A gradient's stops from offset 0 to offset 1: the first colour put at 0 and the last at 1 when
 * the stops stop short of them, which is how every format pads a gradient (PDF and PostScript
 * functions, whose domain is 0 to 1, need the ends written out).
 */
export function paddedStops(stops: readonly SceneGradientStop[]): SceneGradientStop[] {
  const padded = [...stops];
  if (padded[0].offset > 0) padded.unshift({ offset: 0, color: padded[0].color });
  if (padded[padded.length - 1].offset < 1) padded.push({ offset: 1, color: padded[padded.length - 1].color });
  return padded;
}
