import { alignmentModules } from './alignment-patterns';
import { DOT_DIAMETER } from './module-shapes';
import type { QrModuleShape } from './qr-style';
import { gradientShader, type PixelShader } from './gradient-shader';
import { blend, opaquePixel, rgb } from './raster-pixel';
import { blankRaster, drawShapes, type RasterBand, type RgbaImage } from './scene-raster';
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
 * The cell of a dark module in each form its shape takes: one for square modules; for dots two,
 * the dot and the square of the alignment patterns (as `modulePath` draws them); for rounded ones
 * sixteen, one per set of rounded corners (bit 0 top-left, 1 top-right, 2 bottom-right, 3
 * bottom-left). Drawn by the same rasteriser as any path, once per shape and scale.
 */
function moduleTiles(shape: QrModuleShape, scale: number): Tile[] {
  const key = `${shape}:${scale}`;
  let tiles = tilesByShape.get(key);
  if (tiles) return tiles;
  const variants = shape === 'rounded' ? 16 : shape === 'dots' ? 2 : 1;
  tiles = [];
  for (let variant = 0; variant < variants; variant++) {
    const path = new ScenePathBuilder();
    if (shape === 'dots' && variant === 0) path.circle(0.5, 0.5, DOT_DIAMETER / 2);
    else if (shape !== 'rounded') path.rect(0, 0, 1, 1);
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
 * module above or below is light), in the layer's colour or its gradient. A module's shape never
 * leaves its cell and cells lie on whole pixels, so this is the raster of `modulePath` without
 * building or reading any path.
 */
export function stampModules(layer: StyledModuleLayer, scale: number, image: RgbaImage, band?: RasterBand): void {
  const { matrix, shape, origin, fill } = layer;
  const { size } = matrix;
  const tiles = moduleTiles(shape, scale);
  const top = band?.top ?? 0;
  const pen = modulePen(fill, scale, image, top);
  const drawn = drawnModules(layer);
  const alignment = shape === 'dots' ? alignmentModules(matrix.version) : undefined;
  const padded = size + 2;
  for (let row = 0; row < size; row++) {
    const y0 = (origin.y + row) * scale - top;
    if (y0 >= image.height || y0 + scale <= 0) continue;
    const lines = { first: Math.max(0, -y0), last: Math.min(scale, image.height - y0) };
    for (let column = 0; column < size; column++) {
      const at = (row + 1) * padded + column + 1;
      if (drawn[at] === 0) continue;
      const variant = shape === 'rounded' ? roundedVariant(drawn, at, padded) : (alignment?.[row * size + column] ?? 0);
      const tile = tiles[variant];
      stampTile(tile, scale, pen, lines, y0 * image.width + (origin.x + column) * scale);
    }
  }
}

/** The modules the layer draws, 1 a module, in a border of light ones: a neighbour is one read, no bounds checked. */
function drawnModules({ matrix, skip }: StyledModuleLayer): Uint8Array {
  const { size, modules } = matrix;
  const padded = size + 2;
  const drawn = new Uint8Array(padded * padded);
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++)
      if (modules[row * size + column] === 1 && !skip(row, column)) drawn[(row + 1) * padded + column + 1] = 1;
  return drawn;
}

/** Which corners of a rounded module are round: where it ends its run and the module above (below) is light. */
function roundedVariant(drawn: Uint8Array, at: number, padded: number): number {
  const start = drawn[at - 1] === 0;
  const end = drawn[at + 1] === 0;
  const lightAbove = drawn[at - padded] === 0;
  const lightBelow = drawn[at + padded] === 0;
  return (
    (start && lightAbove ? 1 : 0) |
    (end && lightAbove ? 2 : 0) |
    (end && lightBelow ? 4 : 0) |
    (start && lightBelow ? 8 : 0)
  );
}

/** What a tile is stamped with: the picture, and one colour (as a signed word) or a gradient. */
interface ModulePen {
  data: Uint8Array;
  pixels: Int32Array;
  width: number;
  solid: number;
  channels: [number, number, number];
  shade: PixelShader | undefined;
}

function modulePen(fill: StyledModuleLayer['fill'], scale: number, image: RgbaImage, top: number): ModulePen {
  const { data, width } = image;
  const pixels = new Int32Array(data.buffer, data.byteOffset, data.length >> 2);
  if (typeof fill !== 'string')
    return { data, pixels, width, solid: 0, channels: [0, 0, 0], shade: gradientShader(fill, scale, width, top) };
  const channels = rgb(fill);
  // Signed, as the words of an Int32Array are: the same bits, kept by V8 as a small integer.
  return { data, pixels, width, solid: opaquePixel(...channels) | 0, channels, shade: undefined };
}

/** One tile's rows `first` to `last` (exclusive) with its top-left pixel at `corner`. */
function stampTile(
  { coverage, solidRows }: Tile,
  scale: number,
  { data, pixels, width, solid, channels: [r, g, b], shade }: ModulePen,
  { first, last }: { first: number; last: number },
  corner: number,
): void {
  for (let ty = first; ty < last; ty++) {
    const line = corner + ty * width;
    if (shade && solidRows[ty]) shade.run(pixels, line, line + scale);
    else if (shade)
      for (let tx = 0; tx < scale; tx++) {
        const alpha = coverage[ty * scale + tx];
        if (alpha === 0) continue;
        const color = shade.at(line + tx);
        if (alpha === 255) pixels[line + tx] = color;
        else blend(data, (line + tx) * 4, color & 255, (color >>> 8) & 255, (color >>> 16) & 255, alpha);
      }
    if (shade) continue;
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
