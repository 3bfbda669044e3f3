import { describe, expect, it } from '@jest/globals';
import { ZBarConfigType, ZBarScanner, ZBarSymbolType, scanGrayBuffer } from '@undecaf/zbar-wasm';
import { createHash } from 'node:crypto';
import { qrMatrix } from '../../src/lib/qr/qr-matrix';
import { qrPng } from '../../src/lib/qr/qr-png';
import { readPng, zbarRead, type GreyImage } from './qr-image-reader';

/** The i-th of the generated cards the spurious read below was found among, and its code at scale 4. */
function card(i: number, level: 'L' | 'H'): { payload: string; image: GreyImage } {
  const name = Array.from({ length: 10 }, (_, k) => createHash('sha256').update(`${i}:${k}`).digest('base64')).join('');
  const payload = `BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:${name}\r\nEND:VCARD\r\n`;
  return { payload, image: readPng(qrPng(qrMatrix(payload, level), { scale: 4, margin: 4 })) };
}

const scan = (scanner: ZBarScanner, image: GreyImage) =>
  scanGrayBuffer(image.pixels.slice().buffer as ArrayBuffer, image.width, image.height, scanner);

describe('zbarRead', () => {
  const before = card(1723, 'H');
  const after = card(1724, 'L');

  it("reads one QR code where zbar's linear decoders, remembering the image before, report a DataBar too", async () => {
    // zbar's DataBar decoder keeps half-read segments from one image to the next: this pair reads
    // as a QR code and a DataBar code, and the second image alone, or again, as the QR code only.
    const everyDecoder = await ZBarScanner.create();
    everyDecoder.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_BINARY, 1);
    await scan(everyDecoder, before.image);
    expect((await scan(everyDecoder, after.image)).map((symbol) => symbol.typeName).sort()).toEqual([
      'ZBAR_DATABAR',
      'ZBAR_QRCODE',
    ]);
    expect((await scan(everyDecoder, after.image)).map((symbol) => symbol.typeName)).toEqual(['ZBAR_QRCODE']);

    expect((await zbarRead(before.image)).toString('utf8')).toBe(before.payload);
    expect((await zbarRead(after.image)).toString('utf8')).toBe(after.payload);
  });
});
