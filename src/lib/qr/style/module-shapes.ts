import type { QrMatrix } from '../qr-matrix';
import { alignmentModules } from './alignment-patterns';
import type { QrModuleShape } from './qr-style';
import { ScenePathBuilder } from './scene-path-builder';

/**
 * Diameter of a dot, in modules. Decoders sample each module near its centre, so a dot needs to
 * cover the centre generously; 0.8 keeps the dark share of a dark module at half and decodes
 * like square modules in the readability matrix.
 */
export const DOT_DIAMETER = 0.8;

/** Which modules another shape draws (the finder patterns) or nothing does (the logo's square). */
export type ModuleMask = (row: number, column: number) => boolean;

/** Where the symbol's top-left module sits in the picture, in modules. */
export interface SymbolOrigin {
  x: number;
  y: number;
}

/**
 * The dark modules outside `skip` as one path, the symbol's top-left module at `origin`.
 * Square modules of a row merge into one rectangle; rounded ones too, with a half-module radius on
 * each corner whose two neighbours beside it are light, so an isolated module is a circle; dots
 * are one circle per module, except in the alignment patterns, which stay square: a ring of
 * separate dots is no 1:1:1 run, and ZXing-C++ (1.4, as Debian ships it) then misses a dotted code
 * whose round finders leave it the alignment pattern alone to place the far corner.
 */
export function modulePath(matrix: QrMatrix, shape: QrModuleShape, origin: SymbolOrigin, skip: ModuleMask): string {
  const { size, modules } = matrix;
  const dark = (row: number, column: number): boolean =>
    row >= 0 && row < size && column >= 0 && column < size && modules[row * size + column] === 1 && !skip(row, column);
  const alignment = shape === 'dots' ? alignmentModules(matrix.version) : undefined;
  const dot = (row: number, column: number): boolean => alignment?.[row * size + column] === 0;
  const path = new ScenePathBuilder();
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!dark(row, column)) {
        column++;
        continue;
      }
      if (dot(row, column)) {
        path.circle(origin.x + column + 0.5, origin.y + row + 0.5, DOT_DIAMETER / 2);
        column++;
        continue;
      }
      const start = column;
      while (column < size && dark(row, column) && !dot(row, column)) column++;
      const end = column - 1;
      const [x, y, width] = [origin.x + start, origin.y + row, column - start];
      if (shape !== 'rounded') {
        path.rect(x, y, width, 1);
        continue;
      }
      const radius = (light: boolean): number => (light ? 0.5 : 0);
      path.roundedRect(x, y, width, 1, {
        topLeft: radius(!dark(row - 1, start)),
        topRight: radius(!dark(row - 1, end)),
        bottomRight: radius(!dark(row + 1, end)),
        bottomLeft: radius(!dark(row + 1, start)),
      });
    }
  }
  return path.toString();
}
