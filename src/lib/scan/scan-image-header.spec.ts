import { describe, expect, it } from '@jest/globals';
import { crc32, deflateSync } from 'node:zlib';
import { readScanImageHeader, sniffImageType } from './scan-image-header';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A grey PNG's header and chunks, its image data a few zero bytes (the header check never inflates it). */
function png(width: number, height: number, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', deflateSync(Buffer.alloc(4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's markers: SOI, the segments given, a baseline frame header, a scan header, a byte of data, EOI. */
function jpeg(width: number, height: number, segments: Buffer[] = [], end = true): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]);
  const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...segments,
    sof,
    sos,
    Buffer.from([0x12]),
    ...(end ? [Buffer.from([0xff, 0xd9])] : []),
  ]);
}

const app1 = (bytes: number) =>
  Buffer.concat([Buffer.from([0xff, 0xe1, (bytes + 2) >> 8, (bytes + 2) & 255]), Buffer.alloc(bytes)]);

describe('readScanImageHeader', () => {
  it('reads the size of a PNG and a JPEG from their headers', () => {
    expect(readScanImageHeader(png(640, 480), 'png')).toEqual({ type: 'png', width: 640, height: 480 });
    expect(readScanImageHeader(jpeg(1000, 750), 'jpeg')).toEqual({ type: 'jpeg', width: 1000, height: 750 });
  });

  it('refuses too many pixels or too long a side before anything is inflated, and too small an image', () => {
    expect(readScanImageHeader(png(20_000, 20_000), 'png')).toEqual({
      refused: 'too_many_pixels',
      width: 20_000,
      height: 20_000,
    });
    expect(readScanImageHeader(png(1, 100_000), 'png')).toMatchObject({ refused: 'too_many_pixels' });
    expect(readScanImageHeader(png(8193, 100), 'png')).toMatchObject({ refused: 'too_many_pixels' });
    expect(readScanImageHeader(png(4096, 4096), 'png')).toMatchObject({ type: 'png' });
    expect(readScanImageHeader(jpeg(4097, 4096), 'jpeg')).toMatchObject({ refused: 'too_many_pixels' });
    expect(readScanImageHeader(png(20, 500), 'png')).toMatchObject({ refused: 'too_small' });
  });

  it('refuses an APNG, and ancillary chunks or JPEG metadata over 1 MiB', () => {
    expect(readScanImageHeader(png(100, 100, [chunk('acTL', Buffer.alloc(8))]), 'png')).toMatchObject({
      refused: 'animated',
    });
    const text = chunk('tEXt', Buffer.alloc(600_000));
    expect(readScanImageHeader(png(100, 100, [text]), 'png')).toMatchObject({ type: 'png' });
    expect(readScanImageHeader(png(100, 100, [text, text]), 'png')).toMatchObject({ refused: 'metadata_too_large' });
    const exif = Array<Buffer>(17).fill(app1(65_533));
    expect(readScanImageHeader(jpeg(100, 100, exif.slice(0, 15)), 'jpeg')).toMatchObject({ type: 'jpeg' });
    expect(readScanImageHeader(jpeg(100, 100, exif), 'jpeg')).toMatchObject({ refused: 'metadata_too_large' });
  });

  it('refuses a file cut short or damaged, and one of another type than named', () => {
    const whole = png(100, 100);
    expect(readScanImageHeader(whole.subarray(0, whole.length - 6), 'png')).toMatchObject({ refused: 'truncated' });
    expect(readScanImageHeader(whole.subarray(0, 4), 'png')).toEqual({ refused: 'truncated' });
    expect(readScanImageHeader(jpeg(100, 100, [], false), 'jpeg')).toMatchObject({ refused: 'truncated' });
    const renamed = Buffer.from(whole);
    renamed.write('I@AT', whole.indexOf('IDAT'), 'latin1');
    expect(readScanImageHeader(renamed, 'png')).toMatchObject({ refused: 'corrupt' });
    expect(readScanImageHeader(whole, 'jpeg')).toEqual({ refused: 'wrong_type' });
    expect(readScanImageHeader(Buffer.from('GIF89a, then some'), 'png')).toEqual({ refused: 'not_an_image' });
  });

  it('tells WebP by its signature', () => {
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });
});
