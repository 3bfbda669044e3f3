#!/usr/bin/env node
// POST /v1/vcard on several servers at once, interleaved, over several rounds: the figures behind
// the service/yardstick targets with their spread, and a build against an earlier one.
//
//   node bench/gap.mjs                                     service, yardstick, featured yardstick, Nest floor
//   BENCH_BASELINE_DIST=.bench-base/dist node bench/gap.mjs  the same plus an earlier build
//
// Servers (BENCH_GAP_SERVERS, comma-separated, in this order by default): service (the build in
// BENCH_DIST, as `npm start` runs it), silent (the same at LOG_LEVEL=silent), unflagged (the same
// without `npm start`'s V8 flags), pretenure (the same with V8's allocation-site pretenuring back
// on), baseline (the build in BENCH_BASELINE_DIST, with the `npm start` flags of the package.json
// beside it when there is one), yardstick, yardsticknopretenure (the yardstick with
// --no-allocation-site-pretenuring), featured (the yardstick with the service's CORS, rate limit,
// request id, request log and metrics), floor (nest-floor.mjs), busy (the yardstick 10 µs slower).
// Every server is warmed up with BENCH_WARMUP_REQUESTS requests, then each of BENCH_ROUNDS rounds
// drives them all interleaved (driveInterleaved: BENCH_SLICES slices each in ABBA order, the
// order reversed every other round). Ratios are taken within a round, where the host's drift
// moves every server alike; the medians and ranges over the rounds are what to read. CPU ratios
// are the yardstick's (or the baseline's) CPU µs per request over the server's: 0.80 means the
// server spends 1.25 times the CPU. BENCH_CARD picks the body: typical (default), rich or large.
// Results: a table on stdout and bench/results/gap.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LARGE_CARD, RICH_CARD, TYPICAL_CARD } from './cards.mjs';
import { drive, driveInterleaved } from './load.mjs';
import {
  PRODUCTION_NODE_FLAGS,
  ROOT,
  productionFlagsOf,
  startNestFloor,
  startService,
  startYardstick,
} from './servers.mjs';

const env = process.env;
const num = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));
const serverCpu = num('BENCH_SERVER_CPU', 0);
const loadCpu = num('BENCH_LOAD_CPU', 1);

if (env.BENCH_PINNED !== '1') {
  if (availableParallelism() < 2 || spawnSync('taskset', ['-V']).status !== 0) {
    console.error('gap: needs taskset (util-linux) and two cores.');
    process.exit(1);
  }
  const pinned = spawnSync('taskset', ['-c', String(loadCpu), process.execPath, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...env, BENCH_PINNED: '1' },
  });
  process.exit(pinned.status ?? 1);
}

const dist = resolve(ROOT, env.BENCH_DIST ?? 'dist');
const baselineDist = env.BENCH_BASELINE_DIST ? resolve(ROOT, env.BENCH_BASELINE_DIST) : null;
const rounds = num('BENCH_ROUNDS', 5);
const duration = num('BENCH_DURATION', 6);
const slices = num('BENCH_SLICES', 4);
const warmup = num('BENCH_WARMUP_REQUESTS', 20_000);
const connections = num('BENCH_CONNECTIONS', 10);
const cards = { typical: TYPICAL_CARD, rich: RICH_CARD, large: LARGE_CARD };
const cardName = env.BENCH_CARD ?? 'typical';
if (!cards[cardName]) throw new Error(`BENCH_CARD must be one of ${Object.keys(cards).join(', ')}`);
const route = { name: 'POST /v1/vcard', method: 'POST', path: '/v1/vcard', body: cards[cardName], expectStatus: 200 };

/** An earlier build runs with its own checkout's `npm start` flags (this one's when it has none). */
function baselineFlags() {
  const root = resolve(baselineDist, '..');
  return existsSync(join(root, 'package.json')) ? productionFlagsOf(root) : PRODUCTION_NODE_FLAGS;
}

const STARTERS = {
  service: () => startService({ dist, cpu: serverCpu }),
  silent: () => startService({ dist, cpu: serverCpu, name: 'silent', env: { LOG_LEVEL: 'silent' } }),
  unflagged: () => startService({ dist, cpu: serverCpu, name: 'unflagged', productionFlags: false }),
  pretenure: () =>
    startService({ dist, cpu: serverCpu, name: 'pretenure', nodeArgs: ['--allocation-site-pretenuring'] }),
  baseline: () => startService({ dist: baselineDist, cpu: serverCpu, name: 'baseline', flags: baselineFlags() }),
  yardstick: () => startYardstick({ dist, cpu: serverCpu }),
  yardsticknopretenure: () =>
    startYardstick({
      dist,
      cpu: serverCpu,
      name: 'yardsticknopretenure',
      nodeArgs: ['--no-allocation-site-pretenuring'],
    }),
  featured: () => startYardstick({ dist, cpu: serverCpu, features: true, name: 'featured' }),
  floor: () => startNestFloor({ dist, cpu: serverCpu, name: 'floor' }),
  busy: () => startYardstick({ dist, cpu: serverCpu, busyUs: 10, name: 'busy' }),
};
const names = (env.BENCH_GAP_SERVERS ?? `service,${baselineDist ? 'baseline,' : ''}yardstick,featured,floor`)
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of names) if (!STARTERS[name]) throw new Error(`unknown server ${name}`);
if (names.includes('baseline') && !baselineDist) throw new Error('baseline needs BENCH_BASELINE_DIST');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round3 = (value) => Number(value.toFixed(3));
const summary = (values) => ({
  median: round3(median(values)),
  min: round3(Math.min(...values)),
  max: round3(Math.max(...values)),
});
const shown = ({ median: m, min, max }) => `${m} (${min}-${max})`;

/** The pairs whose ratio is read: [numerator server (the reference), denominator server]. */
const PAIRS = [
  ['yardstick', 'service'],
  ['featured', 'service'],
  ['baseline', 'service'],
  ['yardstick', 'featured'],
  ['yardstick', 'floor'],
  ['yardstick', 'silent'],
  ['yardstick', 'busy'],
  ['service', 'silent'],
  ['service', 'unflagged'],
  ['service', 'pretenure'],
  ['yardstick', 'yardsticknopretenure'],
  ['yardstick', 'unflagged'],
].filter(([a, b]) => names.includes(a) && names.includes(b));

const startedAt = new Date();
const servers = [];
try {
  for (const name of names) servers.push({ ...(await STARTERS[name]()), name });
  for (const server of servers) await drive(server, route, { amount: warmup, connections });
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const ordered = r % 2 === 0 ? servers : [...servers].reverse();
    const results = await driveInterleaved(ordered, route, { duration, slices, connections });
    const byName = Object.fromEntries(ordered.map((server, i) => [server.name, results[i]]));
    perRound.push(byName);
    console.log(
      `round ${r + 1}: ${names.map((name) => `${name} ${byName[name].rps} req/s ${byName[name].cpuUsPerRequest} µs`).join('; ')}`,
    );
  }
  const result = {
    date: startedAt.toISOString(),
    node: process.version,
    cpuModel: cpus()[0]?.model,
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
    card: cardName,
    config: { rounds, duration, slices, warmup, connections, baselineDist },
    cpuUsPerRequest: Object.fromEntries(names.map((n) => [n, summary(perRound.map((r) => r[n].cpuUsPerRequest))])),
    rps: Object.fromEntries(names.map((n) => [n, summary(perRound.map((r) => r[n].rps))])),
    ratios: Object.fromEntries(
      PAIRS.map(([a, b]) => [
        `${b}/${a}`,
        {
          cpu: summary(perRound.map((r) => r[a].cpuUsPerRequest / r[b].cpuUsPerRequest)),
          rps: summary(perRound.map((r) => r[b].rps / r[a].rps)),
        },
      ]),
    ),
    rounds: perRound.map((r) =>
      Object.fromEntries(names.map((n) => [n, { rps: r[n].rps, cpuUsPerRequest: r[n].cpuUsPerRequest }])),
    ),
  };
  console.log(`\n${cardName} card, ${rounds} interleaved rounds, medians (range):`);
  for (const name of names)
    console.log(
      `  ${name.padEnd(10)} CPU ${shown(result.cpuUsPerRequest[name])} µs/request, ${shown(result.rps[name])} req/s`,
    );
  for (const [pair, ratio] of Object.entries(result.ratios))
    console.log(`  ${pair.padEnd(20)} CPU ratio ${shown(ratio.cpu)}, req/s ratio ${shown(ratio.rps)}`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'gap.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await Promise.allSettled(servers.map((server) => server.stop()));
}
