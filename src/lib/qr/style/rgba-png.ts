import { crc32, deflateSync } from 'node:zlib';
import type { RgbaImage } from './scene-raster';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * RGBA pixels as an 8-bit RGBA PNG, built with native copies only: a row equal to the one above
 * is filtered "Up" (all zeros), any other is stored as it is ("None"). Per-pixel filtering, or
 * dropping the alpha channel, costs more CPU in JavaScript than zlib saves on these images
 * (bench/README.md, "Styled codes"). Deterministic for a given zlib.
 */
export function rgbaPng({ width, height, data }: RgbaImage): Buffer {
  const rowBytes = width * 4;
  const stride = rowBytes + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const offset = y * rowBytes;
    const row = data.subarray(offset, offset + rowBytes);
    if (y > 0 && Buffer.compare(data.subarray(offset - rowBytes, offset), row) === 0) raw[y * stride] = 2;
    else raw.set(row, y * stride + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const compressed = deflateSync(raw, { level: 3 });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
