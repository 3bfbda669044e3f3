import type { QrFinderShape } from './qr-style';
import type { SymbolOrigin } from './module-shapes';
import { ScenePathBuilder } from './scene-path-builder';

/** Which parts of the finder patterns a path draws: both, or the outer frame or the inner ball alone. */
export type FinderPart = 'both' | 'frame' | 'ball';

/**
 * The three finder patterns of a `size`-module symbol as one path: a ring 7 modules across with a
 * 5-module hole (the frame), and a 3-module eye in it (the ball), or one of the two. Every shape
 * keeps the 1:1:3:1:1 runs a scanner looks for along the rows and columns through each pattern's centre.
 */
export function finderPath(
  size: number,
  shape: QrFinderShape,
  origin: SymbolOrigin,
  part: FinderPart = 'both',
): string {
  const frame = part !== 'ball';
  const ball = part !== 'frame';
  const path = new ScenePathBuilder();
  for (const [column, row] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ]) {
    const x = origin.x + column;
    const y = origin.y + row;
    if (shape === 'square') {
      if (frame) path.rect(x, y, 7, 7).rect(x + 1, y + 1, 5, 5, true);
      if (ball) path.rect(x + 2, y + 2, 3, 3);
    } else if (shape === 'rounded') {
      // Each side keeps a straight middle that decoders fit their edge lines to (ZXing-C++ traces the
      // ring's outer and inner edge for the far corner; corners of 2 and 1 modules bent those lines).
      if (frame) path.roundedRect(x, y, 7, 7, corners(1.5)).roundedRect(x + 1, y + 1, 5, 5, corners(0.5), true);
      if (ball) path.roundedRect(x + 2, y + 2, 3, 3, corners(0.5));
    } else {
      if (frame) path.circle(x + 3.5, y + 3.5, 3.5).circle(x + 3.5, y + 3.5, 2.5, true);
      if (ball) path.circle(x + 3.5, y + 3.5, 1.5);
    }
  }
  return path.toString();
}

function corners(radius: number) {
  return { topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius };
}

/** Whether a module belongs to one of the three finder patterns (drawn by `finderPath`). */
export function isFinderModule(size: number, row: number, column: number): boolean {
  return (row < 7 && (column < 7 || column >= size - 7)) || (row >= size - 7 && column < 7);
}
