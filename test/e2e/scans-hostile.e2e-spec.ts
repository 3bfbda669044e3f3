import { beforeAll, describe, expect, it } from '@jest/globals';
import { blur } from '../../src/lib/qr/proof/grey-effects';
import { useTestApp } from '../utils/test-app';
import {
  animatedPng,
  blackBitPng,
  filled,
  jpegFile,
  jpegWithExif,
  pasted,
  pngChunk,
  pngFile,
  qrcodeRaster,
} from '../utils/scan-images';

// Hostile images on POST /v1/scans over the real app: each is a 4xx in the Error shape, refused
// within its bounds (the bombs from their headers, before a pixel is decoded), and the service
// still reads a good code after them all.

type ErrorBody = { error: { code: string; status: number; message: string; details?: Record<string, unknown> } };

const CARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEND:VCARD\r\n';

describe('POST /v1/scans with hostile images', () => {
  const suite = useTestApp();
  let good: Buffer;

  const send = (payload: Buffer, type = 'image/png') =>
    suite.app.inject({ method: 'POST', url: '/v1/scans', headers: { 'content-type': type }, payload });

  async function expectRefused(payload: Buffer, type: string, status: number, code: string, issue?: string) {
    const res = await send(payload, type);
    const body = res.json<ErrorBody>();
    expect({ status: res.statusCode, code: body.error.code, issue: body.error.details?.issue }).toEqual({
      status,
      code,
      issue,
    });
    expect(body.error.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return body;
  }

  beforeAll(async () => {
    good = pngFile(qrcodeRaster(CARD));
  });

  it('refuses a 1 × 100,000 PNG from its header', async () => {
    const body = await expectRefused(blackBitPng(1, 100_000), 'image/png', 413, 'payload_too_large');
    expect(body.error.details).toEqual({ maxPixels: 16_777_216, maxSide: 8192 });
  });

  it('refuses a 20,000 × 20,000 PNG of about 50 KB (a decompression bomb) from its header', async () => {
    const bomb = blackBitPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expectRefused(bomb, 'image/png', 413, 'payload_too_large');
  });

  it('refuses truncated files: a PNG and a JPEG cut in half, a PNG cut inside its signature', async () => {
    await expectRefused(good.subarray(0, good.length >> 1), 'image/png', 400, 'invalid_image', 'truncated');
    const photo = jpegFile(qrcodeRaster(CARD));
    await expectRefused(photo.subarray(0, photo.length >> 1), 'image/jpeg', 400, 'invalid_image', 'truncated');
    await expectRefused(good.subarray(0, 5), 'image/png', 400, 'invalid_image', 'truncated');
  });

  it('refuses corrupt files: a flipped byte in the image data (CRC), garbage, an empty body, a type mismatch', async () => {
    const flipped = Buffer.from(good);
    const idat = flipped.lastIndexOf('IDAT', undefined, 'latin1');
    flipped[idat + 40] ^= 0xff;
    await expectRefused(flipped, 'image/png', 400, 'invalid_image', 'corrupt');
    await expectRefused(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
      400,
      'invalid_image',
      'not_an_image',
    );
    await expectRefused(Buffer.alloc(0), 'image/png', 400, 'invalid_image', 'not_an_image');
    await expectRefused(good, 'image/jpeg', 400, 'invalid_image', 'wrong_type');
  });

  it('refuses a JPEG with 1.1 MiB of EXIF before decoding it', async () => {
    const photo = jpegWithExif(jpegFile(qrcodeRaster(CARD)), 17);
    expect(photo.length).toBeGreaterThan(1_100_000);
    await expectRefused(photo, 'image/jpeg', 400, 'invalid_image', 'metadata_too_large');
  });

  it('refuses a multi-frame APNG, and a PNG with 1.1 MiB of private chunks', async () => {
    await expectRefused(animatedPng(good), 'image/png', 400, 'invalid_image', 'animated');
    const chunk = pngChunk('zzZz', Buffer.alloc(600_000));
    const stuffed = Buffer.concat([good.subarray(0, 33), chunk, chunk, good.subarray(33)]);
    await expectRefused(stuffed, 'image/png', 400, 'invalid_image', 'metadata_too_large');
  });

  it('refuses an image under 21 px a side, and one over the byte limit by its Content-Length', async () => {
    await expectRefused(pngFile(filled(20, 400)), 'image/png', 400, 'invalid_image', 'too_small');
    const res = await send(Buffer.alloc(10_485_761), 'image/png');
    expect({ status: res.statusCode, code: res.json<ErrorBody>().error.code }).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
  });

  it('refuses GIF, a WebP header with nothing in it, and a form with no file or two, in the Error shape', async () => {
    const gif = await expectRefused(Buffer.from('GIF89a'), 'image/gif', 415, 'unsupported_media_type');
    expect(gif.error.details?.accepted).toEqual(['image/png', 'image/jpeg', 'image/webp', 'multipart/form-data']);
    await expectRefused(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'image/webp', 400, 'invalid_image', 'corrupt');
    const form = (parts: string[]) =>
      Buffer.from(`${parts.map((part) => `--b\r\n${part}\r\n`).join('')}--b--\r\n`, 'latin1');
    const field = 'Content-Disposition: form-data; name="note"\r\n\r\nhello';
    const file = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx';
    await expectRefused(form([field]), 'multipart/form-data; boundary=b', 400, 'invalid_image', 'file_count');
    await expectRefused(form([file, file]), 'multipart/form-data; boundary=b', 400, 'invalid_image', 'file_count');
    await expectRefused(
      Buffer.from('--b\r\nbroken'),
      'multipart/form-data; boundary=b',
      400,
      'invalid_image',
      'corrupt',
    );
  });

  it('answers 422 no_code_found for an image without a code, with its likely cause and a hint', async () => {
    const blank = await send(pngFile(filled(300, 200)));
    const body = blank.json<ErrorBody & { error: { hint: string } }>();
    expect({ status: blank.statusCode, code: body.error.code }).toEqual({ status: 422, code: 'no_code_found' });
    expect(body.error.details).toMatchObject({ causes: ['low_contrast'], seen: [], width: 300, height: 200 });
    const dark = await send(pngFile(filled(300, 200, [20, 20, 20])));
    expect(dark.json<ErrorBody>().error.details?.causes).toEqual(['too_dark']);
    // A code far out of focus (blur σ 3 px at 4 px a module), and one whose right two fifths are cut off.
    const code = qrcodeRaster(CARD);
    const plane = { width: code.width, height: code.height, data: code.data.filter((_, index) => index % 4 === 0) };
    const blurred = blur(3)(plane, { seed: 1 }).data;
    const rgba = new Uint8Array(blurred.length * 4).map((_, index) => (index % 4 === 3 ? 255 : blurred[index >> 2]));
    const unfocused = await send(pngFile({ width: code.width, height: code.height, data: rgba }));
    expect(unfocused.json<ErrorBody>().error.details?.causes).toEqual(['blurred']);
    const kept = Math.round(code.width * 0.6);
    const cut = new Uint8Array(kept * code.height * 4);
    for (let y = 0; y < code.height; y++)
      cut.set(code.data.subarray(y * code.width * 4, (y * code.width + kept) * 4), y * kept * 4);
    const cutOff = await send(pngFile({ width: kept, height: code.height, data: cut }));
    expect(cutOff.json<ErrorBody>().error.details?.causes).toEqual(['cut_off']);
  });

  it('still reads a good code after all of them', async () => {
    const res = await send(
      pasted(filled(400, 400), qrcodeRaster(CARD), 50, 60) &&
        pngFile(pasted(filled(400, 400), qrcodeRaster(CARD), 50, 60)),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ codes: Array<{ text: string }> }>().codes.map((code) => code.text)).toEqual([CARD]);
  });
});
