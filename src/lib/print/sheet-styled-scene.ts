import { checkCode } from '../qr/decode';
import { qrMatrix } from '../qr/qr-matrix';
import type { QrScene } from '../qr/qr-scene';
import { paintLogo } from '../qr/style/logo-pixels';
import type { ResolvedQrStyle } from '../qr/style/qr-style';
import { qrLogoFit } from '../qr/style/qr-logo-fit';
import { styledQrLayers, styledQrScene } from '../qr/style/styled-qr-scene';
import { styledRaster } from '../qr/style/styled-raster';
import { releaseRaster } from '../qr/style/scene-raster';
import type { QrLevel } from '../vcard';

/** Pixels a module the check reads a sheet's styled code at: the styled PDF's own check scale. */
const CHECK_SCALE = 4;

/** A styled code of a sheet: its scene when both decoders read it back, else why it is left out. */
export type SheetStyledScene = { scene: QrScene } | { unreadable: string };

/**
 * A planned payload's code in the batch's style, checked as every styled code is: drawn at 4 pixels
 * a module and read back by both decoders to exactly the payload's bytes. A logo that clears more
 * than the level recovers, or whose pixels cannot be decoded, fails the check too. The scene
 * returned is the one the check read, to be written as vectors.
 */
export async function sheetStyledScene(
  payload: string,
  level: QrLevel,
  style: ResolvedQrStyle,
  margin: number,
): Promise<SheetStyledScene> {
  const matrix = qrMatrix(payload, level);
  if (style.logo && !qrLogoFit(matrix.version, level, style.logo.size).fits)
    return { unreadable: `its styled code's logo is too large for a version ${matrix.version} code at level ${level}` };
  let image;
  try {
    image = styledRaster(styledQrLayers(matrix, style, { margin }), CHECK_SCALE, paintLogo);
  } catch {
    return { unreadable: "its styled code's logo could not be decoded" };
  }
  const check = await checkCode(image, Buffer.from(payload, 'utf8'), { modulePixels: CHECK_SCALE });
  releaseRaster(image);
  const failed = [check.zbar ? '' : 'ZBar', check.zxing ? '' : 'ZXing'].filter(Boolean);
  if (failed.length > 0)
    return { unreadable: `its styled code failed the check (${failed.join(' and ')} did not read it back)` };
  return { scene: styledQrScene(matrix, style, { margin }) };
}
