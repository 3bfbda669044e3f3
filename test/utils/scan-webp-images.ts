import sharp from 'sharp';
import type { Raster } from './scan-images';

// Images for the scans' WebP and EXIF-orientation tests, written by sharp (libwebp, mozjpeg) from
// a test's raster, and WebP containers assembled chunk by chunk (RFC 9649) for the hostile ones.

const rawInput = ({ width, height }: Raster) => ({ raw: { width, height, channels: 4 as const } });

/** A WebP of an RGBA raster: lossless by default, else lossy at `quality`. */
export function webpFile(raster: Raster, { quality }: { quality?: number } = {}): Promise<Buffer> {
  return sharp(Buffer.from(raster.data), rawInput(raster))
    .webp(quality === undefined ? { lossless: true } : { quality })
    .toBuffer();
}

/**
 * A JPEG a phone would write for `raster` held so that the viewer must turn it: the pixels stored
 * as the camera's sensor saw them, the EXIF Orientation tag (3: upside down, 6: turned a quarter
 * clockwise, 8: a quarter anticlockwise) saying how to show them as `raster`.
 */
export function orientedJpeg(raster: Raster, orientation: 3 | 6 | 8): Promise<Buffer> {
  const stored = { 3: 180, 6: 270, 8: 90 }[orientation];
  return sharp(Buffer.from(raster.data), rawInput(raster))
    .rotate(stored)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .toBuffer();
}

/** A RIFF chunk: FourCC, little-endian length, payload, padded to an even length. */
export function riffChunk(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, Buffer.alloc(payload.length & 1)]);
}

/** A WebP file of these chunks: the RIFF header with its size, 'WEBP', then the chunks. */
export function webpOf(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** The chunks of a WebP file after its 12-byte header. */
export function webpChunks(file: Buffer): Array<{ type: string; payload: Buffer }> {
  const chunks: Array<{ type: string; payload: Buffer }> = [];
  for (let at = 12; at + 8 <= file.length;) {
    const length = file.readUInt32LE(at + 4);
    chunks.push({ type: file.toString('latin1', at, at + 4), payload: file.subarray(at + 8, at + 8 + length) });
    at += 8 + length + (length & 1);
  }
  return chunks;
}

/** A VP8X chunk: its flags, and the canvas's width and height (each written less one, 24 bits). */
export function vp8x(flags: number, width: number, height: number): Buffer {
  const payload = Buffer.alloc(10);
  payload[0] = flags;
  payload.writeUIntLE(width - 1, 4, 3);
  payload.writeUIntLE(height - 1, 7, 3);
  return riffChunk('VP8X', payload);
}

/**
 * An animated WebP of two frames, each the bitstream of `still` (a simple WebP of `width` ×
 * `height`): VP8X with its animation flag, ANIM, then an ANMF a frame, as an animation writer lays
 * them out.
 */
export function animatedWebp(still: Buffer, width: number, height: number): Buffer {
  const [bitstream] = webpChunks(still);
  const frame = Buffer.alloc(16);
  frame.writeUIntLE(width - 1, 6, 3);
  frame.writeUIntLE(height - 1, 9, 3);
  frame.writeUIntLE(100, 12, 3);
  const anmf = riffChunk('ANMF', Buffer.concat([frame, riffChunk(bitstream.type, bitstream.payload)]));
  return webpOf([vp8x(0x02, width, height), riffChunk('ANIM', Buffer.alloc(6)), anmf, anmf]);
}
