#!/usr/bin/env node
// A scan as POST /v1/scans makes it on a render-pool worker: scanImage (decode, both decoders, the
// report) of a 1,000 × 1,000 photo with one code, CPU per scan in this process. The photo is the
// typical card's plain code at 4 px a module, seen at an angle and out of focus (the proof's
// keystone and blur), on a desk in uneven light with sensor noise, as a JPEG at quality 80; and the
// same photo as a PNG. BENCH_ROUNDS rounds (default 10) of BENCH_SCANS scans (default 10); median
// and spread of the per-round means. Target: the JPEG photo in ≤ 60 ms median CPU.
// Usage: node bench/scan.mjs   (prints a table and a JSON line)
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { TYPICAL_CARD } from './cards.mjs';

const root = resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const scans = Number(process.env.BENCH_SCANS ?? 10);
const require = createRequire(join(root, 'package.json'));

/** The scan and what makes the photo, bundled from this tree's sources. */
async function bundle() {
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const directory = mkdtempSync(join(cache, 'scan-bench-'));
  const entry = join(directory, 'scan.cjs');
  await build({
    stdin: {
      contents: [
        "export { scanImage } from './src/lib/scan/scan-image';",
        "export { readScanImageHeader } from './src/lib/scan/scan-image-header';",
        "export { blur, compress, keystone, light, noise } from './src/lib/qr/proof/grey-effects';",
        "export { prepareQrDecoders } from './src/lib/qr/decode';",
        "export { encodeVCard } from './src/lib/vcard/encode-vcard';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['pngjs', 'jpeg-js', 'sharp', 'image-size', 'qrcode', '@undecaf/zbar-wasm', 'zxing-wasm'],
    logLevel: 'warning',
  });
  const loaded = createRequire(join(root, 'package.json'))(entry);
  rmSync(directory, { recursive: true, force: true });
  await loaded.prepareQrDecoders();
  return loaded;
}

/** The photo's grey plane: the code drawn at 4 px a module, angled and blurred, on a desk, lit unevenly, noisy. */
function photo(lib, text) {
  const { size, data } = require('qrcode').create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = 4;
  const side = (size + 8) * scale;
  let code = { width: side, height: side, data: new Uint8Array(side * side).fill(255) };
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const column = Math.floor(x / scale) - 4;
      if (row >= 0 && column >= 0 && row < size && column < size && data[row * size + column])
        code.data[y * side + x] = 20;
    }
  for (const effect of [lib.keystone(0.08), lib.blur(0.8)]) code = effect(code, { seed: 1 });
  let desk = { width: 1000, height: 1000, data: new Uint8Array(1000 * 1000).fill(190) };
  for (let y = 0; y < side; y++) desk.data.set(code.data.subarray(y * side, (y + 1) * side), (300 + y) * 1000 + 280);
  for (const effect of [lib.light(0.3), lib.noise(4)]) desk = effect(desk, { seed: 2 });
  const rgba = Buffer.alloc(1000 * 1000 * 4);
  for (let i = 0; i < desk.data.length; i++) rgba.set([desk.data[i], desk.data[i], desk.data[i], 255], i * 4);
  return { width: 1000, height: 1000, data: rgba };
}

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 10) / 10;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

const lib = await bundle();
const { qrPayload } = lib.encodeVCard(TYPICAL_CARD);
const raster = photo(lib, qrPayload);
const { PNG } = require('pngjs');
const png = new PNG({ width: 1000, height: 1000 });
png.data = raster.data;
const files = {
  jpeg: Buffer.from(require('jpeg-js').encode(raster, 80).data),
  png: PNG.sync.write(png),
};
// BENCH_SCAN_WRITE=<file>: write the JPEG photo there and stop (the scan flood of bench/styled-load.mjs posts it).
if (process.env.BENCH_SCAN_WRITE) {
  (await import('node:fs')).writeFileSync(process.env.BENCH_SCAN_WRITE, files.jpeg);
  process.exit(0);
}
const results = {};
for (const [type, file] of Object.entries(files)) {
  const header = lib.readScanImageHeader(file, type);
  const scanOnce = async () => {
    const scanned = await lib.scanImage(file, header);
    if (scanned.codes.length !== 1 || scanned.codes[0].text !== qrPayload)
      throw new Error(
        `the ${type} photo does not read back: ${JSON.stringify(scanned.noCode ?? scanned.codes.length)}`,
      );
    return scanned;
  };
  const first = await scanOnce();
  for (let i = 0; i < 3; i++) await scanOnce();
  const values = [];
  for (let round = 0; round < rounds; round++) {
    const start = cpu();
    for (let n = 0; n < scans; n++) await scanOnce();
    values.push((cpu() - start) / scans);
  }
  results[type] = { bytes: file.length, readBy: first.codes[0].readBy, scanMs: spread(values) };
}
for (const [type, r] of Object.entries(results))
  console.log(
    `scan, 1000x1000 ${type} photo (${r.bytes} bytes, read by ${r.readBy.join('+')}): ${r.scanMs.median} ms CPU (p10 ${r.scanMs.p10}, p90 ${r.scanMs.p90})`,
  );
console.log(`target: jpeg photo ≤ 60 ms median CPU: ${results.jpeg.scanMs.median <= 60 ? 'met' : 'missed'}`);
console.log(JSON.stringify({ scan: results }));
