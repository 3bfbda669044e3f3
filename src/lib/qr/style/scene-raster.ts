import type { QrScene, SceneImage, SceneShape } from '../qr-scene';
import { gradientShader, type PixelShader } from './gradient-shader';
import { accumulatePath, type CoverageRegion } from './path-coverage';
import { blend, opaquePixel, rgb } from './raster-pixel';
import { paintShadedCoverage } from './shaded-coverage';

/** Pixels as 8-bit RGBA, row by row, not premultiplied. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Draws a scene's image (the logo) at a size in pixels, as RGBA of exactly that size. */
export type SceneImagePainter = (image: SceneImage, width: number, height: number) => RgbaImage;

/** Rows `top` to `top + height` (exclusive) of a picture, in pixels: a band drawn on its own. */
export interface RasterBand {
  top: number;
  height: number;
}

/**
 * A scene drawn at `scale` pixels per module: the background, then every shape in order, paths
 * anti-aliased by their exact area, images by `paintImage`, each laid over what is below it. A
 * transparent background stays transparent where nothing is drawn. Pure arithmetic, so the same
 * scene gives the same pixels. With `band`, only those rows: a picture too large to hold whole is
 * drawn band by band, each exactly as those rows of the whole.
 */
export function sceneRaster(
  scene: QrScene,
  scale: number,
  paintImage: SceneImagePainter,
  band?: RasterBand,
): RgbaImage {
  const image = blankRaster(scene, scale, band);
  drawShapes(scene.shapes, scale, image, paintImage, band?.top ?? 0);
  return image;
}

/** The scene's background alone, at `scale` (all of it, or the band's rows). */
export function blankRaster(
  scene: Pick<QrScene, 'width' | 'height' | 'background'>,
  scale: number,
  band?: RasterBand,
): RgbaImage {
  const width = Math.round(scene.width * scale);
  const height = band?.height ?? Math.round(scene.height * scale);
  const lent = spareRaster?.length === width * height * 4 ? spareRaster : undefined;
  if (lent) spareRaster = undefined;
  const data = lent ?? new Uint8Array(width * height * 4);
  const pixels = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
  const { background } = scene;
  if (typeof background === 'string') pixels.fill(opaquePixel(...rgb(background)));
  else if (background) {
    const shade = gradientShader(background, scale, width, band?.top ?? 0);
    for (let y = 0; y < height; y++) {
      const twin = shade.rowTwin(y);
      if (twin >= 0) pixels.copyWithin(y * width, twin * width, (twin + 1) * width);
      else shade.run(pixels, y * width, (y + 1) * width);
    }
  } else if (lent) data.fill(0);
  return { width, height, data };
}

/**
 * Pictures of up to this many pixels (8 MiB of RGBA; a typical card's styled code at 8 pixels a
 * module has 0.7 million) are kept for the next one of the same size on their thread; a band of a
 * picture too large to hold whole (16 MiB) is not.
 */
const SPARE_PIXELS = 1 << 21;
/** A picture given back with `releaseRaster`, lent to the next `blankRaster` of its size. */
let spareRaster: Uint8Array | undefined;
/** The coverage areas of the last picture drawn, lent (zeroed) to the next `drawShapes` of its size. */
let spareArea: Float32Array | undefined;

/**
 * Gives a picture's pixels back for the next one drawn on this thread, once nothing reads them any
 * more. A worker drawing thousands of codes then writes into the same memory each time, instead of
 * leaving the allocator megabytes freed in pieces it keeps for good (bench/README.md, "A styled archive
 * on two threads").
 */
export function releaseRaster(image: RgbaImage): void {
  const { data } = image;
  if (data.length <= SPARE_PIXELS * 4) spareRaster = data;
}

/** Draws `shapes` in order over `image`, whose first row is row `top` of the whole picture. */
export function drawShapes(
  shapes: readonly SceneShape[],
  scale: number,
  image: RgbaImage,
  paintImage: SceneImagePainter,
  top = 0,
): void {
  const { width, height, data } = image;
  const pixels = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
  let area: Float32Array | undefined;
  for (const shape of shapes) {
    if (shape.kind === 'path') {
      area ??= coverageAreas((width + 2) * height);
      const region = accumulatePath(shape.d, scale, width, height, area, top);
      const evenOdd = shape.fillRule === 'evenodd';
      if (typeof shape.fill === 'string') paintCoverage(area, region, data, pixels, width, rgb(shape.fill), evenOdd);
      else {
        const shade: PixelShader = gradientShader(shape.fill, scale, width, top);
        paintShadedCoverage(area, region, { data, pixels, width }, shade, evenOdd);
      }
    } else {
      const imageTop = Math.round(shape.y * scale) - top;
      const imageHeight = Math.round(shape.height * scale);
      if (imageTop >= height || imageTop + imageHeight <= 0) continue;
      const painted = paintImage(shape, Math.round(shape.width * scale), imageHeight);
      layImage(painted, Math.round(shape.x * scale), imageTop, data, width, height);
    }
  }
  if (area && area.length <= SPARE_PIXELS) spareArea = area;
}

/** Zeroed areas of `length` cells: the spare ones when they have that length (zeroed again), else new ones. */
function coverageAreas(length: number): Float32Array {
  const lent = spareArea?.length === length ? spareArea : undefined;
  spareArea = undefined;
  return lent ? lent.fill(0) : new Float32Array(length);
}

/**
 * Lays a path's colour over the pixels its accumulated areas cover, row by row, zeroing the areas
 * as it goes for the next path: each written cell is visited, and the whole pixels between two of
 * them are filled at once.
 */
function paintCoverage(
  area: Float32Array,
  region: CoverageRegion,
  data: Uint8Array,
  pixels: Uint32Array,
  width: number,
  [r, g, b]: [number, number, number],
  evenOdd: boolean,
): void {
  const solid = opaquePixel(r, g, b);
  const { written, words, stride } = region;
  for (let row = 0; row < region.height; row++) {
    const line = (region.y + row) * width + region.x;
    const areaRow = row * stride;
    let winding = 0;
    let alpha = 0;
    let next = 0;
    for (let word = 0; word < words; word++) {
      let bits = written[row * words + word];
      written[row * words + word] = 0;
      while (bits !== 0) {
        const cell = (word << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (cell >= region.width) {
          area[areaRow + cell] = 0;
          continue;
        }
        // The pixels since the last written cell share its winding: whole ones are one fill.
        if (alpha === 255) fillPixels(pixels, solid, line + next, line + cell);
        else if (alpha !== 0)
          for (let pixel = line + next; pixel < line + cell; pixel++) blend(data, pixel * 4, r, g, b, alpha);
        winding += area[areaRow + cell];
        area[areaRow + cell] = 0;
        const magnitude = winding < 0 ? -winding : winding;
        const covered = evenOdd ? 1 - Math.abs(1 - (magnitude % 2)) : magnitude > 1 ? 1 : magnitude;
        alpha = Math.round(covered * 255);
        if (alpha === 255) pixels[line + cell] = solid;
        else if (alpha !== 0) blend(data, (line + cell) * 4, r, g, b, alpha);
        next = cell + 1;
      }
    }
    if (alpha === 255) fillPixels(pixels, solid, line + next, line + region.width);
  }
}

/** Sets pixels `from` to `to` (exclusive): a loop for a few, the native fill (a call's overhead) for more. */
function fillPixels(pixels: Uint32Array, value: number, from: number, to: number): void {
  if (to - from > 24) pixels.fill(value, from, to);
  else for (let pixel = from; pixel < to; pixel++) pixels[pixel] = value;
}

/** Lays an image over the picture, its top-left corner at (`left`, `top`); `top` may be above the picture. */
function layImage(image: RgbaImage, left: number, top: number, data: Uint8Array, width: number, height: number): void {
  for (let row = Math.max(0, -top); row < image.height && top + row < height; row++) {
    for (let column = 0; column < image.width && left + column < width; column++) {
      const source = (row * image.width + column) * 4;
      const alpha = image.data[source + 3];
      if (alpha !== 0)
        blend(
          data,
          ((top + row) * width + left + column) * 4,
          image.data[source],
          image.data[source + 1],
          image.data[source + 2],
          alpha,
        );
    }
  }
}
