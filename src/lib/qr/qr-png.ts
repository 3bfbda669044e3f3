import { crc32, deflateSync } from 'node:zlib';
import type { QrMatrix } from './qr-matrix';

/** Pixels per module and quiet-zone width in modules (docs/api.md#qr-code-images). */
export interface QrRaster {
  scale: number;
  margin: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The symbol as a 1-bit greyscale PNG: `(size + 2·margin) · scale` pixels square, dark modules on an
 * opaque white background. Written here over Node's zlib rather than with `qrcode`'s own PNG
 * renderer, which builds an 8-bit RGBA image through pngjs at many times the CPU and bytes for
 * the same code (bench/README.md, "QR images").
 */
export function qrPng(matrix: QrMatrix, { scale, margin }: QrRaster): Buffer {
  const { size, modules } = matrix;
  const width = (size + 2 * margin) * scale;
  // Each scanline is a filter-type byte (0: none) and the row's bits, 1 for white.
  const stride = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(stride * width, 0xff);
  const line = Buffer.alloc(stride);
  for (let row = 0; row < size; row++) {
    line.fill(0xff);
    line[0] = 0;
    for (let column = 0; column < size; column++) {
      if (modules[row * size + column] === 0) continue;
      const x = (column + margin) * scale;
      for (let pixel = x; pixel < x + scale; pixel++) line[1 + (pixel >> 3)] &= ~(0x80 >> (pixel & 7));
    }
    const top = (row + margin) * scale;
    for (let y = top; y < top + scale; y++) line.copy(raw, y * stride);
  }
  // Quiet-zone rows are white already; only their filter bytes need clearing.
  for (let y = 0; y < width; y++) raw[y * stride] = 0;

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
