import { readFileSync } from 'node:fs';
import {
  BINARIZERS,
  CHARACTER_SETS,
  EAN_ADD_ON_SYMBOLS,
  TEXT_MODES,
  defaultReaderOptions,
  encodeFormats,
  prepareZXingModule,
  type ReaderOptions,
  type ZXingReadResult,
  type ZXingReaderModule,
  type ZXingReaderOptions,
  type ZXingVector,
} from 'zxing-wasm/reader';
import type { QrReader } from './qr-reader';

/** Model 2 is the QR code every writer draws; zxing-cpp names it either way. */
const QR_FORMATS = new Set<string>(['QRCode', 'QRCodeModel2']);

/** How the check reads with ZXing; exported so a test can read the same image through `readBarcodes`. */
export const ZXING_READER_OPTIONS: ReaderOptions = {
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

/**
 * Reader options as the module's own reader takes them: the enumerations as their indices in the package's lists,
 * as `readBarcodes` converts them before the same call.
 */
export function moduleReaderOptions(readerOptions: ReaderOptions): ZXingReaderOptions {
  const options = { ...defaultReaderOptions, ...readerOptions };
  return {
    ...options,
    formats: encodeFormats(options.formats),
    binarizer: BINARIZERS.indexOf(options.binarizer),
    eanAddOnSymbol: EAN_ADD_ON_SYMBOLS.indexOf(options.eanAddOnSymbol),
    textMode: TEXT_MODES.indexOf(options.textMode),
    characterSet: CHARACTER_SETS.indexOf(options.characterSet),
  } as ZXingReaderOptions;
}

/** ZXING_READER_OPTIONS as the module's own reader takes them. */
const MODULE_OPTIONS: ZXingReaderOptions = moduleReaderOptions(ZXING_READER_OPTIONS);

/**
 * The results vector as Embind hands it over: a handle to a C++ vector, released only by `delete()`,
 * which the package's type leaves out.
 */
export type EmbindVector<T> = ZXingVector<T> & { delete(): void };

/** The module's Emscripten memory, which its type leaves to the global EmscriptenModule this project does not load. */
export type ZxingInstance = ZXingReaderModule & {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
};

let loaded: Promise<ZxingInstance> | undefined;

/**
 * zxing-wasm fetches its .wasm from a CDN unless given the binary: it is read here from the installed package, once
 * per thread, so the service works offline and downloads nothing.
 */
export function zxingModule(): Promise<ZxingInstance> {
  loaded ??= Promise.resolve()
    .then(
      () =>
        prepareZXingModule({
          overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
          fireImmediately: true,
        }) as Promise<ZxingInstance>,
    )
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}

/**
 * The results ZXing reads from a grey plane with `options`, each handed to `each` while the vector
 * lives. The grey plane goes to the module's pixmap reader, which `readBarcodes` calls with the
 * plane it computes from RGBA pixels (decodableGrey computes the same plane, in the pass that makes
 * ZBar's). The vector is released here, not left to the garbage collector (the package's own
 * `readBarcodes` never deletes it): undeleted, each read kept 7-16 KB outside the JavaScript heap
 * for good, which a worker reading thousands of codes never gave back.
 */
export async function readZxingPixmap(
  image: { data: Uint8Array; width: number; height: number },
  options: ZXingReaderOptions,
  each: (result: ZXingReadResult) => void,
): Promise<void> {
  const zxing = await zxingModule();
  const pointer = zxing._malloc(image.data.length);
  if (!pointer) throw new Error('ZXing could not allocate the image in its memory.');
  try {
    zxing.HEAPU8.set(image.data, pointer);
    const results = zxing.readBarcodesFromPixmap(
      pointer,
      image.width,
      image.height,
      options,
    ) as EmbindVector<ZXingReadResult>;
    try {
      for (let i = 0; i < results.size(); i++) {
        const result = results.get(i);
        if (result) each(result);
      }
    } finally {
      results.delete();
    }
  } finally {
    zxing._free(pointer);
  }
}

export const zxingQrReader: QrReader = {
  async prepare() {
    await zxingModule();
  },
  async read(image) {
    const symbols: Uint8Array[] = [];
    // `bytes` is a copy in JavaScript's memory: it outlives the vector.
    await readZxingPixmap(image, MODULE_OPTIONS, (result) => {
      if (result.isValid && QR_FORMATS.has(result.format)) symbols.push(result.bytes);
    });
    return symbols;
  },
};
