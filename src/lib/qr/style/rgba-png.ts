import { crc32, createDeflate, deflateSync } from 'node:zlib';
import type { RasterBand, RgbaImage } from './scene-raster';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LEVEL = 3;

/**
 * RGBA pixels as an 8-bit RGBA PNG, built with native copies only: a row equal to the one above
 * is filtered "Up" (all zeros), any other is stored as it is ("None"). Per-pixel filtering, or
 * dropping the alpha channel, costs more CPU in JavaScript than zlib saves on these images
 * (bench/README.md, "Styled codes"). Deterministic for a given zlib.
 */
export function rgbaPng(image: RgbaImage): Buffer {
  const bytes = (image.width * 4 + 1) * image.height;
  // deflateSync is done with the rows when it returns, so one buffer per thread serves every image of a
  // size (memory written for the first time costs a page fault every 4 KiB).
  if (scratch?.length !== bytes) scratch = bytes <= SCRATCH_BYTES ? new Uint8Array(bytes) : undefined;
  return pngFile(image.width, image.height, deflateSync(filteredRows(image, undefined, scratch), { level: LEVEL }));
}

/** The last whole image's filtered rows, kept up to 4 MiB (a styled code at 8 pixels a module is under 3). */
let scratch: Uint8Array | undefined;
const SCRATCH_BYTES = 1 << 22;

/**
 * The same PNG for a picture too large to hold whole: `drawBand` draws each band of at most
 * `bandRows` rows in turn, and each is filtered and compressed before the next is drawn, so
 * memory holds one band. The bytes are those `rgbaPng` gives for the whole picture.
 */
export async function bandedRgbaPng(
  width: number,
  height: number,
  bandRows: number,
  drawBand: (band: RasterBand) => RgbaImage,
): Promise<Buffer> {
  const deflate = createDeflate({ level: LEVEL });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  let above: Uint8Array | undefined;
  for (let top = 0; top < height; top += bandRows) {
    const band = drawBand({ top, height: Math.min(bandRows, height - top) });
    const rows = filteredRows(band, above);
    above = band.data.slice((band.height - 1) * width * 4);
    if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return pngFile(width, height, Buffer.concat(compressed));
}

/**
 * Each row with its filter byte; `above` is the row before the first one, when there is one. Written
 * into `into` when given (of the right size, whatever it held), else into new memory.
 */
function filteredRows({ width, height, data }: RgbaImage, above?: Uint8Array, into?: Uint8Array): Uint8Array {
  const rowBytes = width * 4;
  const stride = rowBytes + 1;
  const raw = into ?? new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const offset = y * rowBytes;
    const row = data.subarray(offset, offset + rowBytes);
    const previous = y > 0 ? data.subarray(offset - rowBytes, offset) : above;
    if (previous && Buffer.compare(previous, row) === 0) {
      raw[y * stride] = 2;
      if (into) raw.fill(0, y * stride + 1, (y + 1) * stride);
    } else {
      raw[y * stride] = 0;
      raw.set(row, y * stride + 1);
    }
  }
  return raw;
}

/** The PNG file: signature, header, the compressed rows in one IDAT chunk, end; one allocation, written in place. */
function pngFile(width: number, height: number, compressed: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(SIGNATURE.length + 3 * CHUNK_FRAME + HEADER_BYTES + compressed.length);
  SIGNATURE.copy(out, 0);
  let at = chunkAt(out, SIGNATURE.length, 'IHDR', HEADER_BYTES, (data) => {
    data.writeUInt32BE(width, 0);
    data.writeUInt32BE(height, 4);
    data[8] = 8; // bit depth
    data[9] = 6; // colour type: RGBA
    data.fill(0, 10); // deflate, adaptive filtering, no interlace
  });
  at = chunkAt(out, at, 'IDAT', compressed.length, (data) => data.set(compressed));
  chunkAt(out, at, 'IEND', 0, () => undefined);
  return out;
}

/** A chunk's length, type and CRC around its data. */
const CHUNK_FRAME = 12;
const HEADER_BYTES = 13;

/** Writes a chunk of `length` data bytes at `at` (`write` fills the data); returns where the next one starts. */
function chunkAt(out: Buffer, at: number, type: string, length: number, write: (data: Buffer) => void): number {
  out.writeUInt32BE(length, at);
  out.write(type, at + 4, 'latin1');
  write(out.subarray(at + 8, at + 8 + length));
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + length)), at + 8 + length);
  return at + CHUNK_FRAME + length;
}
