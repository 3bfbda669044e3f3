#!/usr/bin/env node
// POST /v1/vcard (JSON) paced at half its max rate, alone and while styled codes render flat out:
// BENCH_STYLED_CLIENTS clients (default 5, the default pool's one worker and its queue of 4 on
// this 2-core VM) post the benchmark's style (bench/styled-code.mjs: a PNG logo at 0.2, so level
// H, rounded modules and finders, a caption) to POST /v1/qrcodes as fast as they are answered, a
// 503 renderer_busy retried after 20 ms (BENCH_STYLED_FLOOD=scan: a 503 scanner_busy after its Retry-After).
//
//   node bench/styled-load.mjs   (after npm run build)
//
// One service of ./dist as `npm start` runs it, on both cores (BENCH_STYLED_CPU, default 0-1; with
// 0, the event loop and its one render worker share core 0; run the script under `taskset -c 1`
// then). BENCH_STYLED_ROUNDS rounds (default 2) of: paced alone, paced during the flood, each
// BENCH_STYLED_SECONDS (default 10) s, after BENCH_STYLED_WARM_ROUNDS (default 1) such rounds that
// are printed as warm-ups and not counted. The max rate is measured once after a warm-up. The flood
// runs in a process of its own (bench/styled-flood.mjs) on BENCH_STYLED_FLOOD_CPU (default the
// service's cores), not in the paced client's.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TYPICAL_CARD } from './cards.mjs';
import { drive, drivePaced } from './load.mjs';
import { startService } from './servers.mjs';

const root = resolve(import.meta.dirname, '..');
const num = (name, fallback) => Number(process.env[name] ?? fallback);
const rounds = num('BENCH_STYLED_ROUNDS', 2);
const seconds = num('BENCH_STYLED_SECONDS', 10);
const clients = num('BENCH_STYLED_CLIENTS', 5);
const warmRounds = num('BENCH_STYLED_WARM_ROUNDS', 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** BENCH_STYLED_FLOOD=scan: the flood posts bench/scan.mjs's JPEG photo to POST /v1/scans instead. */
const scanPhoto = [];
if (process.env.BENCH_STYLED_FLOOD === 'scan') {
  const file = resolve(mkdtempSync(join(tmpdir(), 'scan-flood-')), 'photo.jpg');
  execFileSync(process.execPath, [resolve(import.meta.dirname, 'scan.mjs')], {
    env: { ...process.env, BENCH_SCAN_WRITE: file },
  });
  scanPhoto.push(file);
}

/**
 * The flood, in a process of its own pinned beside the service (BENCH_STYLED_FLOOD_CPU, default
 * the service's cores): it needs about 1 % of a core, and in the paced client's process its
 * answers and their garbage would count as the service's latency.
 */
function floodProcess(url) {
  const cpu = process.env.BENCH_STYLED_FLOOD_CPU ?? process.env.BENCH_STYLED_CPU ?? '0-1';
  const child = spawn(
    'taskset',
    ['-c', cpu, process.execPath, resolve(import.meta.dirname, 'styled-flood.mjs'), url, String(clients), ...scanPhoto],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const exited = new Promise((r) => child.once('exit', r));
  // A flood that ends before it starts fails the bench instead of leaving it waiting for ever.
  const started = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code, signal) =>
      reject(new Error(`the styled flood ended before it started (exit ${code ?? signal})`)),
    );
  });
  return {
    started,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out);
    },
  };
}

const startFlood = async (url) => {
  const child = floodProcess(url);
  await child.started;
  return child;
};

const clientCpu = process.env.BENCH_STYLED_CPU === '0' ? 'core 1' : 'shared';
const route = { name: 'POST /v1/vcard', method: 'POST', path: '/v1/vcard', body: TYPICAL_CARD, expectStatus: 200 };
// BENCH_STYLED_NODE_FLAGS (space-separated) replaces `npm start`'s V8 flags, for an A/B of them.
const flags = process.env.BENCH_STYLED_NODE_FLAGS?.split(' ').filter(Boolean);
const service = await startService({
  dist: resolve(root, 'dist'),
  cpu: process.env.BENCH_STYLED_CPU ?? '0-1',
  ...(flags ? { flags } : {}),
});
try {
  await drive(service, route, { amount: 20_000, connections: 10 });
  const max = await drive(service, route, { duration: 5, connections: 10 });
  const rate = Math.round(max.rps / 2);
  // The pool starts with the first styled code: start it before anything is measured.
  const warm = await startFlood(service.url);
  await sleep(3000);
  await warm.stop();
  const pick = ({ latencyMs, cpuShare, rps }) => ({ rps, cpuShare, ...latencyMs });
  /** Paced alone, then paced beside the flood (started a second before). */
  const round = async () => {
    const alone = await drivePaced(service, route, { rate, duration: seconds, connections: 10 });
    const styled = await startFlood(service.url);
    await sleep(1000);
    const during = await drivePaced(service, route, { rate, duration: seconds, connections: 10 });
    const codes = await styled.stop();
    return { alone: pick(alone), during: pick(during), codes };
  };
  // Warm-up rounds, printed but not counted: the first paced windows after the closed-loop drive and the
  // first flood run the JSON route re-optimised for the styled route's traffic (their p99 was 20-500 ms
  // alone and 41-61 ms beside the flood, then 7-10 ms; bench/README.md), which is the process's
  // start, not its steady state.
  const warmups = [];
  for (let r = 0; r < warmRounds; r++) {
    warmups.push(await round());
    console.log(JSON.stringify({ warmup: r + 1, rate, ...warmups.at(-1) }));
  }
  const runs = [];
  for (let r = 0; r < rounds; r++) {
    runs.push(await round());
    console.log(JSON.stringify({ round: r + 1, rate, ...runs.at(-1) }));
  }
  console.log(
    JSON.stringify({ clientCpu, maxRps: max.rps, rate, clients, warmups, runs, peakRssMB: service.memory().hwmMB }),
  );
} finally {
  await service.stop();
}
