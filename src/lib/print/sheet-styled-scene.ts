import { checkCode } from '../qr/decode';
import { qrMatrix } from '../qr/qr-matrix';
import type { QrScene } from '../qr/qr-scene';
import { proveCode } from '../qr/proof/prove-code';
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
 * a module and read back by both decoders to exactly the payload's bytes; with `fullProof`, read
 * from the whole proof set as well (a single styled code's proof, that 4-pixel raster as the file
 * as sent). A logo that clears more than the level recovers, or whose pixels cannot be decoded,
 * fails the check too. The scene returned is the one the check read, to be written as vectors.
 */
export async function sheetStyledScene(
  payload: string,
  level: QrLevel,
  style: ResolvedQrStyle,
  margin: number,
  fullProof = false,
): Promise<SheetStyledScene> {
  const matrix = qrMatrix(payload, level);
  if (style.logo && !qrLogoFit(matrix.version, level, style.logo.size).fits)
    return { unreadable: `its styled code's logo is too large for a version ${matrix.version} code at level ${level}` };
  const layers = styledQrLayers(matrix, style, { margin });
  let image;
  try {
    image = styledRaster(layers, CHECK_SCALE, paintLogo);
  } catch {
    return { unreadable: "its styled code's logo could not be decoded" };
  }
  const expected = Buffer.from(payload, 'utf8');
  const check = fullProof
    ? await proveCode({
        version: matrix.version,
        draw: (pxPerModule) => styledRaster(layers, pxPerModule, paintLogo),
        asSent: { image, modulePixels: CHECK_SCALE },
        expected,
      })
    : await checkCode(image, expected, { modulePixels: CHECK_SCALE });
  releaseRaster(image);
  const failed = [check.zbar ? '' : 'ZBar', check.zxing ? '' : 'ZXing'].filter(Boolean);
  if (failed.length > 0)
    return {
      unreadable: fullProof
        ? `its styled code failed the proof (${failed.join(' and ')} did not read it back from the file and all proof renderings but one)`
        : `its styled code failed the check (${failed.join(' and ')} did not read it back)`,
    };
  return { scene: styledQrScene(matrix, style, { margin }) };
}
