import { ZBarConfigType, ZBarScanner, ZBarSymbolType, scanGrayBuffer } from '@undecaf/zbar-wasm';
import { Resvg } from '@resvg/resvg-js';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** A decoded PNG as 8-bit grey pixels (pngjs, independent of the service's writer). */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Decodes PNGs with pngjs (independent of the service's writer) to grey pixels, in one child process. */
export function readPngs(pngs: Buffer[]): GreyImage[] {
  const input = Buffer.concat(
    pngs.flatMap((png) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(png.length);
      return [length, png];
    }),
  );
  // A deadline, so a stuck child fails the test instead of blocking Jest's event loop for good.
  const run = spawnSync(process.execPath, [join(__dirname, 'png-to-grey.cjs')], {
    input,
    maxBuffer: 1 << 30,
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`pngjs could not read the image: ${run.error ?? run.stderr.toString()}`);
  const images: GreyImage[] = [];
  for (let offset = 0; offset < run.stdout.length;) {
    const width = run.stdout.readUInt32BE(offset);
    const height = run.stdout.readUInt32BE(offset + 4);
    if (run.stdout[offset + 8] !== 1) throw new Error('the image has pixels that are not opaque');
    images.push({
      width,
      height,
      pixels: new Uint8Array(run.stdout.subarray(offset + 9, offset + 9 + width * height)),
    });
    offset += 9 + width * height;
  }
  return images;
}

export function readPng(png: Buffer): GreyImage {
  return readPngs([png])[0];
}

/** An SVG drawn by resvg (a Rust renderer, independent of the service) as PNG bytes. */
export function rasteriseSvg(svg: string | Buffer): Buffer {
  return Buffer.from(new Resvg(svg, { background: 'white' }).render().asPng());
}

/**
 * The image resized by `zoom` (nearest neighbour: 3 triples each pixel, 1/10 keeps every tenth)
 * with `border` white pixels around it. zbar misses codes of one pixel per module, takes seconds
 * on images of millions of pixels, and wants a quiet zone, which margin=0 leaves out.
 */
function prepared(image: GreyImage, zoom: number, border: number): GreyImage {
  const inner = Math.floor(image.width * zoom);
  const width = inner + 2 * border;
  const pixels = new Uint8Array(width * width).fill(255);
  for (let y = 0; y < inner; y++) {
    const source = Math.floor(y / zoom) * image.width;
    for (let x = 0; x < inner; x++)
      pixels[(y + border) * width + border + x] = image.pixels[source + Math.floor(x / zoom)];
  }
  return { width, height: width, pixels };
}

let scanner: Promise<ZBarScanner> | undefined;

/**
 * A zbar scanner that looks for QR codes only, in binary mode. With its linear decoders on too,
 * zbar reports an Interleaved 2 of 5 or DataBar code beside the QR code in about one image in
 * 1,500, partly from segments it kept from the image before: the same image read again is clean.
 */
export async function qrOnlyScanner(): Promise<ZBarScanner> {
  const qrOnly = await ZBarScanner.create();
  qrOnly.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_ENABLE, 0);
  qrOnly.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_ENABLE, 1);
  qrOnly.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_BINARY, 1);
  return qrOnly;
}

/**
 * The bytes zbar (the C decoder, as WebAssembly) reads from a grey image, in binary mode so that
 * no charset is guessed: the exact payload bytes. Throws unless exactly one QR code is found.
 */
export async function zbarRead(image: GreyImage, { zoom = 1, border = 0 } = {}): Promise<Buffer> {
  if (image.width !== image.height) throw new Error('QR images are square');
  scanner ??= qrOnlyScanner();
  const { width, height, pixels } = zoom !== 1 || border > 0 ? prepared(image, zoom, border) : image;
  const buffer = pixels.buffer.slice(pixels.byteOffset, pixels.byteOffset + pixels.byteLength) as ArrayBuffer;
  const found = await scanGrayBuffer(buffer, width, height, await scanner);
  if (found.length !== 1) throw new Error(`zbar found ${found.length} QR codes`);
  return Buffer.from(found[0].data.buffer, found[0].data.byteOffset, found[0].data.byteLength);
}
