import { ZBarConfigType, ZBarSymbolType, scanGrayBuffer } from '@undecaf/zbar-wasm';
import type { GreyImage } from '../qr/decode/decodable-image';
import { qrScanner } from '../qr/decode/zbar-qr-reader';
import type { ScannedSymbol, ScanPoint, ScanQuad } from './scan-symbol';

/**
 * Every QR symbol ZBar reads in a grey plane, with its corners; a light-on-dark
 * code (which ZBar does not look for) is read from the inverted plane when `inverted` asks for it.
 * ZBar tells neither version, level nor mask.
 */
export async function zbarScan(image: GreyImage, inverted = false): Promise<ScannedSymbol[]> {
  // The package copies the plane into its own memory; it takes a whole ArrayBuffer of its own (a
  // native copy: Uint8Array.from walks an iterator, a million steps).
  const grey = image.data.slice();
  if (inverted) for (let i = 0; i < grey.length; i++) grey[i] = 255 - grey[i];
  // Every other line first (half the cost; two lines a module still cross every finder of a code
  // over 2 px a module), every line only when that finds nothing.
  for (const density of [2, 1]) {
    const found = await scanAt(grey, image, density, inverted);
    if (found.length > 0) return found;
  }
  return [];
}

async function scanAt(
  grey: Uint8Array,
  image: GreyImage,
  density: number,
  inverted: boolean,
): Promise<ScannedSymbol[]> {
  const scanner = await qrScanner();
  try {
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_X_DENSITY, density);
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_Y_DENSITY, density);
    const symbols = await scanGrayBuffer(grey.slice().buffer, image.width, image.height, scanner);
    return symbols
      .filter((symbol) => symbol.type === ZBarSymbolType.ZBAR_QRCODE && symbol.points.length >= 4)
      .map((symbol) => ({
        bytes: Uint8Array.from(symbol.data, (byte) => byte & 0xff),
        position: zbarQuad(symbol.points),
        inverted,
      }));
  } finally {
    scanner.destroy();
  }
}

/**
 * ZBar's corners of a QR symbol (its first is the top left finder's outer corner, then down the left
 * side: top left, bottom left, bottom right, top right) in ScanQuad's order.
 */
function zbarQuad(points: ScanPoint[]): ScanQuad {
  const [topLeft, bottomLeft, bottomRight, topRight] = points.map(({ x, y }) => ({ x, y }));
  return [topLeft, topRight, bottomRight, bottomLeft];
}
