import { stampModules } from './module-tiles';
import { blankRaster, drawShapes, type RasterBand, type RgbaImage, type SceneImagePainter } from './scene-raster';
import type { StyledQrLayers } from './styled-qr-scene';

/**
 * A styled code's pixels at `scale` pixels per module: the background, the dark modules stamped cell
 * by cell, then the rest of the scene (finders, logo, frame) as `sceneRaster` draws it. The same
 * picture as `sceneRaster` of `styledQrScene` (to rounding in a few edge pixels) at a fraction of the
 * cost: no path text is built for the modules, nor read back. With `band`, only those rows.
 */
export function styledRaster(
  layers: StyledQrLayers,
  scale: number,
  paintImage: SceneImagePainter,
  band?: RasterBand,
): RgbaImage {
  const image = blankRaster(layers.scene, scale, band);
  stampModules(layers.modules, scale, image, band);
  drawShapes(layers.scene.shapes, scale, image, paintImage, band?.top ?? 0);
  return image;
}
