import { crc32 } from 'node:zlib';

const SIGNATURE_LENGTH = 8;
const METRES_PER_INCH = 0.0254;

/**
 * The PNG with a `pHYs` chunk saying `dpi` (as pixels per metre, the unit PNG knows), placed right
 * after IHDR where the format wants it; an existing pHYs is replaced. Every other byte is kept, so
 * the image and its other chunks are exactly the writer's.
 */
export function pngWithDpi(png: Uint8Array, dpi: number): Buffer {
  const source = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (source.readUInt32BE(SIGNATURE_LENGTH + 4) !== 0x49484452) throw new Error('not a PNG: IHDR must come first');
  const ihdrEnd = SIGNATURE_LENGTH + 12 + source.readUInt32BE(SIGNATURE_LENGTH);
  const parts: Buffer[] = [source.subarray(0, ihdrEnd), physChunk(dpi)];
  for (let offset = ihdrEnd; offset < source.length;) {
    const end = offset + 12 + source.readUInt32BE(offset);
    if (source.toString('latin1', offset + 4, offset + 8) !== 'pHYs') parts.push(source.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(parts);
}

function physChunk(dpi: number): Buffer {
  const chunk = Buffer.alloc(21);
  const perMetre = Math.round(dpi / METRES_PER_INCH);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  chunk.writeUInt32BE(perMetre, 8);
  chunk.writeUInt32BE(perMetre, 12);
  chunk[16] = 1; // unit: the metre
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)), 17);
  return chunk;
}
