#!/usr/bin/env node
// Two builds of the service, same machine, same run: POST /v1/vcard at max rate, interleaved.
//
//   node bench/compare-builds.mjs <baseline dist> <candidate dist>   (e.g. .bench-base/dist dist)
//
// Each build runs as `npm start` runs it (production Node flags, in-memory store, LOG_LEVEL=info),
// pinned to core 0, with autocannon on core 1. Both are warmed up with BENCH_WARMUP_REQUESTS
// requests, then BENCH_ROUNDS rounds each drive both builds interleaved (ABBA slices, see
// driveInterleaved). Printed per round: each build's requests/s and CPU µs per request, and the
// candidate/baseline ratios; then the median ratio and its spread over the rounds. On this shared
// VM single readings move by several percent, so only the median of interleaved rounds is read.
// BENCH_CARD=rich sends the rich card (bench/cards.mjs) instead of the typical flat one;
// BENCH_CARD=invalid the typical card with an invalid email (a 400 invalid_request);
// BENCH_ACCEPT=image/png (or image/svg+xml) asks for the plain QR image instead of JSON.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RICH_CARD, TYPICAL_CARD } from './cards.mjs';
import { drive, driveInterleaved } from './load.mjs';
import { startServer } from './server-process.mjs';

const [baselineDist, candidateDist] = process.argv.slice(2).map((dir) => resolve(dir));
if (!baselineDist || !candidateDist) {
  console.error('usage: node bench/compare-builds.mjs <baseline dist> <candidate dist>');
  process.exit(2);
}
const num = (name, fallback) => Number(process.env[name] ?? fallback);
const rounds = num('BENCH_ROUNDS', 5);
const duration = num('BENCH_DURATION', 8);
const slices = num('BENCH_SLICES', 4);
const warmup = num('BENCH_WARMUP_REQUESTS', 20_000);
const connections = num('BENCH_CONNECTIONS', 10);

const root = resolve(import.meta.dirname, '..');
const nodeFlags = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .slice(1)
  .filter((arg) => arg.startsWith('-'));
const env = {
  NODE_ENV: 'production',
  RATE_LIMIT_MAX: '10000000',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  LOG_LEVEL: 'info',
  REDIS_URL: '',
  NODE_OPTIONS: '',
};
const route = {
  name: 'POST /v1/vcard',
  method: 'POST',
  path: '/v1/vcard',
  body:
    { rich: RICH_CARD, invalid: { ...TYPICAL_CARD, email: 'not an address' } }[process.env.BENCH_CARD] ?? TYPICAL_CARD,
  ...(process.env.BENCH_ACCEPT ? { headers: { accept: process.env.BENCH_ACCEPT } } : {}),
  expectStatus: process.env.BENCH_CARD === 'invalid' ? 400 : 200,
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const servers = [];
try {
  for (const [name, dist] of [
    ['baseline', baselineDist],
    ['candidate', candidateDist],
  ]) {
    servers.push(await startServer({ name, script: join(dist, 'main.js'), cpu: 0, env, nodeArgs: nodeFlags }));
  }
  for (const server of servers) await drive(server, route, { amount: warmup, connections });
  const rpsRatios = [];
  const cpuRatios = [];
  for (let round = 1; round <= rounds; round += 1) {
    const ordered = round % 2 ? servers : [...servers].reverse();
    const results = await driveInterleaved(ordered, route, { duration, slices, connections });
    const [base, cand] = round % 2 ? results : [...results].reverse();
    rpsRatios.push(cand.rps / base.rps);
    cpuRatios.push(base.cpuUsPerRequest / cand.cpuUsPerRequest);
    console.log(
      `round ${round}: baseline ${base.rps} req/s ${base.cpuUsPerRequest} µs CPU; candidate ${cand.rps} req/s ${cand.cpuUsPerRequest} µs CPU; ` +
        `req/s ratio ${rpsRatios.at(-1).toFixed(3)}, CPU ratio ${cpuRatios.at(-1).toFixed(3)}`,
    );
  }
  const spread = (values) => `${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)}`;
  console.log(
    `candidate/baseline over ${rounds} rounds: req/s median ${median(rpsRatios).toFixed(3)} (${spread(rpsRatios)}), CPU median ${median(cpuRatios).toFixed(3)} (${spread(cpuRatios)})`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
