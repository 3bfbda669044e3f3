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
