import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { inflateSync } from 'node:zlib';
import { validatedContact } from '../../../test/fixtures/vcard/contact.arbitrary';
import { readPng, rasteriseSvg, zbarRead, type GreyImage } from '../../../test/utils/qr-image-reader';
import { encodeVCard, QR_BYTE_CAPACITY, type QrLevel } from '../vcard';
import { QrLevelCapacityError, qrMatrix, type QrMatrix } from './qr-matrix';
import { qrPng } from './qr-png';
import { qrSvg } from './qr-svg';

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

/** Every pixel is the module it lies in: black for a dark module, white elsewhere and in the margin. */
function expectPixelsMatch(image: GreyImage, matrix: QrMatrix, scale: number, margin: number): void {
  const side = (17 + 4 * matrix.version + 2 * margin) * scale;
  expect(matrix.size).toBe(17 + 4 * matrix.version);
  expect([image.width, image.height]).toEqual([side, side]);
  // The colour of each module, margin included, then each pixel against its module.
  const modules = side / scale;
  const colours = new Uint8Array(modules * modules).fill(255);
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.modules[row * matrix.size + column] === 1) colours[(row + margin) * modules + column + margin] = 0;
    }
  }
  for (let y = 0; y < side; y++) {
    const rowStart = ((y / scale) | 0) * modules;
    for (let x = 0; x < side; x++) {
      const expected = colours[rowStart + ((x / scale) | 0)];
      if (image.pixels[y * side + x] !== expected)
        throw new Error(`pixel (${x}, ${y}) should be ${expected === 0 ? 'black' : 'white'}`);
    }
  }
}

/**
 * The PNG's scanlines as the format defines them for this image, pixel by pixel: a filter byte of 0
 * (none), then one bit a pixel from the left, 1 for white, and the last byte's unused bits 1.
 */
function expectedScanlines(matrix: QrMatrix, scale: number, margin: number): Buffer {
  const side = (matrix.size + 2 * margin) * scale;
  const stride = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(stride * side, 0xff);
  for (let y = 0; y < side; y++) {
    raw[y * stride] = 0;
    const row = Math.floor(y / scale) - margin;
    for (let x = 0; x < side; x++) {
      const column = Math.floor(x / scale) - margin;
      const inside = row >= 0 && row < matrix.size && column >= 0 && column < matrix.size;
      if (inside && matrix.modules[row * matrix.size + column] === 1)
        raw[y * stride + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
  }
  return raw;
}

/** The PNG's image data, inflated: its one IDAT chunk follows the signature and IHDR. */
function scanlinesOf(png: Buffer): Buffer {
  expect(png.toString('latin1', 37, 41)).toBe('IDAT');
  return inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
}

/**
 * What zbar reads best, once every pixel is known to be right: three to four pixels a module (scale
 * 1 and 2 enlarged, 40 sampled down) and a quiet zone of four modules.
 */
function readable(scale: number, margin: number): { zoom: number; border: number } {
  const zoom = scale < 3 ? Math.ceil(3 / scale) : scale > 8 ? 4 / scale : 1;
  return { zoom, border: margin < 4 ? Math.ceil(4 * scale * zoom) : 0 };
}

describe('QR images (qrMatrix + qrPng / qrSvg, read back by pngjs, resvg and zbar)', () => {
  /** Each renderer's image as pixels, read back by an independent decoder: pngjs, or resvg for SVG. */
  const renderers: Array<[string, (matrix: QrMatrix, scale: number, margin: number) => GreyImage, number]> = [
    [
      'a PNG (1-bit greyscale, read by pngjs)',
      (matrix, scale, margin) => {
        const png = qrPng(matrix, { scale, margin });
        expect(png.subarray(24, 26)).toEqual(Buffer.from([1, 0])); // IHDR: bit depth 1, colour type 0
        return readPng(png);
      },
      25,
    ],
    ['an SVG (drawn by resvg)', (matrix, scale, margin) => readPng(rasteriseSvg(qrSvg(matrix, { scale, margin }))), 20],
  ];

  it.each(renderers)(
    '%s is exactly the symbol at (17 + 4v + 2·margin)·scale pixels, and zbar reads the payload bytes back',
    async (_name, render, numRuns) => {
      await fc.assert(
        fc.asyncProperty(
          validatedContact,
          fc.constantFrom(...LEVELS),
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 0, max: 16 }),
          async (contact, level, scale, margin) => {
            const { qrPayload } = encodeVCard(contact);
            const bytes = Buffer.from(qrPayload, 'utf8');
            fc.pre(bytes.length <= QR_BYTE_CAPACITY[level][39]);
            const matrix = qrMatrix(qrPayload, level);
            const image = render(matrix, scale, margin);
            expectPixelsMatch(image, matrix, scale, margin);
            expect(Buffer.compare(await zbarRead(image, readable(scale, margin)), bytes)).toBe(0);
          },
        ),
        // Reported as found, not shrunk: each shrink step would draw and decode another image (a
        // child process each), and a smaller contact says nothing more about a misread image.
        { numRuns, endOnFailure: true },
      );
    },
  );

  it.each([
    [1, 0],
    [40, 0],
    [1, 16],
    [40, 16],
  ])('scale %i and margin %i (the bounds) draw a readable code', async (scale, margin) => {
    const { qrPayload } = encodeVCard({ fullName: 'Zoë Ångström-李小龍 😀 \\,;:' });
    // At forty pixels a module an image has millions of pixels: the two extreme levels there.
    for (const level of scale === 1 ? LEVELS : (['L', 'H'] as const)) {
      const matrix = qrMatrix(qrPayload, level);
      const png = readPng(qrPng(matrix, { scale, margin }));
      expectPixelsMatch(png, matrix, scale, margin);
      expect((await zbarRead(png, readable(scale, margin))).toString('utf8')).toBe(qrPayload);
    }
  });

  // Scales up to 11 take every path of the writer (runs within a byte and across bytes, unused bits,
  // one to four doublings of a scanline); larger ones only repeat them, at millions of pixels each.
  it('writes every scanline of the PNG bit for bit as the format defines it', () => {
    fc.assert(
      fc.property(
        validatedContact,
        fc.constantFrom(...LEVELS),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 0, max: 16 }),
        (contact, level, scale, margin) => {
          const { qrPayload } = encodeVCard(contact);
          fc.pre(Buffer.byteLength(qrPayload) <= QR_BYTE_CAPACITY[level][39]);
          const matrix = qrMatrix(qrPayload, level);
          const scanlines = scanlinesOf(qrPng(matrix, { scale, margin }));
          expect(scanlines.equals(expectedScanlines(matrix, scale, margin))).toBe(true);
        },
      ),
      { seed: 37, numRuns: 40 },
    );
  });

  it('uses the smallest version that holds the bytes at the level, and refuses a payload no version holds', () => {
    for (const level of LEVELS) {
      const capacity = QR_BYTE_CAPACITY[level];
      expect(qrMatrix('x'.repeat(capacity[9]), level).version).toBe(10);
      expect(qrMatrix('x'.repeat(capacity[9] + 1), level).version).toBe(11);
      expect(qrMatrix('é'.repeat(capacity[39] / 2), level).version).toBeLessThanOrEqual(40);
      const tooLong = 'ü'.repeat(Math.floor(capacity[39] / 2) + 1);
      expect(() => qrMatrix(tooLong, level)).toThrow(QrLevelCapacityError);
      try {
        qrMatrix(tooLong, level);
      } catch (error) {
        expect(error).toMatchObject({ bytes: Buffer.byteLength(tooLong), capacity: capacity[39], level });
        expect((error as Error).message).not.toContain('ü');
      }
    }
  });

  it('a typical business card is a PNG under 2 KB at the default scale and margin', () => {
    const { qrPayload } = encodeVCard({
      fullName: 'Ada Lovelace',
      organization: 'Analytical Engines Ltd',
      title: 'Principal Engineer',
      phone: '+44 20 7946 0958',
      email: 'ada@example.com',
      website: 'https://example.com/ada',
      address: "12 St James's Square, London SW1Y 4JH",
    });
    expect(qrPng(qrMatrix(qrPayload, 'M'), { scale: 8, margin: 4 }).length).toBeLessThan(2048);
  });
});
