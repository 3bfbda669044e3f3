import { DOT_DIAMETER } from './module-shapes';
import type { QrModuleShape } from './qr-style';
import { blankRaster, blend, drawShapes, opaquePixel, rgb, type RasterBand, type RgbaImage } from './scene-raster';
import { ScenePathBuilder } from './scene-path-builder';
import type { StyledModuleLayer } from './styled-qr-scene';

/** One cell's coverage, `scale` × `scale` values from 0 to 255 row by row, and which of its rows are wholly 255. */
interface Tile {
  coverage: Uint8Array;
  solidRows: boolean[];
}

const QUARTER = 0.5;
const tilesByShape = new Map<string, Tile[]>();

/**
 * The cell of a dark module in each form its shape takes: one for square modules and dots; for
 * rounded ones sixteen, one per set of rounded corners (bit 0 top-left, 1 top-right, 2
 * bottom-right, 3 bottom-left). Drawn by the same rasteriser as any path, once per shape and scale.
 */
function moduleTiles(shape: QrModuleShape, scale: number): Tile[] {
  const key = `${shape}:${scale}`;
  let tiles = tilesByShape.get(key);
  if (tiles) return tiles;
  const variants = shape === 'rounded' ? 16 : 1;
  tiles = [];
  for (let variant = 0; variant < variants; variant++) {
    const path = new ScenePathBuilder();
    if (shape === 'dots') path.circle(0.5, 0.5, DOT_DIAMETER / 2);
    else if (shape === 'square') path.rect(0, 0, 1, 1);
    else
      path.roundedRect(0, 0, 1, 1, {
        topLeft: variant & 1 ? QUARTER : 0,
        topRight: variant & 2 ? QUARTER : 0,
        bottomRight: variant & 4 ? QUARTER : 0,
        bottomLeft: variant & 8 ? QUARTER : 0,
      });
    const cell = blankRaster({ width: 1, height: 1, background: null }, scale);
    const outline = { kind: 'path', fill: '#000000', fillRule: 'nonzero', d: path.toString() } as const;
    drawShapes([outline], scale, cell, () => {
      throw new Error('A module cell holds no image.');
    });
    const coverage = new Uint8Array(scale * scale);
    for (let pixel = 0; pixel < coverage.length; pixel++) coverage[pixel] = cell.data[pixel * 4 + 3];
    const solidRows = Array.from({ length: scale }, (_, row) =>
      coverage.subarray(row * scale, (row + 1) * scale).every((alpha) => alpha === 255),
    );
    tiles.push({ coverage, solidRows });
  }
  tilesByShape.set(key, tiles);
  return tiles;
}

/**
 * Draws the dark modules onto `image` (the whole picture, or the rows of `band`) cell by cell:
 * each module's tile, its corners rounded where `modulePath` rounds them (a run's ends, where the
 * module above or below is light). A module's shape never leaves its cell and cells lie on whole
 * pixels, so this is the raster of `modulePath` without building or reading any path.
 */
export function stampModules(layer: StyledModuleLayer, scale: number, image: RgbaImage, band?: RasterBand): void {
  const { matrix, shape, origin, skip, fill } = layer;
  const { size, modules } = matrix;
  const tiles = moduleTiles(shape, scale);
  const [r, g, b] = rgb(fill);
  // Signed, as the words of an Int32Array are: the same bits, kept by V8 as a small integer.
  const solid = opaquePixel(r, g, b) | 0;
  const { width, height, data } = image;
  const pixels = new Int32Array(data.buffer, data.byteOffset, data.length >> 2);
  const top = band?.top ?? 0;
  // The modules drawn here, 1 a module, in a border of light ones: a neighbour is one read, with no bounds to check.
  const padded = size + 2;
  const drawn = new Uint8Array(padded * padded);
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++)
      if (modules[row * size + column] === 1 && !skip(row, column)) drawn[(row + 1) * padded + column + 1] = 1;
  for (let row = 0; row < size; row++) {
    const y0 = (origin.y + row) * scale - top;
    if (y0 >= height || y0 + scale <= 0) continue;
    const firstLine = Math.max(0, -y0);
    const lastLine = Math.min(scale, height - y0);
    for (let column = 0; column < size; column++) {
      const at = (row + 1) * padded + column + 1;
      if (drawn[at] === 0) continue;
      let variant = 0;
      if (shape === 'rounded') {
        const start = drawn[at - 1] === 0;
        const end = drawn[at + 1] === 0;
        const lightAbove = drawn[at - padded] === 0;
        const lightBelow = drawn[at + padded] === 0;
        variant =
          (start && lightAbove ? 1 : 0) |
          (end && lightAbove ? 2 : 0) |
          (end && lightBelow ? 4 : 0) |
          (start && lightBelow ? 8 : 0);
      }
      const { coverage, solidRows } = tiles[variant];
      const x0 = (origin.x + column) * scale;
      for (let ty = firstLine; ty < lastLine; ty++) {
        const line = (y0 + ty) * width + x0;
        if (solidRows[ty]) {
          for (let tx = 0; tx < scale; tx++) pixels[line + tx] = solid;
          continue;
        }
        for (let tx = 0; tx < scale; tx++) {
          const alpha = coverage[ty * scale + tx];
          if (alpha === 255) pixels[line + tx] = solid;
          else if (alpha !== 0) blend(data, (line + tx) * 4, r, g, b, alpha);
        }
      }
    }
  }
}
