import { Resvg } from '@resvg/resvg-js';
import type { SceneFill, SceneImage } from '../qr/qr-scene';
import { SvgGradients } from '../qr/style/svg-gradient';

/** Raster resolution for logos drawn in print, pixels per inch; a logo is never over the limit a side. */
const LOGO_PPI = 600;
const MAX_SIDE_PX = 2048;

/** Pixels for a box `widthPt` × `heightPt` points at the logo resolution, at least one a side. */
function boxPixels(widthPt: number, heightPt: number): { width: number; height: number } {
  const scale = Math.min(LOGO_PPI / 72, MAX_SIDE_PX / Math.max(widthPt, heightPt));
  return { width: Math.max(1, Math.round(widthPt * scale)), height: Math.max(1, Math.round(heightPt * scale)) };
}

/** resvg with no system fonts: the picture never depends on the machine it is drawn on. */
function render(svg: string | Buffer, options: { width?: number; background?: string }) {
  return new Resvg(svg, {
    font: { loadSystemFonts: false },
    fitTo: options.width === undefined ? { mode: 'original' } : { mode: 'width', value: options.width },
    background: options.background,
  }).render();
}

/**
 * The logo as a file PDFKit embeds: PNG and JPEG as given, an SVG drawn to a PNG (transparency kept)
 * at the logo resolution for a box `widthPt` points wide.
 */
export function pdfLogoFile(image: SceneImage, widthPt: number, heightPt: number): Buffer {
  const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  if (image.mediaType !== 'image/svg+xml') return data;
  return Buffer.from(render(data, { width: boxPixels(widthPt, heightPt).width }).asPng());
}

/** An opaque RGB raster, 3 bytes a pixel, rows top to bottom. */
export interface RgbRaster {
  width: number;
  height: number;
  rgb: Buffer;
}

/**
 * The logo fitted into its box (centred, aspect kept, as an SVG `<image>` draws it) over `background`
 * (a gradient as it lies under the box in the scene), as opaque RGB pixels for formats without
 * transparency (EPS). Any of the three image types goes through resvg, so no separate PNG or JPEG
 * decoder is needed.
 */
export function logoRgbRaster(image: SceneImage, widthPt: number, heightPt: number, background: SceneFill): RgbRaster {
  const { width, height } = boxPixels(widthPt, heightPt);
  const href = `data:${image.mediaType};base64,${Buffer.from(image.data).toString('base64')}`;
  const gradients = new SvgGradients();
  // The scene's units mapped onto the box's pixels, for a gradient laid over the whole scene.
  const [kx, ky] = [width / image.width, height / image.height];
  const backdrop =
    typeof background === 'string'
      ? ''
      : `<g transform="matrix(${kx} 0 0 ${ky} ${-image.x * kx} ${-image.y * ky})">` +
        `<rect x="${image.x}" y="${image.y}" width="${image.width}" height="${image.height}" fill="${gradients.paint(background)}"/></g>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `${gradients.defs()}${backdrop}<image width="${width}" height="${height}" href="${href}"/></svg>`;
  const rendered = render(svg, { background: typeof background === 'string' ? background : undefined });
  const rgba = rendered.pixels;
  const rgb = Buffer.alloc(rendered.width * rendered.height * 3);
  for (let pixel = 0, out = 0; pixel < rgba.length; pixel += 4, out += 3) {
    rgb[out] = rgba[pixel];
    rgb[out + 1] = rgba[pixel + 1];
    rgb[out + 2] = rgba[pixel + 2];
  }
  return { width: rendered.width, height: rendered.height, rgb };
}
