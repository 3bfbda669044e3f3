import { deflateSync } from 'node:zlib';
import type { QrScene, SceneFill, SceneImage } from '../qr/qr-scene';
import { ascii85 } from './ascii85';
import { psFillColor } from './print-color';
import { psShading } from './print-shading';
import { formatNumber, scenePathOperators } from './scene-path-operators';
import { logoRgbRaster } from './scene-logo-raster';

/** Options of a one-code EPS. */
export interface SceneEpsOptions {
  /** The picture's width in points: the code with its quiet zone. A frame band adds height only. */
  widthPt: number;
}

const MAX_LINE = 255;
// The path operators of the PDF writer, bound to their PostScript names (scenePathOperators).
const PROLOG = [
  '/m /moveto load def',
  '/l /lineto load def',
  '/c /curveto load def',
  '/h /closepath load def',
  // PDF's re: a closed rectangle subpath from (x, y), w wide and h high.
  '/re { 4 2 roll moveto 1 index 0 rlineto 0 exch rlineto neg 0 rlineto closepath } bind def',
];

/**
 * The scene as Encapsulated PostScript 3.0: a `%%BoundingBox` of whole points rounded outward, a
 * `%%HiResBoundingBox` of exactly the size, modules as filled paths, black as `0 setgray` (pure K),
 * other colours as RGB, nothing painted behind a transparent scene. A logo, which EPS cannot show
 * with soft transparency, is drawn opaque over the scene's background (white when transparent).
 * No dates or names of the machine: the same scene and width give the same bytes.
 */
export function sceneEps(scene: QrScene, { widthPt }: SceneEpsOptions): Buffer {
  const heightPt = (widthPt * scene.height) / scene.width;
  const scale = widthPt / scene.width;
  const lines = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(widthPt - 1e-9)} ${Math.ceil(heightPt - 1e-9)}`,
    `%%HiResBoundingBox: 0 0 ${formatNumber(widthPt)} ${formatNumber(heightPt)}`,
    '%%Title: QR code',
    '%%Creator: vcard-payload-service',
    '%%LanguageLevel: 3',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    ...PROLOG,
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    // Scene units from here on: one module per unit, y growing downwards from the top-left corner.
    `0 ${formatNumber(heightPt)} translate ${formatNumber(scale)} ${formatNumber(-scale)} scale`,
  ];
  if (typeof scene.background === 'string') {
    const box = `0 0 ${formatNumber(scene.width)} ${formatNumber(scene.height)} rectfill`;
    lines.push(`${psFillColor(scene.background)} ${box}`);
  } else if (scene.background !== null) {
    const box = `0 0 ${formatNumber(scene.width)} ${formatNumber(scene.height)} re`;
    lines.push(...shadedPath(scene.background, box, false));
  }
  for (const shape of scene.shapes) {
    if (shape.kind !== 'path') lines.push(...epsImage(shape, scale, scene.background ?? '#ffffff'));
    else if (typeof shape.fill === 'string') {
      const fill = shape.fillRule === 'evenodd' ? 'eofill' : 'fill';
      lines.push(...wrapped(`newpath ${psFillColor(shape.fill)} ${scenePathOperators(shape.d)} ${fill}`));
    } else lines.push(...shadedPath(shape.fill, scenePathOperators(shape.d), shape.fillRule === 'evenodd'));
  }
  lines.push('grestore', 'showpage', '%%Trailer', '%%EOF', '');
  return Buffer.from(lines.join('\n'), 'latin1');
}

/** An outline clipped and filled by a gradient's shading (`shfill`, LanguageLevel 3): vectors, never pixels. */
function shadedPath(fill: Exclude<SceneFill, string>, outline: string, evenOdd: boolean): string[] {
  return wrapped(`gsave newpath ${outline} ${evenOdd ? 'eoclip' : 'clip'} newpath ${psShading(fill)} shfill grestore`);
}

/** PostScript text in lines of at most 255 characters, as the document structuring conventions require. */
function wrapped(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (text.length - start > MAX_LINE) {
    const end = text.lastIndexOf(' ', start + MAX_LINE);
    lines.push(text.slice(start, end));
    start = end + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

/** The logo as an RGB image in its box, its pixels deflated and ASCII85-encoded inline. */
function epsImage(shape: SceneImage, scale: number, background: SceneFill): string[] {
  const { width, height, rgb } = logoRgbRaster(shape, shape.width * scale, shape.height * scale, background);
  const box = [shape.x, shape.y, shape.width, shape.height].map(formatNumber);
  return [
    'gsave',
    `${box[0]} ${box[1]} translate ${box[2]} ${box[3]} scale /DeviceRGB setcolorspace`,
    // The unit square's top row is the image's first row: y grows downwards here, as in the image.
    `<< /ImageType 1 /Width ${width} /Height ${height} /BitsPerComponent 8 /Decode [0 1 0 1 0 1]`,
    ` /ImageMatrix [${width} 0 0 ${height} 0 0]`,
    ' /DataSource currentfile /ASCII85Decode filter /FlateDecode filter >> image',
    ascii85(deflateSync(rgb)),
    'grestore',
  ];
}
