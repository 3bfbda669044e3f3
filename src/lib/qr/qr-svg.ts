import { forEachDarkRun } from './dark-runs';
import type { QrMatrix } from './qr-matrix';
import type { QrRaster } from './qr-png';

/**
 * The symbol as SVG text: a white square and one path of dark runs, in module units, drawn at
 * `(size + 2·margin) · scale` pixels like the PNG. Written from the matrix already built rather
 * than with `qrcode`'s toString, which would build the symbol a second time.
 */
export function qrSvg(matrix: QrMatrix, { scale, margin }: QrRaster): string {
  const { size } = matrix;
  const extent = size + 2 * margin;
  const pixels = extent * scale;
  let path = '';
  forEachDarkRun(matrix, (row, start, end) => {
    path += `M${start + margin} ${row + margin}h${end - start}v1h${start - end}z`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${extent} ${extent}" shape-rendering="crispEdges">` +
    `<rect width="${extent}" height="${extent}" fill="#fff"/><path fill="#000" d="${path}"/></svg>\n`
  );
}
