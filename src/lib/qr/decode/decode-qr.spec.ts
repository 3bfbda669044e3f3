import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as QRCode from 'qrcode';
import { cutNetwork } from '../../../../test/utils/network-guard';
import { enlarged, readPngAsRgba, readPngsAsRgba } from '../../../../test/utils/rgba-png-reader';
import { QR_BYTE_CAPACITY, type QrLevel } from '../../vcard';
import { qrMatrix, type QrMatrix } from '../qr-matrix';
import { qrPng } from '../qr-png';
import { checkCode, decodeQr, MAX_DECODED_SIDE, prepareQrDecoders, type RgbaImage } from '.';
import { decodableGrey } from './decodable-image';
import { zxingQrReader } from './zxing-qr-reader';

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];
/** Scripts a contact may carry: accented Latin, Greek, Cyrillic, CJK, an emoji (4 UTF-8 bytes), a line break. */
const PIECES = ['Zoë ', 'Ελένη ', 'Дмитрий ', '山田太郎 ', '😀', '\r\n', 'BEGIN:VCARD', ';', 'é'];

/** A string of exactly `bytes` UTF-8 bytes: the pieces in turn while they fit, then ASCII. */
function payloadOfBytes(pieces: string[], bytes: number): string {
  let payload = '';
  let length = 0;
  for (let i = 0; pieces.length > 0 && i < 4 * bytes; i++) {
    const piece = pieces[i % pieces.length];
    const size = Buffer.byteLength(piece, 'utf8');
    if (length + size > bytes) break;
    payload += piece;
    length += size;
  }
  return payload + 'x'.repeat(bytes - length);
}

/** The smallest and largest byte counts that need exactly version `version` at `level`. */
function bytesOfVersion(level: QrLevel, version: number): [number, number] {
  const capacity = QR_BYTE_CAPACITY[level];
  return [version === 1 ? 1 : capacity[version - 2] + 1, capacity[version - 1]];
}

function pngOf(matrix: QrMatrix, scale = 4): Buffer {
  return qrPng(matrix, { scale, margin: 4 });
}

const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** V8's full collection, callable without starting Node with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

describe('decodeQr and checkCode (ZBar and ZXing as WebAssembly, reading images pngjs decoded to RGBA)', () => {
  let networkAttempts: string[];
  const wasmReads: string[] = [];
  beforeAll(() => {
    networkAttempts = cutNetwork();
    const readFileSync = fs.readFileSync;
    jest.spyOn(fs, 'readFileSync').mockImplementation(((...args: Parameters<typeof readFileSync>) => {
      if (String(args[0]).endsWith('.wasm')) wasmReads.push(String(args[0]));
      return readFileSync(...args);
    }) as typeof readFileSync);
  });
  afterAll(() => {
    jest.restoreAllMocks();
  });

  it('loads both decoders from the installed packages with the network cut off', async () => {
    await prepareQrDecoders();
    const payload = 'BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD';
    const image = readPngAsRgba(pngOf(qrMatrix(payload, 'M')));
    expect(await checkCode(image, utf8(payload))).toEqual({ zbar: true, zxing: true });
    expect(networkAttempts).toEqual([]);
  });

  it('reads every version, 1 to 40, back to exactly the payload bytes (non-ASCII UTF-8 included)', async () => {
    const versions = Array.from({ length: 40 }, (_, i) => i + 1);
    const cases = versions.map((version) => {
      const level = LEVELS[version % LEVELS.length];
      const [, most] = bytesOfVersion(level, version);
      const payload = payloadOfBytes(PIECES, most);
      const matrix = qrMatrix(payload, level);
      expect(matrix.version).toBe(version);
      return { payload, matrix };
    });
    const images = readPngsAsRgba(cases.map(({ matrix }) => pngOf(matrix, 1)));
    for (const [i, { payload }] of cases.entries()) {
      const found = await decodeQr(enlarged(images[i], 4));
      expect({ version: i + 1, ...found }).toEqual({ version: i + 1, zbar: [utf8(payload)], zxing: [utf8(payload)] });
    }
  }, 60_000);

  it('reads random payloads at random versions, levels and scales back to their bytes (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LEVELS),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }))),
        fc.integer({ min: 3, max: 5 }),
        async (level, version, share, pieces, scale) => {
          const [least, most] = bytesOfVersion(level, version);
          const payload = payloadOfBytes(pieces, least + Math.floor(share * (most - least)));
          const matrix = qrMatrix(payload, level);
          expect(matrix.version).toBe(version);
          const image = enlarged(readPngAsRgba(pngOf(matrix, 1)), scale);
          expect(await decodeQr(image)).toEqual({ zbar: [utf8(payload)], zxing: [utf8(payload)] });
          expect(await checkCode(image, utf8(payload))).toEqual({ zbar: true, zxing: true });
        },
      ),
      { seed: 20261105, numRuns: 12 },
    );
  }, 60_000);

  it('returns the raw bytes of a payload that is not UTF-8, with no character set guessed', async () => {
    // Latin-1 "é", then Shift_JIS "あ": a reader that guessed a character set would hand back other bytes.
    const bytes = new Uint8Array([0xe9, 0x41, 0x82, 0xa0, 0x0d, 0x0a, 0xff]);
    const symbol = QRCode.create([{ data: Buffer.from(bytes), mode: 'byte' }], { errorCorrectionLevel: 'M' });
    const matrix = { version: symbol.version, size: symbol.modules.size, modules: symbol.modules.data };
    expect(await decodeQr(readPngAsRgba(pngOf(matrix)))).toEqual({ zbar: [bytes], zxing: [bytes] });
  });

  it('reads translucent pixels as composited over white (a code drawn on a transparent background)', async () => {
    const payload = 'BEGIN:VCARD\r\nFN:Ελένη\r\nEND:VCARD';
    const image = readPngAsRgba(pngOf(qrMatrix(payload, 'Q')));
    // Light pixels become fully transparent black: read by their colour alone, the whole image would be black.
    for (let i = 0; i < image.data.length; i += 4) if (image.data[i] === 255) image.data.fill(0, i, i + 4);
    expect(await checkCode(image, utf8(payload))).toEqual({ zbar: true, zxing: true });
  });

  describe('images that must not pass', () => {
    const payload = payloadOfBytes(PIECES, 120);
    const matrix = qrMatrix(payload, 'M');
    const code = (): RgbaImage => readPngAsRgba(pngOf(matrix));

    it('a blank image: no symbol, and neither decoder passes', async () => {
      const blank: RgbaImage = { width: 200, height: 200, data: new Uint8Array(200 * 200 * 4).fill(255) };
      expect(await decodeQr(blank)).toEqual({ zbar: [], zxing: [] });
      expect(await checkCode(blank, utf8(payload))).toEqual({ zbar: false, zxing: false });
    });

    it('a code whose top-left finder pattern is wiped out', async () => {
      const image = code();
      const side = image.width;
      // The finder is 7 modules square after the 4-module quiet zone, 4 px a module.
      for (let y = 16; y < 16 + 28; y++) image.data.fill(255, (y * side + 16) * 4, (y * side + 16 + 28) * 4);
      expect(await checkCode(image, utf8(payload))).toEqual({ zbar: false, zxing: false });
    });

    it('a code of another payload: both read it, and neither passes for the expected bytes', async () => {
      const image = code();
      const other = utf8(payload.replace('Zoë', 'Zoe'));
      expect(await decodeQr(image)).toEqual({ zbar: [utf8(payload)], zxing: [utf8(payload)] });
      expect(await checkCode(image, other)).toEqual({ zbar: false, zxing: false });
      expect(await checkCode(image, utf8(payload).subarray(1))).toEqual({ zbar: false, zxing: false });
    });

    it('two codes side by side: both are found, and the check passes neither', async () => {
      const left = code();
      const right = readPngAsRgba(pngOf(qrMatrix('BEGIN:VCARD\r\nFN:Other\r\nEND:VCARD', 'M')));
      const height = Math.max(left.height, right.height);
      const width = left.width + right.width;
      const data = new Uint8Array(width * height * 4).fill(255);
      for (let y = 0; y < height; y++) {
        if (y < left.height) data.set(left.data.subarray(y * left.width * 4, (y + 1) * left.width * 4), y * width * 4);
        if (y < right.height)
          data.set(right.data.subarray(y * right.width * 4, (y + 1) * right.width * 4), (y * width + left.width) * 4);
      }
      const found = await decodeQr({ width, height, data });
      expect([found.zbar.length, found.zxing.length]).toEqual([2, 2]);
      expect(await checkCode({ width, height, data }, utf8(payload))).toEqual({ zbar: false, zxing: false });
    });
  });

  it('keeps nothing of a read: 600 more reads by ZXing leave no memory behind', async () => {
    // A worker reads thousands of codes (a styled codes.zip, a sheet). ZXing's results vector,
    // left undeleted, kept about 16 KB of this code's every read outside the heap for good: 9.6 MB
    // over these reads (1.5 MB with it deleted, none of it growing with more reads).
    const payload = payloadOfBytes(PIECES, 600);
    const image = readPngAsRgba(pngOf(qrMatrix(payload, 'H'), 6));
    const grey = decodableGrey(image);
    for (let i = 0; i < 20; i++) expect(await checkCode(image, utf8(payload))).toEqual({ zbar: true, zxing: true });
    const collect = collector();
    collect();
    const before = process.memoryUsage().external;
    for (let i = 0; i < 600; i++) expect(await zxingQrReader.read(grey.zxing)).toHaveLength(1);
    collect();
    expect(process.memoryUsage().external - before).toBeLessThan(4 << 20);
  });

  it('refuses an image that is not width × height RGBA pixels, or is larger than the bound', async () => {
    await expect(decodeQr({ width: 10, height: 10, data: new Uint8Array(399) })).rejects.toThrow(RangeError);
    await expect(decodeQr({ width: 0, height: 10, data: new Uint8Array(0) })).rejects.toThrow(RangeError);
    const side = MAX_DECODED_SIDE + 1;
    await expect(decodeQr({ width: side, height: 1, data: new Uint8Array(side * 4) })).rejects.toThrow(RangeError);
  });

  it('touched no network in the whole suite, and read each WebAssembly binary from its package once', () => {
    expect(networkAttempts).toEqual([]);
    expect(wasmReads.sort()).toEqual(
      [
        require.resolve('@undecaf/zbar-wasm/dist/zbar.wasm'),
        require.resolve('zxing-wasm/reader/zxing_reader.wasm'),
      ].sort(),
    );
  });
});
