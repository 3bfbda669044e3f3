import { describe, expect, it } from '@jest/globals';
import { readScanImageHeader } from './scan-image-header';

// WebP containers assembled chunk by chunk (RFC 9649); the header check reads no bitstream past
// its first bytes, so each bitstream is its header and a few zero bytes.

function chunk(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, Buffer.alloc(payload.length & 1)]);
}

function webp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A lossy key frame's header: tag, start code, 14-bit width and height. */
function vp8(width: number, height: number): Buffer {
  const payload = Buffer.alloc(30);
  payload.set([0x50, 0x03, 0x00, 0x9d, 0x01, 0x2a], 0);
  payload.writeUInt16LE(width, 6);
  payload.writeUInt16LE(height, 8);
  return chunk('VP8 ', payload);
}

/** A lossless bitstream's header: the signature, then width and height less one in 14 bits each. */
function vp8l(width: number, height: number): Buffer {
  const payload = Buffer.alloc(20);
  payload[0] = 0x2f;
  payload.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return chunk('VP8L', payload);
}

function vp8x(flags: number, width: number, height: number): Buffer {
  const payload = Buffer.alloc(10);
  payload[0] = flags;
  payload.writeUIntLE(width - 1, 4, 3);
  payload.writeUIntLE(height - 1, 7, 3);
  return chunk('VP8X', payload);
}

const header = (file: Buffer) => readScanImageHeader(file, 'webp');

describe('readScanImageHeader of a WebP', () => {
  it('reads the size of a lossy, a lossless and an extended WebP from their headers', () => {
    expect(header(webp([vp8(640, 480)]))).toEqual({ type: 'webp', width: 640, height: 480 });
    expect(header(webp([vp8l(333, 222)]))).toEqual({ type: 'webp', width: 333, height: 222 });
    const extended = webp([vp8x(0x10, 300, 200), chunk('ALPH', Buffer.alloc(9)), vp8(300, 200)]);
    expect(header(extended)).toEqual({ type: 'webp', width: 300, height: 200 });
  });

  it('refuses a canvas or a frame of too many pixels from its header, and one under 21 px a side', () => {
    expect(header(webp([vp8x(0, 16_384, 16_384), vp8(16_383, 16_383)]))).toEqual({
      refused: 'too_many_pixels',
      width: 16_384,
      height: 16_384,
    });
    expect(header(webp([vp8(16_383, 16_383)]))).toMatchObject({ refused: 'too_many_pixels' });
    expect(header(webp([vp8l(8193, 30)]))).toMatchObject({ refused: 'too_many_pixels' });
    expect(header(webp([vp8(20, 400)]))).toMatchObject({ refused: 'too_small' });
  });

  it('refuses an animation: the VP8X flag, or ANIM and ANMF chunks', () => {
    expect(header(webp([vp8x(0x02, 100, 100), chunk('ANIM', Buffer.alloc(6))]))).toMatchObject({
      refused: 'animated',
    });
    const frame = chunk('ANMF', Buffer.concat([Buffer.alloc(16), vp8(100, 100)]));
    expect(header(webp([vp8x(0, 100, 100), frame, frame]))).toMatchObject({ refused: 'animated' });
  });

  it('refuses a file cut short, a RIFF size past its end, a damaged or missing bitstream, two of them', () => {
    const whole = webp([vp8(100, 100)]);
    expect(header(whole.subarray(0, whole.length - 5))).toMatchObject({ refused: 'truncated' });
    expect(header(whole.subarray(0, 16))).toEqual({ refused: 'truncated' });
    expect(header(whole.subarray(0, 6))).toEqual({ refused: 'truncated' });
    const longer = Buffer.from(whole);
    longer.writeUInt32LE(whole.length, 4);
    expect(header(longer)).toMatchObject({ refused: 'truncated' });
    const noStartCode = Buffer.from(whole);
    noStartCode[12 + 8 + 3] = 0;
    expect(header(noStartCode)).toEqual({ refused: 'corrupt' });
    expect(header(webp([vp8x(0, 100, 100), chunk('EXIF', Buffer.alloc(8))]))).toMatchObject({ refused: 'corrupt' });
    expect(header(webp([vp8x(0, 100, 100), vp8(100, 100), vp8(100, 100)]))).toMatchObject({ refused: 'corrupt' });
    expect(header(webp([vp8x(0, 200, 100), vp8(100, 100)]))).toMatchObject({ refused: 'corrupt' });
    expect(header(webp([]))).toEqual({ refused: 'corrupt' });
  });

  it('refuses over 1 MiB of metadata (ICC, EXIF, XMP, unknown chunks), and a WebP named as a PNG', () => {
    const icc = chunk('ICCP', Buffer.alloc(600_000));
    expect(header(webp([vp8x(0x20, 100, 100), icc, vp8(100, 100)]))).toMatchObject({ type: 'webp' });
    const xmp = chunk('XMP ', Buffer.alloc(600_000));
    expect(header(webp([vp8x(0x24, 100, 100), icc, vp8(100, 100), xmp]))).toMatchObject({
      refused: 'metadata_too_large',
    });
    expect(readScanImageHeader(webp([vp8(100, 100)]), 'png')).toEqual({ refused: 'wrong_type' });
    expect(readScanImageHeader(Buffer.from('RIFF'), 'png')).toEqual({ refused: 'not_an_image' });
  });
});
