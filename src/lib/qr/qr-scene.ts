import { forEachDarkRun } from './dark-runs';
import type { QrMatrix } from './qr-matrix';

/**
 * A QR code as a vector picture, in module units, before it becomes bytes: the SVG and PNG
 * writers, the PDF and EPS writers and the print sheets all draw the same scene, so a style means
 * the same thing in every output. Coordinates grow right and down from the picture's top-left
 * corner; one unit is one module.
 */
export interface QrScene {
  /** The whole picture: the symbol, its quiet zone and any frame band. */
  width: number;
  height: number;
  /** Where the symbol's modules sit (without quiet zone), and what it is. */
  symbol: { x: number; y: number; size: number; version: number };
  /** Painted first, over the whole picture; null for a transparent background. */
  background: SceneFill | null;
  /** Painted in order, after the background. */
  shapes: SceneShape[];
}

/** `#rrggbb`, lower case. */
export type SceneColor = string;

/** A colour at a place along a gradient, 0 to 1; offsets never decrease along the list. */
export interface SceneGradientStop {
  offset: number;
  color: SceneColor;
}

/**
 * A gradient in scene units, laid over the picture (not over each shape), its end colours carried
 * on beyond 0 and 1: linear from (x1, y1) at offset 0 to (x2, y2) at 1, or radial from its centre
 * (0) out to radius `r` (1). Colours blend in sRGB, as SVG, PDF and PostScript blend them.
 */
export type SceneGradient =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: SceneGradientStop[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; stops: SceneGradientStop[] };

/** What a path or the background is painted with: one colour, or a gradient. */
export type SceneFill = SceneColor | SceneGradient;

/**
 * A filled outline. `d` uses absolute commands only, each a letter followed by its numbers, all
 * separated by single spaces: `M x y`, `L x y`, `C x1 y1 x2 y2 x y` and `Z` (no arcs, no relative
 * commands), so every writer can turn it into its own operators without an SVG path parser.
 */
export interface ScenePath {
  kind: 'path';
  fill: SceneFill;
  fillRule: 'nonzero' | 'evenodd';
  d: string;
}

/** A raster or vector image placed in a box (the logo). `data` is the image file's bytes, already checked. */
export interface SceneImage {
  kind: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  mediaType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  data: Uint8Array;
}

export type SceneShape = ScenePath | SceneImage;

/**
 * The plain code as a scene: a white background and the dark modules in black, each row's runs of
 * dark modules as rectangles of one path (the same geometry as the plain SVG).
 */
export function plainQrScene(matrix: QrMatrix, margin: number): QrScene {
  const { size } = matrix;
  const parts: string[] = [];
  forEachDarkRun(matrix, (row, start, column) => {
    const x = start + margin;
    const y = row + margin;
    const end = column + margin;
    parts.push(`M ${x} ${y} L ${end} ${y} L ${end} ${y + 1} L ${x} ${y + 1} Z`);
  });
  const extent = size + 2 * margin;
  return {
    width: extent,
    height: extent,
    symbol: { x: margin, y: margin, size, version: matrix.version },
    background: '#ffffff',
    shapes: [{ kind: 'path', fill: '#000000', fillRule: 'nonzero', d: parts.join(' ') }],
  };
}
