import type { QrScene } from '../qr-scene';
import { sceneNumber as num } from './scene-path-builder';
import { SvgGradients } from './svg-gradient';

/** How big the SVG says it is: pixels per module, or a printed width in millimetres. */
export type SceneSvgSize = { scale: number } | { widthMm: number };

/**
 * A scene as SVG text in module units: the background, each path, the logo as an inline data URL;
 * gradients as SVG gradients in a `<defs>` first (none for a scene of plain colours).
 * No `<text>` and no reference to anything outside the document, so it looks the same wherever it
 * is opened. Deterministic: the same scene gives the same text.
 */
export function sceneSvg(scene: QrScene, size: SceneSvgSize): string {
  const { width, height } = scene;
  const [outerWidth, outerHeight] =
    'scale' in size
      ? [num(width * size.scale), num(height * size.scale)]
      : [`${num(size.widthMm)}mm`, `${num((size.widthMm * height) / width)}mm`];
  const gradients = new SvgGradients();
  let body = scene.background
    ? `<rect width="${width}" height="${height}" fill="${gradients.paint(scene.background)}"/>`
    : '';
  for (const shape of scene.shapes) {
    if (shape.kind === 'path') {
      const rule = shape.fillRule === 'evenodd' ? ' fill-rule="evenodd"' : '';
      body += `<path fill="${gradients.paint(shape.fill)}"${rule} d="${shape.d}"/>`;
    } else {
      body +=
        `<image x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.width)}" height="${num(shape.height)}"` +
        ` href="data:${shape.mediaType};base64,${base64(shape.data)}"/>`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outerWidth}" height="${outerHeight}"` +
    ` viewBox="0 0 ${width} ${height}">${gradients.defs()}${body}</svg>\n`
  );
}

/** Base64 with the platform's btoa (browsers and Node alike), a chunk at a time to bound the call stack. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}
