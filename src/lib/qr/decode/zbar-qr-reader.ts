import { ZBarConfigType, ZBarScanner, ZBarSymbolType, scanGrayBuffer, setModuleArgs } from '@undecaf/zbar-wasm';
import type { QrReader } from './qr-reader';
import type { GreyImage } from './decodable-image';

let loaded: Promise<void> | undefined;

/** Loads the WebAssembly module once per thread (a scanner's creation compiles it the first time). */
function loadZbar(): Promise<void> {
  loaded ??= (async () => {
    // The package reads zbar.wasm from beside its own script; naming the installed file keeps that true wherever the
    // script is loaded from, and nothing is ever fetched.
    const wasm = require.resolve('@undecaf/zbar-wasm/dist/zbar.wasm');
    setModuleArgs({ locateFile: () => wasm });
    (await ZBarScanner.create()).destroy();
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * A new ZBar scanner for QR codes alone (with every symbology on it can report a spurious linear barcode beside a QR
 * code), in binary mode, so that it hands back the symbol's bytes instead of text in a character set it guessed.
 * New for every image: ZBar's QR reader fits finder lines with a random sampler whose state outlives a scan, so a
 * reused scanner may read an image once and miss it the next time; a new one reads the same image the same way.
 */
export async function qrScanner(): Promise<ZBarScanner> {
  await loadZbar();
  const created = await ZBarScanner.create();
  created.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_ENABLE, 0);
  created.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_ENABLE, 1);
  created.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_BINARY, 1);
  return created;
}

/** Full scans after a sparse miss: each draws new samples, as a phone reads the next frame. */
const FULL_SCANS = 3;

export const zbarQrReader: QrReader = {
  async prepare() {
    await loadZbar();
  },
  async read(image, options = {}) {
    const sparse = Math.max(1, Math.floor((options.modulePixels ?? 1) / 2));
    const between = Math.floor(sparse / 2);
    const scanner = await qrScanner();
    try {
      // Two lines a module find square finders, not every round one: a sparse miss is read again line by line.
      if (sparse > 1) {
        const found = await scan(scanner, image, sparse);
        if (found.length > 0) return found;
      }
      // Four lines a module find round finders at half the cost of every line. On a scanner of its own, so that
      // the sparse and full scans above and below run exactly as they would without it: it can add reads, never
      // lose one.
      if (between > 1) {
        const found = await scanOnce(image, between);
        if (found.length > 0) return found;
      }
      for (let full = 0; full < FULL_SCANS; full++) {
        const found = await scan(scanner, image, 1);
        if (found.length > 0) return found;
      }
      return [];
    } finally {
      scanner.destroy();
    }
  },
};

/** One scan at `density` by a new scanner. */
async function scanOnce(image: GreyImage, density: number): Promise<Uint8Array[]> {
  const scanner = await qrScanner();
  try {
    return await scan(scanner, image, density);
  } finally {
    scanner.destroy();
  }
}

async function scan(scanner: ZBarScanner, image: GreyImage, density: number): Promise<Uint8Array[]> {
  scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_X_DENSITY, density);
  scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_Y_DENSITY, density);
  const { data } = image;
  // The package copies the plane into its own memory; it takes a whole ArrayBuffer.
  const grey = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data.buffer : data.slice().buffer;
  const symbols = await scanGrayBuffer(grey as ArrayBuffer, image.width, image.height, scanner);
  // Copied out of the symbols, which belong to the scanner.
  return symbols
    .filter((symbol) => symbol.type === ZBarSymbolType.ZBAR_QRCODE)
    .map(({ data }) => Uint8Array.from(data));
}
