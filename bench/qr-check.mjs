// The readability check and the render pool, from the build (dist/): `node bench/qr-check.mjs`.
// 1. In this process, per decoder (ZBar, ZXing) and for both together (checkCode): CPU per read of a plain code
//    of versions 5, 10, 17 and 25 (level M, a payload that fills the version) at 4 and 8 px a module, margin 4,
//    and of the typical card at the default size (scale 8): median, p10-p90 and min-max of BENCH_QR_RUNS reads.
// 2. The pool's round trip: a check of an 8x8 blank image through a one-worker pool (the decoders' own cost there is
//    a few µs), against the same call in-process.
// 3. The pool flat out for BENCH_QR_SECONDS: the typical card at scale 8 checked in the worker with the queue kept
//    full; tasks/s, latency, refusals, and what the main thread kept: its event-loop utilisation and delay.
// Env: BENCH_SKIP_BUILD=1 reuses dist/ (else `npm run build` first), BENCH_DIST, BENCH_QR_RUNS (40),
// BENCH_QR_SECONDS (10). Results: a table and bench/results/qr-check.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { TYPICAL_CARD } from './cards.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const dist = resolve(root, env.BENCH_DIST ?? 'dist');
const RUNS = Number(env.BENCH_QR_RUNS ?? 40);
const SECONDS = Number(env.BENCH_QR_SECONDS ?? 10);

if (env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const require = createRequire(join(dist, 'main.js'));
const { qrMatrix } = require('./lib/qr');
const { encodeVCard, QR_BYTE_CAPACITY } = require('./lib/vcard');
const { checkCode, prepareQrDecoders } = require('./lib/qr/decode');
const { zbarQrReader } = require('./lib/qr/decode/zbar-qr-reader');
const { zxingQrReader } = require('./lib/qr/decode/zxing-qr-reader');
const { decodableGrey } = require('./lib/qr/decode/decodable-image');
const { RenderPool } = require('./infra/render-pool/render-pool');
const { RenderPoolBusyError } = require('./infra/render-pool/render-pool.errors');
// The check alone, as a task of this bench's own that loads this build's decoders in each worker.
process.env.BENCH_QR_DIST = dist;
const CHECK_CODE_TASK = { file: join(root, 'bench/check-code.task.cjs') };

const round = (value, digits = 2) => Number(value.toFixed(digits));
const at = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
/** Median, p10-p90 and min-max of a list of numbers. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: round(at(sorted, 0.5), 3),
    p10: round(at(sorted, 0.1), 3),
    p90: round(at(sorted, 0.9), 3),
    min: round(sorted[0], 3),
    max: round(sorted[sorted.length - 1], 3),
    n: sorted.length,
  };
}
const show = (s) => `${s.median} (p10-p90 ${s.p10}-${s.p90}, min-max ${s.min}-${s.max})`;

/** A plain code as the RGBA raster a renderer hands over: dark modules black on white, margin 4. */
function raster(matrix, scale, margin = 4) {
  const side = (matrix.size + 2 * margin) * scale;
  const data = new Uint8Array(side * side * 4).fill(255);
  for (let row = 0; row < matrix.size; row++)
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.modules[row * matrix.size + column] === 0) continue;
      for (let y = (row + margin) * scale; y < (row + margin + 1) * scale; y++)
        for (let x = (column + margin) * scale; x < (column + margin + 1) * scale; x++)
          data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return { width: side, height: side, data };
}

/** A vCard-like payload of exactly the bytes version `version` holds at level M, non-ASCII included. */
function payloadFilling(version) {
  const bytes = QR_BYTE_CAPACITY.M[version - 1];
  const text = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ångström\r\nORG:Analytical Engines Ltd\r\nNOTE:Kraków 日本語\r\n';
  let payload = '';
  while (Buffer.byteLength(payload + text) <= bytes) payload += text;
  return payload + 'x'.repeat(bytes - Buffer.byteLength(payload));
}

/** CPU ms of each of RUNS awaited calls of `fn`, after a warm-up; nothing else runs in this process meanwhile. */
async function cpuPerCall(fn) {
  for (let i = 0; i < 5; i++) await fn();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return spread(times);
}

async function decoderCosts() {
  await prepareQrDecoders();
  const cases = [5, 10, 17, 25].flatMap((version) => [4, 8].map((scale) => ({ version, scale })));
  const { qrPayload } = encodeVCard(TYPICAL_CARD);
  const typical = qrMatrix(qrPayload, 'M');
  cases.push({ version: typical.version, scale: 8, typical: true });
  const rows = [];
  for (const { version, scale, typical: isTypical } of cases) {
    const payload = isTypical ? qrPayload : payloadFilling(version);
    const matrix = qrMatrix(payload, 'M');
    if (matrix.version !== version) throw new Error(`expected version ${version}, got ${matrix.version}`);
    const image = raster(matrix, scale);
    const expected = Buffer.from(payload, 'utf8');
    const verdict = await checkCode(image, expected);
    if (!verdict.zbar || !verdict.zxing)
      throw new Error(`v${version} at ${scale} px is not read: ${JSON.stringify(verdict)}`);
    const row = {
      code: isTypical ? `typical card (v${version})` : `v${version}`,
      scale,
      side: image.width,
      zbarMs: await cpuPerCall(() => zbarQrReader.read(decodableGrey(image).zbar)),
      zxingMs: await cpuPerCall(() => zxingQrReader.read(decodableGrey(image).zxing)),
      checkMs: await cpuPerCall(() => checkCode(image, expected)),
    };
    rows.push(row);
    console.log(
      `${row.code.padEnd(22)} ${String(scale).padStart(2)} px/module ${String(row.side).padStart(5)} px | ` +
        `zbar ${show(row.zbarMs)} | zxing ${show(row.zxingMs)} | both ${show(row.checkMs)} ms CPU`,
    );
  }
  return rows;
}

async function roundTrip() {
  const blank = () => ({ width: 8, height: 8, data: new Uint8Array(256).fill(255) });
  const expected = new Uint8Array([1]);
  const inProcess = [];
  for (let i = 0; i < 200 + RUNS * 25; i++) {
    const start = performance.now();
    await checkCode(blank(), expected);
    if (i >= 200) inProcess.push((performance.now() - start) * 1000);
  }
  const pool = new RenderPool(CHECK_CODE_TASK, { workers: 1 });
  const pooled = [];
  for (let i = 0; i < 200 + RUNS * 25; i++) {
    const image = blank();
    const start = performance.now();
    await pool.run({ image, expected }, [image.data.buffer]);
    if (i >= 200) pooled.push((performance.now() - start) * 1000);
  }
  await pool.close();
  const result = { inProcessUs: spread(inProcess), poolUs: spread(pooled) };
  console.log(
    `round trip of an 8x8 check, wall µs: in-process ${show(result.inProcessUs)} | pool ${show(result.poolUs)}`,
  );
  return result;
}

/** The main thread's event-loop delay with nothing running: the floor the flat-out figure compares with. */
async function idleDelay() {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await new Promise((done) => setTimeout(done, Math.min(SECONDS, 5) * 1000));
  delay.disable();
  const result = {
    p50: round(delay.percentile(50) / 1e6, 2),
    p99: round(delay.percentile(99) / 1e6, 2),
    max: round(delay.max / 1e6, 2),
  };
  console.log(`main thread idle: event-loop delay p50 ${result.p50}, p99 ${result.p99}, max ${result.max} ms`);
  return result;
}

async function flatOut() {
  const { qrPayload } = encodeVCard(TYPICAL_CARD);
  const matrix = qrMatrix(qrPayload, 'M');
  const expected = new Uint8Array(Buffer.from(qrPayload, 'utf8'));
  const template = raster(matrix, 8);
  const pool = new RenderPool(CHECK_CODE_TASK, { workers: 1 });
  // Warm the worker (decoders compiled, code optimised) before measuring.
  for (let i = 0; i < 20; i++) await pool.run({ image: { ...template, data: template.data.slice() }, expected });

  const latencies = [];
  let refused = 0;
  let failed = 0;
  let stop = false;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const submit = () => {
    if (stop) return;
    const image = { ...template, data: template.data.slice() };
    const start = performance.now();
    pool.run({ image, expected }, [image.data.buffer]).then(
      (verdict) => {
        if (!verdict.zbar || !verdict.zxing) failed++;
        latencies.push(performance.now() - start);
        submit();
      },
      (error) => {
        if (!(error instanceof RenderPoolBusyError)) throw error;
        refused++;
      },
    );
  };
  delay.enable();
  // One task more than the pool admits: the queue stays full and every round sees one refusal at most.
  for (let i = 0; i <= pool.workers + pool.queueLimit; i++) submit();
  await new Promise((done) => setTimeout(done, SECONDS * 1000));
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  const mainElu = performance.eventLoopUtilization(elu);
  const used = process.cpuUsage(cpu);
  delay.disable();
  await pool.close();
  const result = {
    seconds: round(elapsed, 1),
    tasks: latencies.length,
    tasksPerSecond: round(latencies.length / elapsed, 1),
    failed,
    refused,
    latencyMs: spread(latencies),
    processCpuMsPerTask: round((used.user + used.system) / 1000 / latencies.length, 2),
    mainThreadUtilisation: round(mainElu.utilization, 3),
    mainEventLoopDelayMs: {
      p50: round(delay.percentile(50) / 1e6, 2),
      p99: round(delay.percentile(99) / 1e6, 2),
      max: round(delay.max / 1e6, 2),
    },
  };
  console.log(
    `pool flat out, 1 worker, typical card at scale 8: ${result.tasksPerSecond} checks/s, latency ms ${show(result.latencyMs)}, ` +
      `${result.processCpuMsPerTask} ms process CPU a check, main thread busy ${result.mainThreadUtilisation}, ` +
      `its event-loop delay p99 ${result.mainEventLoopDelayMs.p99} ms, ${refused} refused, ${failed} unread`,
  );
  return result;
}

const machine = {
  cpu: cpus()[0]?.model,
  cores: availableParallelism(),
  node: process.version,
  loadavgBefore: loadavg().map((value) => round(value, 2)),
  date: new Date().toISOString(),
};
console.log(
  `qr-check bench: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadavgBefore.join(' ')}, ${RUNS} runs`,
);
const results = {
  machine,
  runs: RUNS,
  decoders: await decoderCosts(),
  roundTrip: await roundTrip(),
  idleEventLoopDelayMs: await idleDelay(),
  flatOut: await flatOut(),
};
results.machine.loadavgAfter = loadavg().map((value) => round(value, 2));
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/qr-check.json'), `${JSON.stringify(results, null, 2)}\n`);
