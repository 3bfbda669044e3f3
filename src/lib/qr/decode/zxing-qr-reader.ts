import { readFileSync } from 'node:fs';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { QrReader } from './qr-reader';

/** Model 2 is the QR code every writer draws; zxing-cpp names it either way. */
const QR_FORMATS = new Set<string>(['QRCode', 'QRCodeModel2']);

const OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  // The code is drawn upright, dark on light: rotated tries only slow down the reading of a code that fails, and an
  // inverted try would pass a light-on-dark code that many phone readers miss.
  tryRotate: false,
  tryInvert: false,
  // The image is the code as drawn, at the scale it is sent: neither a second pass over downscaled
  // copies nor the slower search for damaged finder patterns reads more of what a phone would.
  tryHarder: false,
  tryDownscale: false,
  // A second symbol is enough to fail the check; looking for more only costs.
  maxNumberOfSymbols: 2,
  // Only the raw bytes are compared; no character set is guessed for the text beside them.
  characterSet: 'BINARY',
  textMode: 'Plain',
};

/** What readBarcodes takes: a file's bytes or, used here, pixels as an ImageData. */
type ZxingInput = Parameters<typeof readBarcodes>[0];

let loaded: Promise<unknown> | undefined;

/**
 * zxing-wasm fetches its .wasm from a CDN unless given the binary: it is read here from the installed package, once
 * per thread, so the service works offline and downloads nothing.
 */
function zxingModule(): Promise<unknown> {
  loaded ??= Promise.resolve()
    .then(() =>
      prepareZXingModule({
        overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
        fireImmediately: true,
      }),
    )
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}

export const zxingQrReader: QrReader = {
  async prepare() {
    await zxingModule();
  },
  async read(image) {
    await zxingModule();
    // readBarcodes reads any { data, width, height } of RGBA pixels; its type names the DOM's ImageData class.
    const pixels = { width: image.width, height: image.height, data: image.data } as unknown as ZxingInput;
    const results = await readBarcodes(pixels, OPTIONS);
    return results.filter((result) => result.isValid && QR_FORMATS.has(result.format)).map((result) => result.bytes);
  },
};
