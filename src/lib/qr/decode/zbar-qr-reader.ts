import { ZBarConfigType, ZBarScanner, ZBarSymbolType, scanGrayBuffer, setModuleArgs } from '@undecaf/zbar-wasm';
import type { QrReader } from './qr-reader';
import { pixelWords, type RgbaImage } from './rgba-image';

let scanner: Promise<ZBarScanner> | undefined;

/**
 * ZBar (the C reader, as WebAssembly), configured once per thread for QR codes alone (with every symbology on it can
 * report a spurious linear barcode beside a QR code) and in binary mode, so that it hands back the symbol's bytes
 * instead of text in a character set it guessed.
 */
function qrScanner(): Promise<ZBarScanner> {
  scanner ??= (async () => {
    // The package reads zbar.wasm from beside its own script; naming the installed file keeps that true wherever the
    // script is loaded from, and nothing is ever fetched.
    const wasm = require.resolve('@undecaf/zbar-wasm/dist/zbar.wasm');
    setModuleArgs({ locateFile: () => wasm });
    const created = await ZBarScanner.create();
    created.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_ENABLE, 0);
    created.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_ENABLE, 1);
    created.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_BINARY, 1);
    return created;
  })().catch((error: unknown) => {
    scanner = undefined;
    throw error;
  });
  return scanner;
}

/**
 * The image's luma, one byte a pixel, with ZBar's own weights (what its RGBA entry point computes,
 * there in a slower loop that also copies the pixels first).
 */
function luma(image: RgbaImage): ArrayBuffer {
  const grey = new Uint8Array(image.width * image.height);
  // One 32-bit read a pixel, a third of the loads of byte reads.
  const pixels = pixelWords(image);
  for (let index = 0; index < grey.length; index++) {
    const pixel = pixels[index];
    grey[index] = (19595 * (pixel & 0xff) + 38469 * ((pixel >>> 8) & 0xff) + 7472 * ((pixel >>> 16) & 0xff)) >> 16;
  }
  return grey.buffer;
}

export const zbarQrReader: QrReader = {
  async prepare() {
    await qrScanner();
  },
  async read(image, options = {}) {
    const scanner = await qrScanner();
    const density = Math.max(1, Math.floor((options.modulePixels ?? 1) / 2));
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_X_DENSITY, density);
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_Y_DENSITY, density);
    const symbols = await scanGrayBuffer(luma(image), image.width, image.height, scanner);
    return symbols
      .filter((symbol) => symbol.type === ZBarSymbolType.ZBAR_QRCODE)
      .map(({ data }) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  },
};
