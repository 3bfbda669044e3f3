import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import * as QRCode from 'qrcode';

/** Where a code sits in a picture, in pixels: its symbol's top-left corner and its module size. */
export interface CodePlacement {
  left: number;
  top: number;
  module: number;
}

export interface CodePicture {
  png: Buffer;
  /** The symbol's corners (without its quiet zone), top left, top right, bottom right, bottom left. */
  corners: Array<{ x: number; y: number }>;
}

/**
 * A picture of `width` × `height` light-grey pixels with the QR code of `text` (UTF-8, byte mode,
 * level M, drawn by the npm `qrcode` encoder) at `placement`, for a scan to find where it is:
 * as a badge photographed off-centre, not a code filling its own image.
 */
export function codePicture(text: string, width: number, height: number, placement: CodePlacement): CodePicture {
  const symbol = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const { size, data } = symbol.modules;
  const png = new PNG({ width, height });
  png.data.fill(0xee);
  const { left, top, module } = placement;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const row = Math.floor((y - top) / module);
      const column = Math.floor((x - left) / module);
      const dark = row >= 0 && column >= 0 && row < size && column < size && data[row * size + column];
      const at = (y * width + x) * 4;
      png.data.fill(dark ? 0x11 : 0xee, at, at + 3);
      png.data[at + 3] = 0xff;
    }
  const side = size * module;
  return {
    png: PNG.sync.write(png),
    corners: [
      { x: left, y: top },
      { x: left + side, y: top },
      { x: left + side, y: top + side },
      { x: left, y: top + side },
    ],
  };
}

/** The same picture as a JPEG (quality 90), as a phone would save the photo. */
export function asJpeg(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  return Buffer.from(encodeJpeg({ data: image.data, width: image.width, height: image.height }, 90).data);
}

/** A picture with no code in it at all. */
export function blankPicture(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0xdd);
  return PNG.sync.write(png);
}
