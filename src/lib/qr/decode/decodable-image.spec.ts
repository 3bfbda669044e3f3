import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readBarcodes } from 'zxing-wasm/reader';
import { readPngAsRgba } from '../../../../test/utils/rgba-png-reader';
import { qrMatrix } from '../qr-matrix';
import { qrPng } from '../qr-png';
import { decodableGrey, zbarLuma, zxingLuma, type DecodableGrey } from './decodable-image';
import { decodeQr, prepareQrDecoders } from './decode-qr';
import { ZXING_READER_OPTIONS, zxingQrReader } from './zxing-qr-reader';
import type { RgbaImage } from './rgba-image';

/** What the check did before one pass made both planes: translucent pixels composited over white, rounded. */
function compositedOverWhite({ width, height, data }: RgbaImage): RgbaImage {
  const flat = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const opacity = data[i + 3];
    const white = 255 * (255 - opacity);
    for (let channel = 0; channel < 3; channel++)
      flat[i + channel] = Math.round((data[i + channel] * opacity + white) / 255);
    flat[i + 3] = 255;
  }
  return { width, height, data: flat };
}

/** Each library's own RGBA-to-grey loop, byte by byte: ZBar's createFromRGBABuffer and zxing-wasm's readBarcodes. */
function referencePlanes(image: RgbaImage): { zbar: Uint8Array; zxing: Uint8Array } {
  const { data } = compositedOverWhite(image);
  const zbar = new Uint8Array(data.length / 4);
  const zxing = new Uint8Array(data.length / 4);
  for (let pixel = 0; pixel < zbar.length; pixel++) {
    const i = pixel * 4;
    zbar[pixel] = (19595 * data[i] + 38469 * data[i + 1] + 7472 * data[i + 2]) >> 16;
    zxing[pixel] = (306 * data[i] + 601 * data[i + 1] + 117 * data[i + 2] + 512) >> 10;
  }
  return { zbar, zxing };
}

/**
 * Images of few colours in runs (as codes are drawn: short ones, and long ones across rows), some translucent, at a
 * byte offset or not.
 */
const images = fc
  .record({
    width: fc.integer({ min: 1, max: 40 }),
    height: fc.integer({ min: 1, max: 24 }),
    palette: fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 1, maxLength: 6 }),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 64 }),
    run: fc.integer({ min: 1, max: 50 }),
    offset: fc.constantFrom(0, 4, 8),
  })
  .map(({ width, height, palette, picks, run, offset }): RgbaImage => {
    const buffer = new Uint8Array(offset + width * height * 4);
    const data = buffer.subarray(offset);
    const view = new DataView(data.buffer, data.byteOffset);
    for (let pixel = 0; pixel < width * height; pixel++) {
      // Runs of `run` pixels of one palette colour, picked in turn (two picks in a row make a longer run).
      const colour = palette[picks[Math.floor(pixel / run) % picks.length] % palette.length];
      view.setUint32(pixel * 4, colour, true);
    }
    return { width, height, data };
  });

describe('decodableGrey', () => {
  it('gives each decoder the plane its own library computes from the image composited over white (fast-check)', () => {
    fc.assert(
      fc.property(images, (image) => {
        const grey = decodableGrey(image);
        const reference = referencePlanes(image);
        expect(grey.zbar).toEqual({ width: image.width, height: image.height, data: reference.zbar });
        expect(grey.zxing).toEqual({ width: image.width, height: image.height, data: reference.zxing });
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('writes into the planes it is lent when they are of the image size, with the same result (fast-check)', () => {
    let lent: DecodableGrey | undefined;
    let reused = 0;
    fc.assert(
      fc.property(images, (image) => {
        const grey = decodableGrey(image, lent);
        if (lent && lent.zbar.data.length === image.width * image.height) {
          expect([grey.zbar.data, grey.zxing.data]).toEqual([lent.zbar.data, lent.zxing.data]);
          reused += grey.zbar.data === lent.zbar.data && grey.zxing.data === lent.zxing.data ? 1 : 0;
        }
        const reference = referencePlanes(image);
        expect([grey.zbar.data, grey.zxing.data]).toEqual([reference.zbar, reference.zxing]);
        lent = grey;
      }),
      { seed: 20261128, numRuns: 300 },
    );
    expect(reused).toBeGreaterThan(0);
  });

  it('has the same luma functions as the reference on every opaque grey and on random colours', () => {
    for (let v = 0; v < 256; v++) expect([zbarLuma(v, v, v), zxingLuma(v, v, v)]).toEqual([v, v]);
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), (red, green, blue) => {
        const image = { width: 1, height: 1, data: new Uint8Array([red, green, blue, 255]) };
        const reference = referencePlanes(image);
        expect([zbarLuma(red, green, blue), zxingLuma(red, green, blue)]).toEqual([
          reference.zbar[0],
          reference.zxing[0],
        ]);
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it('refuses an image that is not width × height RGBA pixels', () => {
    expect(() => decodableGrey({ width: 2, height: 2, data: new Uint8Array(15) })).toThrow(RangeError);
    expect(() => decodableGrey({ width: 1.5, height: 2, data: new Uint8Array(12) })).toThrow(RangeError);
  });
});

describe('the ZXing reader on a grey plane', () => {
  // Loads the module from the installed package, for readBarcodes too (it shares the prepared module).
  beforeAll(() => prepareQrDecoders());
  /** A code in colour, inverted, or with a translucent background: the options decide what is read. */
  const payload = 'BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD';
  const code = readPngAsRgba(qrPng(qrMatrix(payload, 'Q'), { scale: 4, margin: 4 }));
  const recoloured = (map: (dark: boolean) => [number, number, number, number]): RgbaImage => {
    const data = new Uint8Array(code.data.length);
    for (let i = 0; i < data.length; i += 4) data.set(map(code.data[i] === 0), i);
    return { ...code, data };
  };
  const cases: Record<string, RgbaImage> = {
    'dark blue on white': recoloured((dark) => (dark ? [26, 58, 107, 255] : [255, 255, 255, 255])),
    'light on dark (not read: no inverted try)': recoloured((dark) => (dark ? [255, 255, 255, 255] : [0, 0, 0, 255])),
    'on a translucent background': recoloured((dark) => (dark ? [0, 0, 0, 255] : [0, 0, 0, 20])),
    'red on pink (low contrast)': recoloured((dark) => (dark ? [200, 40, 40, 255] : [255, 210, 210, 255])),
  };

  it('reads codes of one size checked at once on one thread each with its own planes', async () => {
    const payloads = ['BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD', 'BEGIN:VCARD\r\nFN:Bob\r\nEND:VCARD'];
    const codes = payloads.map((text) => readPngAsRgba(qrPng(qrMatrix(text, 'Q'), { scale: 4, margin: 4 })));
    expect(codes[0].width).toBe(codes[1].width);
    const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));
    for (let round = 0; round < 3; round++) {
      const found = await Promise.all([...codes, ...codes].map((image) => decodeQr(image)));
      expect(found).toEqual([...payloads, ...payloads].map((text) => ({ zbar: [utf8(text)], zxing: [utf8(text)] })));
    }
  });

  it.each(Object.keys(cases))('reads what readBarcodes reads from the RGBA pixels: %s', async (name) => {
    const image = cases[name];
    const library = await readBarcodes(
      compositedOverWhite(image) as unknown as Parameters<typeof readBarcodes>[0],
      ZXING_READER_OPTIONS,
    );
    const expected = library.filter((result) => result.isValid).map((result) => result.bytes);
    expect(expected.length).toBe(name.includes('not read') ? 0 : 1);
    expect(await zxingQrReader.read(decodableGrey(image).zxing)).toEqual(expected);
  });
});
