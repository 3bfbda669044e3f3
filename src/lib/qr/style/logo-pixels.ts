import { Resvg } from '@resvg/resvg-js';
import { decode as decodeJpeg } from 'jpeg-js';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import type { QrLogoMediaType } from './qr-style';
import { QR_STYLE_LIMITS } from './qr-style';
import { resampleRgba } from './rgba-resample';
import type { RgbaImage, SceneImagePainter } from './scene-raster';

/** Pixels (4 bytes each) of drawn logos kept for the next code: a batch or a client asking again. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** Logos drawn lately, by their bytes' digest and size, least recently used first. */
const drawn = new Map<string, RgbaImage>();
let keptBytes = 0;

/**
 * Draws a scene's logo at `width × height` pixels: fitted inside the box with its aspect ratio
 * kept and centred (as SVG's default `xMidYMid meet` places it). PNG is decoded by pngjs, JPEG by
 * jpeg-js, both then resampled; an SVG logo (already cleaned) is drawn by resvg with no system
 * fonts and nothing to load. A logo drawn lately at that size is taken from a small cache keyed
 * by its bytes (a worker gets a copy of the logo with each code, so identity cannot tell).
 */
export const paintLogo: SceneImagePainter = (image, width, height) => {
  const key = `${createHash('sha256').update(image.data).digest('base64')} ${width}x${height}`;
  let raster = drawn.get(key);
  if (raster) {
    drawn.delete(key);
  } else {
    raster = fitted(image.mediaType, image.data, width, height);
    keptBytes += raster.data.length;
  }
  drawn.set(key, raster);
  for (const [oldest, kept] of drawn) {
    if (keptBytes <= KEPT_BYTES || oldest === key) break;
    drawn.delete(oldest);
    keptBytes -= kept.data.length;
  }
  return raster;
};

/** A PNG or JPEG file's pixels; throws on anything that is not a whole, decodable image. */
export function decodeRasterLogo(mediaType: Exclude<QrLogoMediaType, 'image/svg+xml'>, data: Uint8Array): RgbaImage {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (mediaType === 'image/png') {
    const png = PNG.sync.read(bytes);
    return {
      width: png.width,
      height: png.height,
      data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length),
    };
  }
  const megapixels = (QR_STYLE_LIMITS.logoMaxPixels * QR_STYLE_LIMITS.logoMaxPixels) / 1e6;
  const jpeg = decodeJpeg(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: megapixels,
    maxMemoryUsageInMB: 64,
  });
  return { width: jpeg.width, height: jpeg.height, data: jpeg.data };
}

/** Draws a cleaned SVG logo with resvg, `width` pixels wide or `height` high, whichever binds. */
export function drawSvgLogo(svg: Uint8Array, width: number, height: number): RgbaImage {
  const options = { font: { loadSystemFonts: false }, logLevel: 'off' as const };
  const natural = new Resvg(Buffer.from(svg), options);
  const wide = natural.width * height >= natural.height * width;
  const rendered = new Resvg(Buffer.from(svg), {
    ...options,
    fitTo: wide ? { mode: 'width', value: width } : { mode: 'height', value: height },
  }).render();
  // resvg's pixels are premultiplied; the rasteriser lays straight colours.
  const data = new Uint8Array(rendered.pixels);
  for (let offset = 0; offset < data.length; offset += 4) {
    const alpha = data[offset + 3];
    if (alpha === 0 || alpha === 255) continue;
    for (let channel = 0; channel < 3; channel++)
      data[offset + channel] = Math.min(255, Math.round((data[offset + channel] * 255) / alpha));
  }
  return { width: rendered.width, height: rendered.height, data };
}

function fitted(mediaType: QrLogoMediaType, data: Uint8Array, width: number, height: number): RgbaImage {
  let image: RgbaImage;
  if (mediaType === 'image/svg+xml') {
    image = drawSvgLogo(data, width, height);
  } else {
    const source = decodeRasterLogo(mediaType, data);
    const scale = Math.min(width / source.width, height / source.height);
    image = resampleRgba(
      source,
      Math.max(1, Math.round(source.width * scale)),
      Math.max(1, Math.round(source.height * scale)),
    );
  }
  return centred(image, width, height);
}

function centred(image: RgbaImage, width: number, height: number): RgbaImage {
  if (image.width === width && image.height === height) return image;
  const data = new Uint8Array(width * height * 4);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  for (let row = 0; row < Math.min(image.height, height - top); row++) {
    const start = row * image.width * 4;
    data.set(
      image.data.subarray(start, start + Math.min(image.width, width - left) * 4),
      ((top + row) * width + left) * 4,
    );
  }
  return { width, height, data };
}
