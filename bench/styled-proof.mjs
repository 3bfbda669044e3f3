#!/usr/bin/env node
// The scan proof's CPU, in this process: a styled + logo + proven PNG of the typical card (the
// benchmark's style of bench/styled-code.mjs: colours, rounded modules and finders, a PNG logo at
// 0.2 so level H, a caption) and a plain-looking style (square modules, a brand colour, no logo),
// each as the render-pool worker makes it (drawProvenCode: the file, the proof set, the file as
// sent), against the one-raster check it replaces (drawProvenCode without `proof: 'full'`).
// BENCH_ROUNDS rounds (default 15) of BENCH_RENDERS codes (default 10): median and p10-p90 of the
// per-round means. Then where one proof's time goes: each rendering's drawing, effects and reads.
// With BENCH_ONLY=gradient, only the gradient measure: the styled + logo PNG with a linear dark and
// a radial light gradient against the same style in solid colours, both proven, rounds interleaved.
// Usage: node bench/styled-proof.mjs   (prints a table and a JSON line)
import { GRADIENT_COLORS, benchStyleWith } from './bench-style.mjs';
import { cpuMs, spread } from './cpu-spread.mjs';
import { bundleSources } from './bundle-sources.mjs';
import { TYPICAL_CARD } from './cards.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const renders = Number(process.env.BENCH_RENDERS ?? 10);

const lib = await bundleSources(
  [
    "export { drawProvenCode } from './src/lib/qr/proof/draw-proven-code';",
    "export { PROOF_SET, renderingScale } from './src/lib/qr/proof/proof-set';",
    "export { payloadSeed } from './src/lib/qr/proof/grey-effects';",
    "export { judgeQrStyle } from './src/lib/qr/style/judge-qr-style';",
    "export { notoCaptionFont } from './src/lib/qr/style/noto-caption-font';",
    "export { styledQrLayers } from './src/lib/qr/style/styled-qr-scene';",
    "export { styledRaster } from './src/lib/qr/style/styled-raster';",
    "export { paintLogo } from './src/lib/qr/style/logo-pixels';",
    "export { qrMatrix } from './src/lib/qr/qr-matrix';",
    "export { prepareQrDecoders } from './src/lib/qr/decode';",
    "export { decodableGrey } from './src/lib/qr/decode/decodable-image';",
    "export { zbarQrReader } from './src/lib/qr/decode/zbar-qr-reader';",
    "export { zxingQrReader } from './src/lib/qr/decode/zxing-qr-reader';",
    "export { encodeVCard } from './src/lib/vcard/encode-vcard';",
    "export { ringLogo } from './test/fixtures/styled/styled-fixtures';",
  ],
  { name: 'styled-proof' },
);
await lib.prepareQrDecoders();

const { qrPayload } = lib.encodeVCard(TYPICAL_CARD);
const font = lib.notoCaptionFont();
const STYLES = {
  'styled + logo': benchStyleWith(lib.ringLogo(256)),
  'plain-looking': { colors: { dark: '#1a3a6b' }, modules: 'square' },
};

function orderOf(raw) {
  const judged = lib.judgeQrStyle(raw, { margin: 4, font });
  return { payload: qrPayload, level: judged.level, style: judged.style, margin: 4, scale: 8, type: 'png' };
}

/** Rounds interleaved: proven and one-raster in turn, so the host's drift falls on both alike. */
async function measure(order) {
  const kinds = { proven: { ...order, proof: 'full' }, 'one raster': order };
  const values = { proven: [], 'one raster': [] };
  for (const each of Object.values(kinds)) for (let i = 0; i < 3; i++) await lib.drawProvenCode(each);
  let verdict;
  for (let round = 0; round < rounds; round++)
    for (const [name, each] of Object.entries(kinds)) {
      const start = cpuMs();
      for (let i = 0; i < renders; i++) {
        const drawn = await lib.drawProvenCode(each);
        if (name === 'proven') verdict = drawn.check;
      }
      values[name].push((cpuMs() - start) / renders);
    }
  return { proven: spread(values.proven), oneRaster: spread(values['one raster']), verdict };
}

/** One proof's time by rendering: drawing the scene, its effects, and each decoder's read (median of 10). */
async function breakdown(order) {
  const matrix = lib.qrMatrix(order.payload, order.level);
  const layers = lib.styledQrLayers(matrix, order.style, { margin: 4 });
  const seed = lib.payloadSeed(Buffer.from(order.payload, 'utf8'));
  const rows = [];
  for (const rendering of lib.PROOF_SET) {
    const times = { draw: [], effects: [], zbar: [], zxing: [] };
    const scale = lib.renderingScale(rendering, matrix.version);
    for (let i = 0; i < 10; i++) {
      let start = cpuMs();
      const raster = lib.styledRaster(layers, scale, lib.paintLogo);
      times.draw.push(cpuMs() - start);
      start = cpuMs();
      const grey = lib.decodableGrey(raster);
      let plane = grey.zbar;
      for (const effect of rendering.effects) plane = effect(plane, { seed });
      const planes = rendering.effects.length ? { zbar: plane, zxing: plane } : grey;
      times.effects.push(cpuMs() - start);
      start = cpuMs();
      await lib.zbarQrReader.read(planes.zbar, { modulePixels: scale });
      times.zbar.push(cpuMs() - start);
      start = cpuMs();
      await lib.zxingQrReader.read(planes.zxing);
      times.zxing.push(cpuMs() - start);
    }
    const median = (list) => spread(list).median;
    rows.push({
      rendering: rendering.name,
      side: Math.round(layers.scene.width * scale),
      draw: median(times.draw),
      greyAndEffects: median(times.effects),
      zbar: median(times.zbar),
      zxing: median(times.zxing),
    });
  }
  return rows;
}

/** The styled + logo style with gradients against the same style in solid colours, rounds interleaved. */
async function gradientAgainstSolid() {
  const solid = STYLES['styled + logo'];
  const kinds = {
    solid: { ...orderOf(solid), proof: 'full' },
    gradient: { ...orderOf({ ...solid, colors: GRADIENT_COLORS }), proof: 'full' },
  };
  const values = { solid: [], gradient: [] };
  for (const each of Object.values(kinds)) for (let i = 0; i < 3; i++) await lib.drawProvenCode(each);
  const verdicts = {};
  for (let round = 0; round < rounds; round++)
    for (const [name, each] of Object.entries(kinds)) {
      const start = cpuMs();
      for (let i = 0; i < renders; i++) verdicts[name] = (await lib.drawProvenCode(each)).check.proof;
      values[name].push((cpuMs() - start) / renders);
    }
  const ratios = values.gradient.map((value, round) => (100 * value) / values.solid[round]);
  return { solid: spread(values.solid), gradient: spread(values.gradient), ratio: spread(ratios), verdicts };
}

const results = {};
if (process.env.BENCH_ONLY === 'gradient') {
  const { solid, gradient, ratio, verdicts } = (results.gradient = await gradientAgainstSolid());
  console.log(
    `gradient ${gradient.median} ms (p10-p90 ${gradient.p10}-${gradient.p90}); solid ${solid.median} ms ` +
      `(p10-p90 ${solid.p10}-${solid.p90}); gradient/solid per round ${ratio.median} % (p10-p90 ${ratio.p10}-${ratio.p90} %); ` +
      `proofs ${JSON.stringify(verdicts)}`,
  );
  console.log(JSON.stringify(results));
  process.exit(0);
}
for (const [name, raw] of Object.entries(STYLES)) {
  const order = orderOf(raw);
  const measured = await measure(order);
  results[name] = { ...measured, breakdown: await breakdown(order) };
  const { proven, oneRaster, verdict } = measured;
  console.log(
    `${name}: proven ${proven.median} ms (p10-p90 ${proven.p10}-${proven.p90}, min-max ${proven.min}-${proven.max}); ` +
      `one raster ${oneRaster.median} ms (p10-p90 ${oneRaster.p10}-${oneRaster.p90}); proof ${JSON.stringify(verdict.proof)}`,
  );
  console.table(results[name].breakdown);
}
console.log(JSON.stringify(results));
