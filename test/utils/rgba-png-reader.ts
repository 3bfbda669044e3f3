import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { RgbaImage } from '../../src/lib/qr/decode';

/** PNGs decoded to RGBA by pngjs (independent of the service's writer), in one child process. */
export function readPngsAsRgba(pngs: Buffer[]): RgbaImage[] {
  const input = Buffer.concat(
    pngs.flatMap((png) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(png.length);
      return [length, png];
    }),
  );
  const run = spawnSync(process.execPath, [join(__dirname, 'png-to-rgba.cjs')], {
    input,
    maxBuffer: 1 << 30,
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(`pngjs could not read the image: ${run.stderr?.toString() ?? run.error}`);
  const images: RgbaImage[] = [];
  for (let offset = 0; offset < run.stdout.length;) {
    const width = run.stdout.readUInt32BE(offset);
    const height = run.stdout.readUInt32BE(offset + 4);
    const end = offset + 8 + width * height * 4;
    images.push({ width, height, data: new Uint8Array(run.stdout.subarray(offset + 8, end)) });
    offset = end;
  }
  return images;
}

export function readPngAsRgba(png: Buffer): RgbaImage {
  return readPngsAsRgba([png])[0];
}

/**
 * The image with each pixel made a `zoom` × `zoom` square (nearest neighbour). pngjs takes about a tenth of a second
 * for a large code's PNG, so the decoder tests read a PNG at one pixel a module and enlarge it here: the decoders
 * see exactly the pixels the PNG at `zoom` pixels a module holds.
 */
export function enlarged(image: RgbaImage, zoom: number): RgbaImage {
  const width = image.width * zoom;
  const height = image.height * zoom;
  const data = new Uint8Array(width * height * 4);
  const row = new Uint8Array(width * 4);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const pixel = image.data.subarray((y * image.width + x) * 4, (y * image.width + x + 1) * 4);
      for (let i = 0; i < zoom; i++) row.set(pixel, (x * zoom + i) * 4);
    }
    for (let i = 0; i < zoom; i++) data.set(row, (y * zoom + i) * width * 4);
  }
  return { width, height, data };
}
