import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rgbaPng } from '../../src/lib/qr/style/rgba-png';
import type { RgbaImage } from '../../src/lib/qr/style/scene-raster';

/** RGBA pixels laid over white, as one grey byte a pixel (how a code printed on paper is seen). */
export function greyOnWhite({ width, height, data }: RgbaImage): RgbaImage {
  const grey = new Uint8Array(width * height);
  for (let pixel = 0; pixel < grey.length; pixel++) {
    const offset = pixel * 4;
    const alpha = data[offset + 3] / 255;
    const luma = 0.299 * data[offset] + 0.587 * data[offset + 1] + 0.114 * data[offset + 2];
    grey[pixel] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data: grey };
}

/** The same pixels as an opaque RGBA image over white (for readers that ignore alpha). */
export function onWhite(image: RgbaImage): RgbaImage {
  const { width, height, data } = greyOnWhite(image);
  const rgba = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < data.length; pixel++) rgba.set([data[pixel], data[pixel], data[pixel], 255], pixel * 4);
  return { width, height, data: rgba };
}

/**
 * The bytes Debian's zbarimg reads from a PNG (`--raw -Sbinary`: no charset is guessed), or null
 * when it finds no QR code. One process per image, with a timeout.
 */
export function zbarimgRead(png: Buffer): Buffer | null {
  const directory = mkdtempSync(join(tmpdir(), 'styled-code-'));
  try {
    const file = join(directory, 'code.png');
    writeFileSync(file, png);
    const run = spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', '-Sbinary', file], {
      timeout: 20_000,
      maxBuffer: 1 << 20,
    });
    // In binary mode zbarimg writes the symbol's bytes and nothing else.
    return run.status === 0 && run.stdout.length > 0 ? run.stdout : null;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** zbarimgRead of many PNGs, `concurrency` processes at a time; null where no QR code was found. */
export async function zbarimgReadAll(pngs: Buffer[], concurrency = 2): Promise<Array<Buffer | null>> {
  const directory = mkdtempSync(join(tmpdir(), 'styled-codes-'));
  const results: Array<Buffer | null> = new Array(pngs.length).fill(null);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pngs.length) {
      const index = next++;
      const file = join(directory, `${index}.png`);
      writeFileSync(file, pngs[index]);
      results[index] = await new Promise((resolve) =>
        execFile(
          'zbarimg',
          ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', '-Sbinary', file],
          { encoding: 'buffer', timeout: 30_000, maxBuffer: 1 << 20 },
          (error, stdout) => resolve(error || stdout.length === 0 ? null : stdout),
        ),
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return results;
}

/** zbarimgRead of RGBA pixels, laid over white first. */
export function zbarimgReadPixels(image: RgbaImage): Buffer | null {
  return zbarimgRead(rgbaPng(onWhite(image)));
}

let zxingPresent: boolean | undefined;

/**
 * Whether Debian's python3-zxing-cpp can be used (`/usr/bin/python3 -c 'import zxingcpp, numpy'`).
 * On a bare machine the ZXing read is skipped with one line; under CI=true a missing ZXing fails,
 * as every missing program does there.
 */
export function zxingAvailable(): boolean {
  if (zxingPresent === undefined) {
    zxingPresent = spawnSync('/usr/bin/python3', ['-c', 'import zxingcpp, numpy'], { timeout: 20_000 }).status === 0;
    const install = 'apt-get install -y python3-zxing-cpp python3-numpy';
    if (!zxingPresent && process.env.CI === 'true')
      throw new Error(`ZXing-C++ for /usr/bin/python3 is missing under CI=true: ${install}`);
    if (!zxingPresent) console.warn(`skipping the ZXing-C++ read-back: ${install}`);
  }
  return zxingPresent;
}

/** The bytes ZXing-C++ reads from each image (grey, over white), null where it reads none. One process for all. */
export function zxingRead(images: RgbaImage[]): Array<Buffer | null> {
  const input = Buffer.concat(
    images.flatMap((image) => {
      const grey = greyOnWhite(image);
      const header = Buffer.alloc(8);
      header.writeUInt32BE(grey.width, 0);
      header.writeUInt32BE(grey.height, 4);
      return [header, Buffer.from(grey.data)];
    }),
  );
  const script = join(__dirname, 'zxing-read.py');
  const run = spawnSync('/usr/bin/python3', [script], { input, timeout: 300_000, maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`zxing-cpp failed: ${run.stderr.toString().slice(0, 500)}`);
  const results: Array<Buffer | null> = [];
  for (let offset = 0; offset < run.stdout.length;) {
    const length = run.stdout.readUInt32BE(offset);
    offset += 4;
    if (length === 0xffffffff) results.push(null);
    else {
      results.push(run.stdout.subarray(offset, offset + length));
      offset += length;
    }
  }
  return results;
}
