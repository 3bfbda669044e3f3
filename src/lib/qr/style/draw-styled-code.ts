import { MAX_DECODED_SIDE } from '../decode/decodable-image';
import { qrMatrix } from '../qr-matrix';
import type { QrLevel } from '../../vcard/qr-capacity';
import { paintLogo } from './logo-pixels';
import { modulePath } from './module-shapes';
import { qrLogoFit } from './qr-logo-fit';
import type { ResolvedQrStyle } from './qr-style';
import { bandedRgbaPng, rgbaPng } from './rgba-png';
import type { RgbaImage } from './scene-raster';
import { sceneSvg } from './scene-svg';
import { styledQrLayers, type StyledQrLayers } from './styled-qr-scene';
import { styledRaster } from './styled-raster';

/** What to draw: a payload's code at a level, in a judged style, as a PNG or an SVG. */
export interface StyledCodeOrder {
  payload: string;
  level: QrLevel;
  style: ResolvedQrStyle;
  /** Quiet zone in modules. */
  margin: number;
  /** Pixels per module (the PNG's, and the SVG's stated size). */
  scale: number;
  type: 'png' | 'svg';
  /** The version to draw when larger than the payload's smallest (a code grown to fit its logo). */
  version?: number;
  /** `full`: read from the whole proof set besides the file; else from the file's raster alone (an archive's items). */
  proof?: 'full';
}

/** A drawn code, and the pixels the readability check reads. */
export interface StyledCodeDrawing {
  file: Buffer;
  /** The picture's size in pixels at `scale`. */
  width: number;
  height: number;
  version: number;
  /** Cleared modules over all modules of the symbol (0 without a logo), 3 decimals. */
  logoShare: number;
  /**
   * The file's pixels as sent: the PNG's own (or the SVG's at its stated size) when at most
   * MAX_DECODED_SIDE a side, else a copy at 4 to 8 pixels a module.
   */
  check: { image: RgbaImage; modulePixels: number };
  /** The scene it was drawn from, which the proof draws again at other sizes. */
  layers: StyledQrLayers;
}

/** Why a code was not drawn: its logo's pixels could not be decoded, or it clears more than the level recovers. */
export type StyledCodeRefusal = { refused: 'logo_undecodable' | 'logo_too_large' };

/** Pixels a band of a PNG too large to hold whole may have (16 MiB of RGBA). */
const BAND_PIXELS = 1 << 22;

/**
 * Draws a styled code (Node side: PNG and JPEG logos are decoded here). The PNG's raster is drawn
 * once and is also what the check reads, when it is at most MAX_DECODED_SIDE pixels a side; a
 * larger PNG is drawn and compressed band by band, and the check reads a copy at the largest scale
 * from 4 to 8 pixels a module that fits. An SVG's check reads its scene drawn at its stated size
 * (`scale`, or that copy) by the same rasteriser, which draws what the SVG describes: the PNG's
 * raster of the same order, so both get one verdict.
 */
export async function drawStyledCode(order: StyledCodeOrder): Promise<StyledCodeDrawing | StyledCodeRefusal> {
  const { payload, level, style, margin, scale, type } = order;
  const matrix = qrMatrix(payload, level, order.version);
  const fit = style.logo ? qrLogoFit(matrix.version, level, style.logo.size) : undefined;
  if (fit && !fit.fits) return { refused: 'logo_too_large' };
  const layers = styledQrLayers(matrix, style, { margin });
  const { scene } = layers;
  const width = scene.width * scale;
  const height = scene.height * scale;
  const drawing = { width, height, version: matrix.version, logoShare: fit?.share ?? 0, layers };
  // The judge checked the logo's form and header; pixels that still cannot be decoded are refused
  // here, before anything is drawn (the drawing then takes the logo from paintLogo's cache).
  const fitsWhole = width <= MAX_DECODED_SIDE && height <= MAX_DECODED_SIDE;
  const copyScale = Math.max(4, Math.min(8, Math.floor(MAX_DECODED_SIDE / Math.max(scene.width, scene.height))));
  const checkScale = fitsWhole ? scale : copyScale;
  if ((type === 'png' && !logoDecodes(layers, scale)) || !logoDecodes(layers, checkScale))
    return { refused: 'logo_undecodable' };
  if (type === 'svg') {
    const modules = modulePath(matrix, style.modules, layers.modules.origin, layers.modules.skip);
    const shapes = modules
      ? [
          { kind: 'path' as const, fill: layers.modules.fill, fillRule: 'nonzero' as const, d: modules },
          ...scene.shapes,
        ]
      : scene.shapes;
    const file = Buffer.from(sceneSvg({ ...scene, shapes }, { scale }), 'utf8');
    return { ...drawing, file, check: checkCopy(layers, checkScale) };
  }
  if (fitsWhole) {
    const image = styledRaster(layers, scale, paintLogo);
    return { ...drawing, file: rgbaPng(image), check: { image, modulePixels: scale } };
  }
  const bandRows = Math.max(1, Math.floor(BAND_PIXELS / width));
  const file = await bandedRgbaPng(width, height, bandRows, (band) => styledRaster(layers, scale, paintLogo, band));
  return { ...drawing, file, check: checkCopy(layers, copyScale) };
}

/** Whether the scene's logo, if any, can be drawn at `scale` (decoding it is the first step). */
function logoDecodes({ scene }: StyledQrLayers, scale: number): boolean {
  for (const shape of scene.shapes) {
    if (shape.kind !== 'image') continue;
    try {
      paintLogo(shape, Math.round(shape.width * scale), Math.round(shape.height * scale));
    } catch {
      return false;
    }
  }
  return true;
}

function checkCopy(layers: StyledQrLayers, modulePixels: number): StyledCodeDrawing['check'] {
  return { image: styledRaster(layers, modulePixels, paintLogo), modulePixels };
}
