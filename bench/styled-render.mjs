#!/usr/bin/env node
// Styled QR codes: CPU per styled PNG of the typical card at the defaults (scale 8, margin 4), with
// the benchmark's style (colours, rounded modules and finders, a PNG logo at 0.2 so level H, a
// caption), in this process. Reports each step and the whole render (scene + raster + PNG), median
// and spread over BENCH_ROUNDS rounds (default 15) of BENCH_RENDERS renders each (default 40); and
// the judge (the logo decoded in full) once per request, and a first render (the logo resampled).
// The renderer is bundled from src by esbuild into a temporary file (under node_modules/.cache),
// so no build is needed.
// Usage: node bench/styled-render.mjs   (prints a table and a JSON line)
import { benchStyleWith } from './bench-style.mjs';
import { bundleSources } from './bundle-sources.mjs';
import { TYPICAL_CARD } from './cards.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const renders = Number(process.env.BENCH_RENDERS ?? 40);

const lib = await bundleSources(
  [
    "export { judgeServiceQrStyle } from './src/lib/qr/style/service-qr-style';",
    "export { styledQrScene } from './src/lib/qr/style/styled-qr-scene';",
    "export { scenePng, sceneRgba } from './src/lib/qr/style/scene-png';",
    "export { rgbaPng } from './src/lib/qr/style/rgba-png';",
    "export { qrMatrix } from './src/lib/qr/qr-matrix';",
    "export { encodeVCard } from './src/lib/vcard/encode-vcard';",
    "export { ringLogo } from './test/fixtures/styled/styled-fixtures';",
    "export { sceneRaster } from './src/lib/qr/style/scene-raster';",
    "export { paintLogo } from './src/lib/qr/style/logo-pixels';",
  ],
  { name: 'styled-render' },
);

const { qrPayload } = lib.encodeVCard(TYPICAL_CARD);
const style = benchStyleWith(lib.ringLogo(256));

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** CPU ms per call of `fn`: one value per round (the mean of `renders` calls), after a warm-up. */
function measure(fn, perRound = renders) {
  for (let i = 0; i < 20; i++) fn();
  const values = [];
  for (let round = 0; round < rounds; round++) {
    const start = cpu();
    for (let i = 0; i < perRound; i++) fn();
    values.push((cpu() - start) / perRound);
  }
  values.sort((a, b) => a - b);
  const at = (share) => values[Math.min(values.length - 1, Math.floor(share * values.length))];
  const round3 = (value) => Math.round(value * 1000) / 1000;
  return {
    median: round3(at(0.5)),
    p10: round3(at(0.1)),
    p90: round3(at(0.9)),
    min: round3(values[0]),
    max: round3(values.at(-1)),
  };
}

const judged = lib.judgeServiceQrStyle(style, { margin: 4 });
if (judged.issues.length > 0) throw new Error(`the benchmark's style is refused: ${JSON.stringify(judged.issues)}`);
const matrix = lib.qrMatrix(qrPayload, judged.level);
const scene = lib.styledQrScene(matrix, judged.style, { margin: 4 });
const raster = lib.sceneRgba(scene, 8);
const png = lib.scenePng(scene, 8);
const plainPainter = (image, width, height) => lib.paintLogo(image, width, height);

const results = {
  card: { bytes: Buffer.byteLength(qrPayload), level: judged.level, version: matrix.version },
  png: { width: raster.width, height: raster.height, bytes: png.length },
  judgeMs: measure(() => lib.judgeServiceQrStyle(style, { margin: 4 }), 10),
  matrixMs: measure(() => lib.qrMatrix(qrPayload, judged.level)),
  sceneMs: measure(() => lib.styledQrScene(matrix, judged.style, { margin: 4 })),
  rasterMs: measure(() => lib.sceneRaster(scene, 8, plainPainter)),
  pngEncodeMs: measure(() => lib.rgbaPng(raster)),
  renderMs: measure(() => lib.scenePng(lib.styledQrScene(matrix, judged.style, { margin: 4 }), 8)),
  // A new request's logo: its bytes are new, so it is decoded and resampled once more.
  firstRenderMs: measure(() => {
    const fresh = { ...judged.style, logo: { ...judged.style.logo, data: judged.style.logo.data.slice() } };
    lib.scenePng(lib.styledQrScene(matrix, fresh, { margin: 4 }), 8);
  }, 10),
};
const line = (name, m) =>
  `${name.padEnd(34)} ${String(m.median).padStart(7)} ms  (p10 ${m.p10}, p90 ${m.p90}, min ${m.min}, max ${m.max})`;
console.log(
  `typical card: ${results.card.bytes} bytes, level ${results.card.level}, version ${results.card.version}; PNG ${results.png.width}x${results.png.height}, ${results.png.bytes} bytes`,
);
console.log(line('judge (logo decoded whole)', results.judgeMs));
console.log(line('matrix', results.matrixMs));
console.log(line('scene', results.sceneMs));
console.log(line('raster (logo drawn, cached)', results.rasterMs));
console.log(line('PNG encoding', results.pngEncodeMs));
console.log(line('render = scene + raster + PNG', results.renderMs));
console.log(line('render with a new logo', results.firstRenderMs));
console.log(JSON.stringify(results));
