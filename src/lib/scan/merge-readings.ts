import type { ScannedSymbol, ScanPoint, ScanQuad } from './scan-symbol';

export type ScanDecoder = 'zbar' | 'zxing';

/** One code as both decoders saw it: ZXing's reading (which tells the most) else ZBar's, and who read it. */
export interface MergedReading {
  symbol: ScannedSymbol;
  readBy: ScanDecoder[];
  /** False when the two decoders read different bytes at the same place. */
  agree: boolean;
}

/** The middle of a quadrilateral. */
export function quadCentre(quad: ScanQuad): ScanPoint {
  return { x: quad.reduce((sum, p) => sum + p.x, 0) / 4, y: quad.reduce((sum, p) => sum + p.y, 0) / 4 };
}

/** The mean length of a quadrilateral's sides. */
export function quadSide(quad: ScanQuad): number {
  let total = 0;
  for (let i = 0; i < 4; i++) total += Math.hypot(quad[(i + 1) % 4].x - quad[i].x, quad[(i + 1) % 4].y - quad[i].y);
  return total / 4;
}

/** Whether two readings are of one code: their centres closer than a third of the smaller one's side. */
function samePlace(a: ScanQuad, b: ScanQuad): boolean {
  const ca = quadCentre(a);
  const cb = quadCentre(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) < Math.min(quadSide(a), quadSide(b)) / 3;
}

/**
 * The codes of an image from both decoders' readings: a ZBar reading at the place of a ZXing one
 * is the same code (read by both when its bytes are the same, a disagreement when not); the others
 * are codes one decoder alone read. Each ZBar reading joins one ZXing reading at most. In reading order: top to bottom,
 * then left to right.
 */
export function mergeReadings(zxing: readonly ScannedSymbol[], zbar: readonly ScannedSymbol[]): MergedReading[] {
  const left = [...zbar];
  const merged: MergedReading[] = [];
  for (const symbol of zxing) {
    const at = left.findIndex((other) => samePlace(symbol.position, other.position));
    if (at === -1) {
      merged.push({ symbol, readBy: ['zxing'], agree: true });
      continue;
    }
    const [other] = left.splice(at, 1);
    const agree = Buffer.compare(symbol.bytes, other.bytes) === 0;
    merged.push({ symbol, readBy: agree ? ['zbar', 'zxing'] : ['zxing'], agree });
  }
  for (const symbol of left) merged.push({ symbol, readBy: ['zbar'], agree: true });
  return merged.sort((a, b) => {
    const ca = quadCentre(a.symbol.position);
    const cb = quadCentre(b.symbol.position);
    return Math.abs(ca.y - cb.y) > quadSide(a.symbol.position) / 2 ? ca.y - cb.y : ca.x - cb.x;
  });
}
