import QRCode from 'qrcode';
import * as jpeg from 'jpeg-js';
import { crc32, deflateSync } from 'node:zlib';
import { readPngsAsRgba } from './rgba-png-reader';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGBA raster a test draws, decodes or encodes. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * A PNG file of an RGBA raster: 8-bit RGBA rows, no filter, deflated by Node's zlib (pngjs's
 * JavaScript writer takes seconds for a photo under Jest).
 */
export function pngFile(raster: Raster): Buffer {
  const { width, height, data } = raster;
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rows.set(data.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RGBA raster of a PNG file (pngjs, in a child process: under Jest it takes seconds for a photo). */
export function pngRaster(file: Buffer): Raster {
  return readPngsAsRgba([file])[0] as Raster;
}

/** The npm qrcode package's symbol of `text`, drawn black on white at `scale` pixels a module. */
export function qrcodeRaster(
  text: string,
  { level = 'M', scale = 4, margin = 4 }: { level?: 'L' | 'M' | 'Q' | 'H'; scale?: number; margin?: number } = {},
): Raster {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: level }).modules;
  const side = (size + 2 * margin) * scale;
  const raster = filled(side, side);
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      if (!data[row * size + column]) continue;
      for (let y = 0; y < scale; y++) {
        const at = (((margin + row) * scale + y) * side + (margin + column) * scale) * 4;
        for (let x = 0; x < scale; x++) raster.data.set([0, 0, 0, 255], at + x * 4);
      }
    }
  return raster;
}

/** A baseline JPEG of an RGBA raster at `quality` (jpeg-js's encoder). */
export function jpegFile(raster: Raster, quality = 85): Buffer {
  return Buffer.from(jpeg.encode({ ...raster, data: Buffer.from(raster.data) }, quality).data);
}

/** A raster of one colour (one pixel written, then copied over the rest by doubling). */
export function filled(width: number, height: number, rgb: [number, number, number] = [255, 255, 255]): Raster {
  const data = new Uint8Array(width * height * 4);
  data.set([...rgb, 255], 0);
  for (let done = 4; done < data.length; done *= 2) data.copyWithin(done, 0, Math.min(done, data.length - done));
  return { width, height, data };
}

/** `inner` drawn onto `outer` with its top left at (x, y). */
export function pasted(outer: Raster, inner: Raster, x: number, y: number): Raster {
  const data = Uint8Array.from(outer.data);
  for (let row = 0; row < inner.height; row++)
    data.set(
      inner.data.subarray(row * inner.width * 4, (row + 1) * inner.width * 4),
      ((y + row) * outer.width + x) * 4,
    );
  return { ...outer, data };
}

/** The raster turned a quarter turn clockwise. */
export function turned(raster: Raster): Raster {
  const { width, height, data } = raster;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      out.set(data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (x * height + (height - 1 - y)) * 4);
  return { width: height, height: width, data: out };
}

/** The raster with each colour channel inverted (a light-on-dark code). */
export function inverted(raster: Raster): Raster {
  const data = Uint8Array.from(raster.data, (value, index) => (index % 4 === 3 ? value : 255 - value));
  return { ...raster, data };
}

/** A PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 1-bit grey PNG of `width` × `height` all black, built row by row into one deflate stream: a
 * 20,000² image is 50 MB of rows compressed to about 50 KB, the decompression bomb a header check
 * must refuse.
 */
export function blackBitPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const idat = deflateSync(rows, { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG made animated: an acTL chunk (2 frames) and an fcTL after its IHDR, as an APNG writer puts them. */
export function animatedPng(png: Buffer): Buffer {
  const ihdrEnd = 8 + 12 + 13;
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(2, 0);
  const fctl = Buffer.alloc(26);
  fctl.writeUInt32BE(png.readUInt32BE(16), 4);
  fctl.writeUInt32BE(png.readUInt32BE(20), 8);
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('acTL', actl),
    pngChunk('fcTL', fctl),
    png.subarray(ihdrEnd),
  ]);
}

/** A JPEG with `segments` APP1 (EXIF) segments of 65,533 bytes each after its start marker. */
export function jpegWithExif(file: Buffer, segments: number): Buffer {
  const segment = Buffer.alloc(65_535 + 2);
  segment.set([0xff, 0xe1, 0xff, 0xff], 0);
  segment.write('Exif\0\0', 4, 'latin1');
  return Buffer.concat([file.subarray(0, 2), ...Array<Buffer>(segments).fill(segment), file.subarray(2)]);
}
