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
  // Every scanline's filter byte is 0 (none); the copies below carry it along.
  for (let y = 0; y < width; y++) raw[y * stride] = 0;
  for (let row = 0; row < size; row++) {
    const top = (row + margin) * scale * stride;
    const first = row * size;
    // The row's runs of dark modules, each cleared as one span of pixels in its first scanline.
    for (let column = 0; column < size;) {
      if (modules[first + column] === 0) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && modules[first + column] !== 0) column++;
      clearPixels(raw, top, (start + margin) * scale, (column + margin) * scale);
    }
    // The first scanline into the row's other scale − 1, copying twice as many lines each time.
    for (let done = 1; done < scale; done *= 2)
      raw.copyWithin(top + done * stride, top, top + Math.min(done, scale - done) * stride);
  }

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

/** Clears (darkens) pixels `from` to `to` − 1 of the scanline at `line`, whose first byte is its filter type. */
function clearPixels(raw: Buffer, line: number, from: number, to: number): void {
  const first = line + 1 + (from >> 3);
  const last = line + 1 + ((to - 1) >> 3);
  const head = 0xff >> (from & 7);
  const tail = (0xff << (7 - ((to - 1) & 7))) & 0xff;
  if (first === last) {
    raw[first] &= ~(head & tail);
    return;
  }
  raw[first] &= ~head;
  // A run is a few bytes at most scales: a loop costs less than a call into Buffer#fill for each.
  if (last - first > 64) raw.fill(0, first + 1, last);
  else for (let at = first + 1; at < last; at++) raw[at] = 0;
  raw[last] &= ~tail;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
