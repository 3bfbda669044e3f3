// Writes the simulated phone photos of one code (test/utils/camera-photo.ts) as files, in a
// process of its own (run with tsx): a plain Node process draws them some thirty times faster than
// a Jest test's. stdin: an 8-byte header (width and height, big-endian), then the code's grey
// pixels. argv: the code's pixels a module, how many photos, the directory. Writes <n>.png (8-bit
// grey, for zbarimg) and photos.bin (each photo as zxing-read.py reads its input).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { cameraPhoto, photoConditions } from './camera-photo';

const input = readFileSync(0);
const code = { width: input.readUInt32BE(0), height: input.readUInt32BE(4), data: new Uint8Array(input.subarray(8)) };
const [modulePixels, count, directory] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const raw: Buffer[] = [];
for (let n = 0; n < count; n++) {
  const { width, height, data } = cameraPhoto(code, modulePixels, photoConditions(n));
  const png = PNG.sync.write({ width, height, data: Buffer.from(data) } as PNG, { colorType: 0, inputColorType: 0 });
  writeFileSync(join(directory, `${n}.png`), png);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  raw.push(header, Buffer.from(data));
}
writeFileSync(join(directory, 'photos.bin'), Buffer.concat(raw));
