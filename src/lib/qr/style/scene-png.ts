import type { QrScene } from '../qr-scene';
import { paintLogo } from './logo-pixels';
import { rgbaPng } from './rgba-png';
import { sceneRaster, type RgbaImage } from './scene-raster';

/** A scene's pixels at `scale` pixels per module, the logo drawn in: what the PNG holds, and what the check reads. */
export function sceneRgba(scene: QrScene, scale: number): RgbaImage {
  return sceneRaster(scene, scale, paintLogo);
}

/** A scene as PNG bytes at `scale` pixels per module (8-bit RGBA). */
export function scenePng(scene: QrScene, scale: number): Buffer {
  return rgbaPng(sceneRgba(scene, scale));
}
