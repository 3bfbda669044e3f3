import type { QrMatrix } from '../qr-matrix';
import type { QrScene, SceneFill, SceneShape } from '../qr-scene';
import { captionPath } from './caption-path';
import { finderPath, isFinderModule, type FinderPart } from './finder-shapes';
import { modulePath, type ModuleMask, type SymbolOrigin } from './module-shapes';
import { qrLogoModules } from './qr-logo-fit';
import type { QrFill, QrModuleShape, ResolvedQrStyle } from './qr-style';
import { ScenePathBuilder } from './scene-path-builder';
import { sameFill, sceneFill } from './style-gradient';

export interface StyledSceneOptions {
  /** Quiet zone around the symbol, in modules. */
  margin: number;
}

/** The dark data modules of a styled code: drawn first, one shape per module (`modulePath`). */
export interface StyledModuleLayer {
  matrix: QrMatrix;
  shape: QrModuleShape;
  origin: SymbolOrigin;
  /** The modules another shape draws (the finders) or nothing does (the logo's square). */
  skip: ModuleMask;
  /** Their colour, or a gradient laid over the symbol. */
  fill: SceneFill;
}

/**
 * A styled code in two parts: its dark modules, and the scene of everything else (background,
 * finders, logo, frame) in the order drawn after them. `styledQrScene` joins them into one scene;
 * a raster can stamp the modules cell by cell instead of reading them back from a path.
 */
export interface StyledQrLayers {
  modules: StyledModuleLayer;
  scene: QrScene;
}

/**
 * A judged style drawn on a symbol: dark modules in their shape, the finder patterns in theirs
 * and their frame and ball colours (a gradient of the code laid over the symbol, of the background
 * over the whole picture), the logo centred on a square of light modules (one module of padding
 * around it), and the frame's band with its caption as outlines. Width stays `size + 2·margin`;
 * the band only adds height, below or above the quiet zone. Pure: the same input gives the same
 * scene, in the browser too.
 */
export function styledQrScene(matrix: QrMatrix, style: ResolvedQrStyle, options: StyledSceneOptions): QrScene {
  const { modules, scene } = styledQrLayers(matrix, style, options);
  const d = modulePath(modules.matrix, modules.shape, modules.origin, modules.skip);
  if (d) scene.shapes.unshift({ kind: 'path', fill: modules.fill, fillRule: 'nonzero', d });
  return scene;
}

/** The two parts of `styledQrScene`: the modules to draw first, and the scene of the rest. */
export function styledQrLayers(
  matrix: QrMatrix,
  style: ResolvedQrStyle,
  { margin }: StyledSceneOptions,
): StyledQrLayers {
  const { size, version } = matrix;
  const width = size + 2 * margin;
  const band = style.frame ? frameBand(size) : undefined;
  const symbolY = style.frame?.position === 'top' && band ? band.height + margin : margin;
  const origin = { x: margin, y: symbolY };
  const height = width + (band?.height ?? 0);
  // Gradients of the code's colours are laid over the symbol, the background's over the whole picture.
  const overSymbol = (fill: QrFill) => sceneFill(fill, { x: origin.x, y: origin.y, width: size, height: size });

  const logoSide = style.logo ? qrLogoModules(version, style.logo.size) : 0;
  const inCleared = clearedSquare(size, style.logo ? logoSide + 2 : 0);
  const modules: StyledModuleLayer = {
    matrix,
    shape: style.modules,
    origin,
    skip: (row, column) => isFinderModule(size, row, column) || inCleared(row, column),
    fill: overSymbol(style.colors.dark),
  };
  const shapes: SceneShape[] = finderShapes(size, style, origin, overSymbol);
  if (style.logo) {
    const at = (size - logoSide) / 2;
    const { mediaType, data } = style.logo;
    shapes.push({
      kind: 'image',
      x: origin.x + at,
      y: origin.y + at,
      width: logoSide,
      height: logoSide,
      mediaType,
      data,
    });
  }
  if (style.frame && band) shapes.push(...frameShapes(style.frame, band, { margin, size, width }, overSymbol));
  const background = style.colors.light === null ? null : sceneFill(style.colors.light, { x: 0, y: 0, width, height });
  return {
    modules,
    scene: { width, height, symbol: { x: margin, y: symbolY, size, version }, background, shapes },
  };
}

/** Whether a module lies in the centred square of `cleared` modules a side (none when 0). */
function clearedSquare(size: number, cleared: number): ModuleMask {
  const start = (size - cleared) / 2;
  return (row, column) =>
    cleared > 0 && row >= start && row < start + cleared && column >= start && column < start + cleared;
}

/** The finder patterns: one path when frame and ball paint alike (as a single finder colour always drew), else two. */
function finderShapes(
  size: number,
  style: ResolvedQrStyle,
  origin: SymbolOrigin,
  fillOf: (fill: QrFill) => SceneFill,
): SceneShape[] {
  const { finderFrame, finderBall } = style.colors;
  const path = (fill: QrFill, part: FinderPart): SceneShape => ({
    kind: 'path',
    fill: fillOf(fill),
    fillRule: 'nonzero',
    d: finderPath(size, style.finders, origin, part),
  });
  if (sameFill(finderFrame, finderBall)) return [path(finderFrame, 'both')];
  return [path(finderFrame, 'frame'), path(finderBall, 'ball')];
}

/** The frame's ring and its caption, in the band below (or above) the quiet zone. */
function frameShapes(
  frame: NonNullable<ResolvedQrStyle['frame']>,
  band: ReturnType<typeof frameBand>,
  { margin, size, width }: { margin: number; size: number; width: number },
  fillOf: (fill: QrFill) => SceneFill,
): SceneShape[] {
  const fill = fillOf(frame.color);
  const top = frame.position === 'top' ? 0 : width;
  const box = { x: margin, y: top + 1, width: size, height: band.box };
  const ring = new ScenePathBuilder()
    .roundedRect(box.x, box.y, box.width, box.height, corners(band.radius))
    .roundedRect(
      box.x + band.stroke,
      box.y + band.stroke,
      box.width - 2 * band.stroke,
      box.height - 2 * band.stroke,
      corners(Math.max(0, band.radius - band.stroke)),
      true,
    );
  const shapes: SceneShape[] = [{ kind: 'path', fill, fillRule: 'nonzero', d: ring.toString() }];
  const inset = band.stroke + band.box * 0.3;
  const caption = captionPath(frame.caption, {
    x: box.x + inset,
    y: box.y,
    width: box.width - 2 * inset,
    height: box.height,
    em: band.box * 0.5,
  });
  if (caption) shapes.push({ kind: 'path', fill, fillRule: 'nonzero', d: caption });
  return shapes;
}

/**
 * The frame's geometry in whole modules, so that a PNG's height stays a multiple of its scale:
 * a box a sixth of the symbol high (4 modules at least) with a module of space on each side.
 */
function frameBand(size: number): { height: number; box: number; stroke: number; radius: number } {
  const box = Math.max(4, Math.round(size / 6));
  return { height: box + 2, box, stroke: Math.max(0.5, Math.round(box / 5) / 2), radius: box / 4 };
}

function corners(radius: number) {
  return { topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius };
}
