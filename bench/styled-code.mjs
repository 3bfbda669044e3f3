#!/usr/bin/env node
// A styled, checked PNG as POST /v1/qrcodes makes it on a render-pool worker: drawStyledCode (one
// raster for the PNG and the check) then checkCode (ZBar and ZXing), CPU per code of the typical
// card with the benchmark's style of bench/styled-render.mjs (colours, rounded modules and
// finders, a PNG logo at 0.2 so level H, a caption), in this process. BENCH_ROUNDS rounds (default
// 15) of BENCH_RENDERS codes (default 20); median and spread of the per-round means. Then the same
// with circle finders, which ZBar may have to read line by line.
// Usage: node bench/styled-code.mjs   (prints a table and a JSON line)
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { TYPICAL_CARD } from './cards.mjs';

const root = resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const renders = Number(process.env.BENCH_RENDERS ?? 20);

const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const directory = mkdtempSync(join(cache, 'styled-code-bench-'));
const entry = join(directory, 'code.cjs');
await build({
  stdin: {
    contents: [
      "export { drawStyledCode } from './src/lib/qr/style/draw-styled-code';",
      "export { judgeQrStyle } from './src/lib/qr/style/judge-qr-style';",
      "export { notoCaptionFont } from './src/lib/qr/style/noto-caption-font';",
      "export { checkCode, prepareQrDecoders } from './src/lib/qr/decode';",
      "export { encodeVCard } from './src/lib/vcard/encode-vcard';",
      "export { ringLogo } from './test/fixtures/styled/styled-fixtures';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  outfile: entry,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  external: ['@resvg/resvg-js', 'fontkit', 'pngjs', 'jpeg-js', 'qrcode', '@undecaf/zbar-wasm', 'zxing-wasm'],
  logLevel: 'warning',
});
const lib = createRequire(join(root, 'package.json'))(entry);
rmSync(directory, { recursive: true, force: true });
await lib.prepareQrDecoders();

const { qrPayload } = lib.encodeVCard(TYPICAL_CARD);
const expected = Buffer.from(qrPayload, 'utf8');
const styleOf = (finders) => ({
  colors: { dark: '#1a3a6b', light: '#ffffff', finder: '#b03020' },
  modules: 'rounded',
  finders,
  logo: { image: lib.ringLogo(256), size: 0.2 },
  frame: { caption: 'Scan to save my contact' },
});

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
async function measure(fn) {
  for (let i = 0; i < 5; i++) await fn();
  const values = [];
  for (let round = 0; round < rounds; round++) {
    const start = cpu();
    for (let i = 0; i < renders; i++) await fn();
    values.push((cpu() - start) / renders);
  }
  values.sort((a, b) => a - b);
  const at = (share) => Math.round(values[Math.min(values.length - 1, Math.floor(share * values.length))] * 10) / 10;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

const results = {};
for (const finders of ['rounded', 'circle']) {
  const judged = lib.judgeQrStyle(styleOf(finders), { margin: 4, font: lib.notoCaptionFont() });
  const order = { payload: qrPayload, level: judged.level, style: judged.style, margin: 4, scale: 8, type: 'png' };
  const drawing = await lib.drawStyledCode(order);
  const check = await lib.checkCode(drawing.check.image, expected, { modulePixels: 8 });
  if (!check.zbar || !check.zxing) throw new Error(`the ${finders} code does not read back: ${JSON.stringify(check)}`);
  results[finders] = {
    png: { width: drawing.width, height: drawing.height, bytes: drawing.file.length, version: drawing.version },
    drawMs: await measure(() => lib.drawStyledCode(order)),
    checkMs: await measure(() => lib.checkCode(drawing.check.image, expected, { modulePixels: 8 })),
    codeMs: await measure(async () => {
      const drawn = await lib.drawStyledCode(order);
      return lib.checkCode(drawn.check.image, expected, { modulePixels: 8 });
    }),
  };
}
for (const [finders, r] of Object.entries(results)) {
  const line = (name, m) =>
    `${`${finders} ${name}`.padEnd(28)} ${String(m.median).padStart(6)} ms  (p10 ${m.p10}, p90 ${m.p90})`;
  console.log(`${finders}: ${r.png.width}x${r.png.height} PNG, ${r.png.bytes} bytes, version ${r.png.version}`);
  console.log(line('draw', r.drawMs));
  console.log(line('check (ZBar + ZXing)', r.checkMs));
  console.log(line('draw + check', r.codeMs));
}
console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, rounds, renders, results }));
