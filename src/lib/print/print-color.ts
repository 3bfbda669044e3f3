import type { SceneColor } from '../qr/qr-scene';

/** The print black: written as pure K, never as a rich RGB black that would print in four inks. */
const BLACK = '#000000';

/** The colour's three channels, 0 to 1, in plain decimals. */
function channels(color: SceneColor): string {
  return [1, 3, 5]
    .map((at) => String(Math.round((parseInt(color.slice(at, at + 2), 16) / 255) * 10000) / 10000))
    .join(' ');
}

/** PDF fill colour: `0 g` (DeviceGray 0) for black, else `r g b rg` (DeviceRGB). */
export function pdfFillColor(color: SceneColor): string {
  return color === BLACK ? '0 g' : `${channels(color)} rg`;
}

/** PostScript fill colour: `0 setgray` for black, else `r g b setrgbcolor`. */
export function psFillColor(color: SceneColor): string {
  return color === BLACK ? '0 setgray' : `${channels(color)} setrgbcolor`;
}
