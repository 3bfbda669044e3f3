#!/usr/bin/env node
// A styled, checked PNG as POST /v1/qrcodes makes it on a render-pool worker: drawStyledCode (one
// raster for the PNG and the check) then checkCode (ZBar and ZXing), CPU per code of the typical
// card with the benchmark's style of bench/styled-render.mjs (colours, rounded modules and
// finders, a PNG logo at 0.2 so level H, a caption), in this process. BENCH_ROUNDS rounds (default
// 15) of BENCH_RENDERS codes (default 20); median and spread of the per-round means. Then the same
// with circle finders, which ZBar may have to read line by line. BENCH_BASE=<another checkout> bundles
// that tree's sources too and measures both builds' rounds interleaved (ABBA), after checking that
// they draw the same PNG bytes.
// Usage: node bench/styled-code.mjs   (prints a table and a JSON line)
import { resolve } from 'node:path';
import { benchStyleWith } from './bench-style.mjs';
import { cpuMs, spread } from './cpu-spread.mjs';
import { bundleSources, ROOT } from './bundle-sources.mjs';
import { TYPICAL_CARD } from './cards.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const renders = Number(process.env.BENCH_RENDERS ?? 20);

/** The renderer and the check bundled from `tree`'s sources, loaded with that tree's packages. */
async function bundle(tree) {
  const loaded = await bundleSources(
    [
      "export { drawStyledCode } from './src/lib/qr/style/draw-styled-code';",
      "export { judgeQrStyle } from './src/lib/qr/style/judge-qr-style';",
      "export { notoCaptionFont } from './src/lib/qr/style/noto-caption-font';",
      "export { checkCode, prepareQrDecoders } from './src/lib/qr/decode';",
      "export { encodeVCard } from './src/lib/vcard/encode-vcard';",
      "export { ringLogo } from './test/fixtures/styled/styled-fixtures';",
    ],
    { tree, name: 'styled-code' },
  );
  await loaded.prepareQrDecoders();
  return loaded;
}

const lib = await bundle(ROOT);
const base = process.env.BENCH_BASE ? await bundle(resolve(process.env.BENCH_BASE)) : undefined;
const { qrPayload } = lib.encodeVCard(TYPICAL_CARD);
const expected = Buffer.from(qrPayload, 'utf8');
const styleOf = (finders) => benchStyleWith(lib.ringLogo(256), finders);

/**
 * Per-round means of each build's `fn`, the builds' rounds interleaved ABBA so that the host's drift
 * falls on both alike; with one build, its rounds in turn.
 */
async function measure(fns) {
  for (const fn of fns) for (let i = 0; i < 5; i++) await fn();
  const values = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = fns.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const start = cpuMs();
      for (let n = 0; n < renders; n++) await fns[i]();
      values[i].push((cpuMs() - start) / renders);
    }
  }
  return values.map(spread);
}

const builds = [['candidate', lib], ...(base ? [['base', base]] : [])];
const results = {};
for (const finders of ['rounded', 'circle']) {
  const runs = [];
  for (const [, code] of builds) {
    const judged = code.judgeQrStyle(styleOf(finders), { margin: 4, font: code.notoCaptionFont() });
    const order = { payload: qrPayload, level: judged.level, style: judged.style, margin: 4, scale: 8, type: 'png' };
    const drawing = await code.drawStyledCode(order);
    const check = await code.checkCode(drawing.check.image, expected, { modulePixels: 8 });
    if (!check.zbar || !check.zxing)
      throw new Error(`the ${finders} code does not read back: ${JSON.stringify(check)}`);
    runs.push({ code, order, drawing });
  }
  if (runs.length > 1 && !runs[0].drawing.file.equals(runs[1].drawing.file))
    throw new Error(`the ${finders} PNG differs between the builds`);
  const draw = await measure(
    runs.map(
      ({ code, order }) =>
        () =>
          code.drawStyledCode(order),
    ),
  );
  const check = await measure(
    runs.map(
      ({ code, drawing }) =>
        () =>
          code.checkCode(drawing.check.image, expected, { modulePixels: 8 }),
    ),
  );
  const whole = await measure(
    runs.map(({ code, order }) => async () => {
      const drawn = await code.drawStyledCode(order);
      return code.checkCode(drawn.check.image, expected, { modulePixels: 8 });
    }),
  );
  const { drawing } = runs[0];
  const png = { width: drawing.width, height: drawing.height, bytes: drawing.file.length, version: drawing.version };
  results[finders] = Object.fromEntries(
    builds.map(([name], i) => [name, { png, drawMs: draw[i], checkMs: check[i], codeMs: whole[i] }]),
  );
}
for (const [finders, byBuild] of Object.entries(results)) {
  for (const [name, r] of Object.entries(byBuild)) {
    const line = (step, m) =>
      `${`${finders} ${step}`.padEnd(28)} ${String(m.median).padStart(6)} ms  (p10 ${m.p10}, p90 ${m.p90})`;
    console.log(
      `${name}, ${finders}: ${r.png.width}x${r.png.height} PNG, ${r.png.bytes} bytes, version ${r.png.version}`,
    );
    console.log(line('draw', r.drawMs));
    console.log(line('check (ZBar + ZXing)', r.checkMs));
    console.log(line('draw + check', r.codeMs));
  }
}
console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, rounds, renders, results }));
