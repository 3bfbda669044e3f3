import { beforeAll, describe, expect, it } from '@jest/globals';
import QRCode from 'qrcode';
import { useTestApp } from '../utils/test-app';
import { filled, jpegFile, pasted, qrcodeRaster, type Raster } from '../utils/scan-images';
import { animatedWebp, orientedJpeg, riffChunk, vp8x, webpChunks, webpFile, webpOf } from '../utils/scan-webp-images';
import { zipArchive } from '../utils/zip-archive';

// POST /v1/scans with WebP images (written by sharp's libwebp: lossless and lossy; in a body, a
// form and a ZIP batch) and hostile WebPs (cut short, a huge canvas, animated, damaged, heavy
// metadata), each a 4xx in the Error shape; and phone JPEGs whose EXIF orientation turns them,
// read in the coordinates of the image as a viewer shows it.

type ErrorBody = { error: { code: string; status: number; details?: Record<string, unknown> } };
interface Answer {
  image: { width: number; height: number; mediaType: string };
  codes: Array<{
    text: string;
    version: number | null;
    level: string | null;
    mask: number | null;
    readBy: string[];
    position: Array<{ x: number; y: number }>;
  }>;
}

const CARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n';
/** The code's top left corner in the picture: its quiet zone of 4 modules of 4 px past (100, 50). */
const [LEFT, TOP] = [116, 66];

describe('POST /v1/scans: WebP, and EXIF orientation', () => {
  const suite = useTestApp();
  const symbol = QRCode.create(CARD, { errorCorrectionLevel: 'Q' });
  const side = symbol.modules.size * 4;
  let picture: Raster;
  let lossless: Buffer;

  const send = (payload: Buffer, type: string) =>
    suite.app.inject({ method: 'POST', url: '/v1/scans', headers: { 'content-type': type }, payload });
  const read = async (payload: Buffer, type: string): Promise<Answer> => {
    const res = await send(payload, type);
    expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.body }).toEqual({
      status: 200,
      body: 'ok',
    });
    return res.json<Answer>();
  };
  const corners = (answer: Answer) => answer.codes[0].position.map(({ x, y }) => [Math.round(x), Math.round(y)]);
  async function expectRefused(payload: Buffer, status: number, code: string, issue?: string) {
    const res = await send(payload, 'image/webp');
    const body = res.json<ErrorBody>();
    expect({ status: res.statusCode, code: body.error.code, issue: body.error.details?.issue }).toEqual({
      status,
      code,
      issue,
    });
    expect(body.error.status).toBe(status);
  }

  beforeAll(async () => {
    picture = pasted(filled(600, 400), qrcodeRaster(CARD, { level: 'Q' }), 100, 50);
    lossless = await webpFile(picture);
  });

  it('reads a lossless and a lossy WebP exactly: text, version, level and mask as written, corners where drawn', async () => {
    for (const file of [lossless, await webpFile(picture, { quality: 80 })]) {
      const answer = await read(file, 'image/webp');
      expect(answer.image).toEqual({ width: 600, height: 400, mediaType: 'image/webp' });
      expect(answer.codes).toHaveLength(1);
      expect(answer.codes[0]).toMatchObject({
        text: CARD,
        version: symbol.version,
        level: 'Q',
        mask: symbol.maskPattern,
        readBy: ['zbar', 'zxing'],
      });
      expect(corners(answer)).toEqual([
        [LEFT, TOP],
        [LEFT + side, TOP],
        [LEFT + side, TOP + side],
        [LEFT, TOP + side],
      ]);
    }
  });

  it('takes a WebP as a form’s file (typed, or untyped and told by its bytes) and as an image of a ZIP batch', async () => {
    const direct = await read(lossless, 'image/webp');
    for (const type of ['image/webp', 'application/octet-stream']) {
      const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="badge.webp"\r\nContent-Type: ${type}\r\n\r\n`;
      const form = Buffer.concat([Buffer.from(head, 'latin1'), lossless, Buffer.from('\r\n--b--\r\n', 'latin1')]);
      expect(await read(form, 'multipart/form-data; boundary=b')).toEqual(direct);
    }
    const batch = await suite.app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': 'application/zip' },
      payload: zipArchive([{ name: 'badge.webp', data: lossless }]),
    });
    expect(batch.statusCode).toBe(202);
    const { id } = batch.json<{ id: string }>();
    let status = '';
    for (let i = 0; i < 200 && status !== 'succeeded'; i++) {
      status = (await suite.app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json<{ status: string }>().status;
      if (status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const items = await suite.app.inject({ method: 'GET', url: `/v1/batches/${id}/items` });
    expect(items.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ status: 'succeeded', file: 'badge.webp', import: expect.anything() }),
    ]);
  });

  it('refuses hostile WebPs in the Error shape: cut short, a huge canvas, animated, damaged, heavy metadata', async () => {
    await expectRefused(lossless.subarray(0, lossless.length >> 1), 400, 'invalid_image', 'truncated');
    await expectRefused(lossless.subarray(0, 10), 400, 'invalid_image', 'truncated');
    const [bitstream] = webpChunks(lossless);
    const canvas = (width: number, height: number, ...more: Buffer[]) =>
      webpOf([vp8x(0, width, height), ...more, riffChunk(bitstream.type, bitstream.payload)]);
    await expectRefused(canvas(16_384, 16_384), 413, 'payload_too_large');
    await expectRefused(canvas(900, 400), 400, 'invalid_image', 'corrupt');
    await expectRefused(animatedWebp(lossless, 600, 400), 400, 'invalid_image', 'animated');
    const damaged = Buffer.from(lossless);
    for (let at = 40; at < damaged.length - 8; at += 7) damaged[at] ^= 0x5a;
    await expectRefused(damaged, 400, 'invalid_image', 'corrupt');
    const exif = riffChunk('EXIF', Buffer.alloc(1_100_000));
    await expectRefused(canvas(600, 400, exif), 400, 'invalid_image', 'metadata_too_large');
    const named = await send(lossless, 'image/png');
    expect(named.json<ErrorBody>().error.details?.issue).toBe('wrong_type');
  });

  it.each([3, 6, 8] as const)(
    'reads a phone JPEG with EXIF orientation %i as a viewer shows it: its size and the corners upright',
    async (orientation) => {
      const upright = await read(jpegFile(picture, 90), 'image/jpeg');
      const answer = await read(await orientedJpeg(picture, orientation), 'image/jpeg');
      expect(answer.image).toEqual({ width: 600, height: 400, mediaType: 'image/jpeg' });
      expect(answer.codes.map((code) => code.text)).toEqual([CARD]);
      for (const [index, [x, y]] of corners(answer).entries()) {
        const [expectedX, expectedY] = corners(upright)[index];
        expect(Math.abs(x - expectedX) + Math.abs(y - expectedY)).toBeLessThanOrEqual(2);
      }
      expect(corners(upright)[0]).toEqual([LEFT, TOP]);
    },
  );
});
