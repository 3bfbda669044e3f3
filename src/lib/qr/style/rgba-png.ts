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

function pngFile(width: number, height: number, compressed: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
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
