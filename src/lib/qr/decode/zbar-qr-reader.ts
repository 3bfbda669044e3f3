import { ZBarConfigType, ZBarScanner, ZBarSymbolType, scanRGBABuffer, setModuleArgs } from '@undecaf/zbar-wasm';
import type { QrReader } from './qr-reader';
import type { RgbaImage } from './rgba-image';

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

/** ZBar takes the pixels as a whole ArrayBuffer of exactly `width · height · 4` bytes. */
function wholeBuffer(data: RgbaImage['data']): ArrayBuffer {
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  return (whole ? data.buffer : data.slice().buffer) as ArrayBuffer;
}

export const zbarQrReader: QrReader = {
  async prepare() {
    await qrScanner();
  },
  async read(image) {
    const symbols = await scanRGBABuffer(wholeBuffer(image.data), image.width, image.height, await qrScanner());
    return symbols
      .filter((symbol) => symbol.type === ZBarSymbolType.ZBAR_QRCODE)
      .map(({ data }) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  },
};
