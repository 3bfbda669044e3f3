// npm run bench: the service against a bare-Fastify yardstick doing the same work (yardstick.mjs).
//
// Each server runs pinned to one core (BENCH_SERVER_CPU, default 0) and this process, which runs
// autocannon, to another (BENCH_LOAD_CPU, default 1). Servers compared with each other are
// measured interleaved (driveInterleaved: BENCH_SLICES slices each, in ABBA order), so that a
// shared host drifting in speed over minutes moves them alike. Phases:
//   1. encoder speed, in-process, on the server core;
//   2. per route: max throughput of the service and the yardstick, interleaved, then each at half
//      the service's max rate, sent evenly paced: the latency of a loaded but not saturated server;
//   3. where the POST /v1/vcard gap is, one interleaved run of: the service at LOG_LEVEL=info (the
//      production default) and silent; a yardstick of its own; the yardstick with the service's
//      own cross-cutting code (YARDSTICK_FEATURES=1); the Nest floor (nest-floor.mjs: Nest with no
//      validation and no features); and the yardstick made BUSY_US µs of CPU per request slower
//      (what that costs in throughput on this machine);
//   4. memory: BENCH_JOBS job creations on a fresh service, with its RSS every BENCH_JOBS/40
//      and its heap after a forced full GC at each quarter (skipped, with a note, when the build
//      has no POST /v1/jobs/vcard).
//   5. slow clients and floods (resilience.mjs): a paced normal client alone, then while
//      BENCH_SLOW_CONNECTIONS connections trickle bodies from many addresses, then from one; and
//      BENCH_STREAM_CLIENTS reconnecting event-stream clients: the normal client's p99 and
//      failures, and peak RSS. BENCH_ONLY=resilience runs this phase alone.
//   6. batches (batches.mjs): one 10,000-contact batch, POST /v1/vcard latency while batches run,
//      ten at once (peak RSS, RSS after expiry). BENCH_ONLY=batches runs this phase alone.
//   7. QR images (images.mjs): PNG and SVG render CPU per code, POST /v1/vcard as JSON, PNG and
//      SVG interleaved, and a 10,000-contact codes.zip (time, peak RSS, POST /v1/vcard latency
//      while it streams). BENCH_ONLY=images runs this phase alone.
//   8. rich contacts (bench/rich.mjs): a rich card against the flat one (CPU per request), 10,000-contact
//      rich batches with POST /v1/vcard paced beside them, and with BENCH_BASELINE_DIST the flat card
//      against an earlier build, interleaved. BENCH_ONLY=rich runs this phase alone.
//   then print output (bench/print.mjs): a 10,000-item card-eu sheet in fresh processes (time, first
//      bytes, peak RSS) and one 30 mm PDF's CPU. BENCH_ONLY=print runs this phase alone.
//   then import (bench/import.mjs): parsing photo-free vCard text (MB/s), a 10,000-contact Google CSV
//      batch (POST to succeeded), a 64 MiB .vcf export with photos streamed to a batch (peak RSS).
//      BENCH_ONLY=import runs this phase alone.
//   then styled codes: styled-code.mjs (CPU per styled, checked PNG), styled-load.mjs (POST /v1/vcard
//      paced beside a flood of styled codes), codes-zip.mjs styled, and scan.mjs (CPU per scan of a
//      1,000 × 1,000 photo with one code, on the same decoders). BENCH_ONLY=styled runs it alone.
// The service keeps its rate limiter on, with a budget too large to trip.
// Results: a table on stdout and bench/results/latest.json.
//
// Env: BENCH_DURATION (s of measured max-rate load per server and route, 10), BENCH_SLICES (5),
// BENCH_WARMUP_REQUESTS (20000 per server and route), BENCH_HALF_DURATION (s, 8), BENCH_CONNECTIONS (10),
// BENCH_JOBS (200000), BENCH_ENCODER_SECONDS (2), BENCH_SKIP_BUILD=1 to use an existing build, BENCH_DIST (build
// directory, default dist), BENCH_NODE_OPTIONS (extra Node flags for the service only). The
// service always gets `npm start`'s own Node flags.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPICAL_CARD } from './cards.mjs';
import { connectInspector } from './inspector.mjs';
import { drive, driveInterleaved, drivePaced } from './load.mjs';
import { evaluateTargets, printReport, rssTrend } from './report.mjs';
import { batchesPhase } from './batches.mjs';
import { imagesPhase } from './images.mjs';
import { importPhase } from './import.mjs';
import { printPhase } from './print.mjs';
import { richPhase } from './rich.mjs';
import { manyStreams, slowClients } from './resilience.mjs';
import {
  SERVICE_ENV,
  startNestFloor as startNestFloorOf,
  startService as startBuild,
  startYardstick as startYardstickOf,
} from './servers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const env = process.env;
const num = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));
const config = {
  durationSeconds: num('BENCH_DURATION', 10),
  warmupRequests: num('BENCH_WARMUP_REQUESTS', 20_000),
  halfRateDurationSeconds: num('BENCH_HALF_DURATION', 8),
  connections: num('BENCH_CONNECTIONS', 10),
  slices: num('BENCH_SLICES', 5),
  jobs: num('BENCH_JOBS', 200_000),
  serverCpu: num('BENCH_SERVER_CPU', 0),
  loadCpu: num('BENCH_LOAD_CPU', 1),
  dist: resolve(root, env.BENCH_DIST ?? 'dist'),
};

// Re-run this script pinned to the load core, once.
if (env.BENCH_PINNED !== '1') {
  if (spawnSync('taskset', ['-V']).status !== 0) {
    console.error('bench: taskset (util-linux) is required to pin the processes to cores.');
    process.exit(1);
  }
  if (availableParallelism() < 2) {
    console.error('bench: needs at least 2 cores (one for the server, one for the load generator).');
    process.exit(1);
  }
  // The memory phase talks to the service's inspector over WebSocket (a flag on Node 20).
  const flags = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];
  const pinned = spawnSync(
    'taskset',
    ['-c', String(config.loadCpu), process.execPath, ...flags, fileURLToPath(import.meta.url)],
    {
      stdio: 'inherit',
      env: { ...env, BENCH_PINNED: '1' },
    },
  );
  process.exit(pinned.status ?? 1);
}

const ROUTES = [
  { name: 'POST /v1/vcard', method: 'POST', path: '/v1/vcard', body: TYPICAL_CARD, expectStatus: 200 },
  { name: 'GET /v1/templates', method: 'GET', path: '/v1/templates', expectStatus: 200 },
  { name: 'GET /v1/health', method: 'GET', path: '/v1/health', expectStatus: 200 },
  { name: 'POST /v1/jobs/vcard', method: 'POST', path: '/v1/jobs/vcard', body: TYPICAL_CARD, expectStatus: 202 },
];
const JOBS_ROUTE = ROUTES[3];
/** Requests that bring a warm server back up to speed (new connections) before a paced run. */
const REWARM_REQUESTS = 2000;
/** CPU µs per request the busy-wait yardstick adds (phase 3). */
const BUSY_US = 10;

const log = (line) => process.stdout.write(`${line}\n`);

/** Phase 5: slow clients and floods, each against a fresh service. */
async function resilience() {
  log('\n[5/8] slow clients and floods (fresh service each, production limits)');
  const slow = await slowClients(() => startService(), {
    connections: num('BENCH_SLOW_CONNECTIONS', 4000),
    rate: num('BENCH_SLOW_RATE', 200),
    seconds: num('BENCH_SLOW_SECONDS', 20),
    body: JSON.stringify(TYPICAL_CARD),
  });
  const line = (name, r) =>
    `  ${name.padEnd(44)} p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  failures ${r.failures}/${r.requests}`;
  log(line(`normal client alone, ${slow.rate} req/s`, slow.alone));
  log(
    line(
      `+ ${slow.trickling} trickling bodies from ${slow.underSpreadAttack.addresses} addresses`,
      slow.underSpreadAttack.normalClient,
    ),
  );
  log(
    `    attackers: ${JSON.stringify(slow.underSpreadAttack.attackers)}; service RSS ${slow.underSpreadAttack.rssMB} MB`,
  );
  log(line(`+ ${slow.trickling} trickling bodies from one address`, slow.underSingleClientAttack.normalClient));
  log(`    attackers: ${JSON.stringify(slow.underSingleClientAttack.attackers)}; peak RSS ${slow.peakRssMB} MB`);
  const streams = await manyStreams(() => startService(), {
    clients: num('BENCH_STREAM_CLIENTS', 2000),
    seconds: num('BENCH_STREAM_SECONDS', 30),
  });
  log(
    `  ${streams.clients} reconnecting stream clients for ${streams.seconds} s: ${streams.completed} streams completed, ${streams.refused429} refused per client (429), ${streams.refused503} refused at MAX_STREAMS (503), peak RSS ${streams.peakRssMB} MB (idle ${streams.rssBeforeMB} MB)`,
  );
  return { slowClients: slow, manyStreams: streams };
}

/** Phase 6: batches on the in-memory store. */
async function batches() {
  log('\n[6/8] batches (in memory)');
  const result = await batchesPhase((extraEnv, nodeArgs) => startService(extraEnv, nodeArgs), {
    rate: num('BENCH_BATCH_RATE', 200),
    seconds: num('BENCH_BATCH_SECONDS', 10),
  });
  for (const run of result.single10k)
    log(
      `  one 10,000-contact batch: ${run.ms} ms (${run.contactsPerSecond} contacts/s; ${run.succeeded} succeeded, ${run.failed} failed)`,
    );
  const { alone, duringBatches, batchesDuringLoad, rate } = result.vcardLatency;
  log(
    `  POST /v1/vcard at ${rate} req/s alone:            p50 ${alone.p50} ms  p99 ${alone.p99} ms  max ${alone.max} ms  failures ${alone.failures}`,
  );
  log(
    `  the same while batches run (${batchesDuringLoad} of 10,000): p50 ${duringBatches.p50} ms  p99 ${duringBatches.p99} ms  max ${duringBatches.max} ms  failures ${duringBatches.failures}`,
  );
  const ten = result.tenConcurrent;
  log(
    `  ten 10,000-contact batches at once: done in ${ten.completedInMs} ms; RSS ${ten.rssBeforeMB} MB before, peak ${ten.peakRssMB} MB, ${ten.rssAfterExpiryMB} MB after expiry (heap ${ten.heapBeforeMB} -> ${ten.heapAfterExpiryMB} MB)`,
  );
  return result;
}

/** Phase 8: rich contacts against flat ones, and (with BENCH_BASELINE_DIST) the flat card against an earlier build. */
async function rich() {
  log('\n[8/8] rich contacts');
  const baselineDist = env.BENCH_BASELINE_DIST ? resolve(root, env.BENCH_BASELINE_DIST) : undefined;
  const result = await richPhase((extraEnv, dist) => startService(extraEnv, [], dist), {
    baselineDist,
    rate: num('BENCH_BATCH_RATE', 200),
    seconds: num('BENCH_BATCH_SECONDS', 10),
  });
  const { richVsFlat, richBatch, flatAgainstBaseline } = result;
  log(
    `  POST /v1/vcard CPU µs/request: flat ${richVsFlat.flatCpuUs.median}, rich ${richVsFlat.richCpuUs.median}; rich/flat ${richVsFlat.cpuRatio.median} (${richVsFlat.cpuRatio.min}-${richVsFlat.cpuRatio.max})`,
  );
  for (const run of richBatch.single10k)
    log(`  one 10,000-rich-contact batch: ${run.ms} ms (${run.succeeded} succeeded, ${run.failed} failed)`);
  const during = richBatch.vcardDuringBatches;
  log(
    `  POST /v1/vcard at ${during.rate} req/s while rich batches run (${during.batchesDuringLoad}): p50 ${during.p50} ms  p99 ${during.p99} ms  failures ${during.failures}`,
  );
  if (flatAgainstBaseline) {
    const ratio = flatAgainstBaseline.cpuRatio;
    log(
      `  flat card, this build against ${flatAgainstBaseline.baselineDist}: CPU ratio median ${ratio.median} (${ratio.min}-${ratio.max}) over ${flatAgainstBaseline.rounds.length} rounds`,
    );
  }
  return result;
}

/** After phase 8: print output (bench/print.mjs): a 10,000-item card-eu sheet, one 30 mm PDF. */
/** Import: the reader's MB/s, a 10,000-contact Google CSV batch, a 64 MiB .vcf export with photos. */
async function importRuns() {
  log('\nimport');
  const result = await importPhase((extraEnv) => startService(extraEnv), { runs: num('BENCH_IMPORT_RUNS', 5) });
  const { reader, googleCsv10k, vcfExport64MiB } = result;
  const mbs = (s) => `${s.median} MB/s (${s.min}-${s.max})`;
  log(
    `  reading ${reader.textMB} MB of photo-free vCard text: read ${mbs(reader.read.wallMBps)} (CPU ${mbs(reader.read.cpuMBps)}); read and mapped ${mbs(reader.readAndMap.wallMBps)} (CPU ${mbs(reader.readAndMap.cpuMBps)})`,
  );
  log(
    `  10,000-contact Google CSV batch, POST to succeeded: ${googleCsv10k.ms.median} ms (${googleCsv10k.ms.min}-${googleCsv10k.ms.max})`,
  );
  log(
    `  64 MiB .vcf, 2,000 contacts with photos: peak RSS ${vcfExport64MiB.peakRssMB.median} MB (${vcfExport64MiB.peakRssMB.min}-${vcfExport64MiB.peakRssMB.max}), ${vcfExport64MiB.ms.median} ms`,
  );
  return result;
}

/**
 * Styled codes: CPU per styled, checked PNG (styled-code.mjs), POST /v1/vcard paced beside a flood
 * of styled codes (styled-load.mjs), and a styled codes.zip (codes-zip.mjs with BENCH_ZIP_STYLED=1,
 * BENCH_ZIP_CONTACTS sizing it). Each script runs as its own process on the build and prints its
 * figures; the phase keeps what each printed.
 */
function styled() {
  log('\n[styled] styled and checked codes');
  const runs = {};
  for (const [name, script, extraEnv] of [
    ['styledCode', 'styled-code.mjs', {}],
    ['styledLoad', 'styled-load.mjs', {}],
    ['styledCodesZip', 'codes-zip.mjs', { BENCH_ZIP_STYLED: '1' }],
    ['scan', 'scan.mjs', {}],
  ]) {
    const run = spawnSync(process.execPath, [join(here, script)], {
      env: { ...process.env, ...extraEnv },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    log(run.stdout);
    runs[name] = { exitCode: run.status, output: run.stdout.trim().split('\n') };
  }
  return runs;
}

async function print() {
  log('\n[print] PDF sheets and one-code PDF (each sheet in a fresh process)');
  return printPhase(config.dist, { runs: num('BENCH_PRINT_RUNS', 3), items: num('BENCH_PRINT_ITEMS', 10_000), log });
}

/** Phase 7: QR images and the codes.zip of a batch. */
async function images() {
  log('\n[7/8] QR images');
  const result = await imagesPhase((extraEnv) => startService(extraEnv), config.dist, {
    rate: num('BENCH_IMAGE_RATE', 200),
    seconds: num('BENCH_IMAGE_SECONDS', 10),
  });
  const { render, throughput, zip10k, vcardLatency } = result;
  const ms = (r) => `${r.median} ms (${r.min}-${r.max})`;
  log(
    `  typical card (${render.card.bytes} B, version ${render.card.version} at M), scale 8, margin 4, CPU per code: matrix ${ms(render.matrixMs)}; PNG ${ms(render.pngMs)}, ${render.pngBytes} B; SVG ${ms(render.svgMs)}, ${render.svgBytes} B; qrcode's own toBuffer ${render.qrcodeToBuffer.ms} ms, ${render.qrcodeToBuffer.bytes} B`,
  );
  for (const [kind, t] of Object.entries(throughput))
    log(
      `  POST /v1/vcard as ${kind.padEnd(4)}: ${t.rps.join(' / ')} req/s, CPU ${t.cpuUsPerRequest.join(' / ')} µs a request, p99 ${t.p99Ms.join(' / ')} ms`,
    );
  log(
    `  codes.zip of ${zip10k.succeeded} contacts: ${zip10k.runs.map((r) => `${(r.ms / 1000).toFixed(1)} s`).join(' / ')}, ${(zip10k.runs[0].bytes / 2 ** 20).toFixed(1)} MiB; RSS ${zip10k.rssBeforeMB} MB before, peak ${zip10k.peakRssMB} MB`,
  );
  const { alone, whileZipStreams, rate } = vcardLatency;
  log(
    `  POST /v1/vcard at ${rate} req/s alone:           p50 ${alone.p50} ms  p99 ${alone.p99} ms  max ${alone.max} ms  failures ${alone.failures}`,
  );
  log(
    `  the same while a 10,000-contact ZIP streams:     p50 ${whileZipStreams.p50} ms  p99 ${whileZipStreams.p99} ms  max ${whileZipStreams.max} ms  failures ${whileZipStreams.failures}`,
  );
  return result;
}

function build() {
  if (env.BENCH_SKIP_BUILD === '1') {
    log(`bench: using the existing build in ${config.dist}`);
  } else {
    log('bench: npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  if (!existsSync(join(config.dist, 'main.js'))) throw new Error(`no ${config.dist}/main.js: build first`);
}

function encoderSpeed() {
  const run = spawnSync(
    'taskset',
    ['-c', String(config.serverCpu), process.execPath, join(here, 'encoder-speed.mjs')],
    {
      env: { ...env, BENCH_DIST: config.dist },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`encoder-speed failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

function startService(extraEnv = {}, nodeArgs = [], dist = config.dist) {
  const name = dist === config.dist ? 'service' : 'baseline';
  return startBuild({ dist, cpu: config.serverCpu, name, env: extraEnv, nodeArgs });
}

const startYardstick = (options = {}) => startYardstickOf({ dist: config.dist, cpu: config.serverCpu, ...options });
const startNestFloor = () => startNestFloorOf({ dist: config.dist, cpu: config.serverCpu });

/**
 * The guest's halt-polling window, where the kernel has one (KVM guests with cpuidle-haltpoll).
 * At 0 an idle core halts at once, and waking it (the load generator, between responses) costs
 * the server's write a trip through the hypervisor: the closed-loop runs below are sensitive to it.
 */
function haltPollNs() {
  try {
    return Number(readFileSync('/sys/module/haltpoll/parameters/guest_halt_poll_ns', 'utf8'));
  } catch {
    return null;
  }
}

/** Whether the server answers the route as benchmarked (one request). */
async function serves(server, route) {
  const response = await fetch(`${server.url}${route.path}`, {
    method: route.method,
    headers: route.body ? { 'content-type': 'application/json' } : {},
    body: route.body ? JSON.stringify(route.body) : undefined,
  });
  return response.status === route.expectStatus ? null : `${route.name} answered ${response.status}`;
}

function logRun(server, route, result) {
  log(
    `  ${server.name.padEnd(18)} ${route.name.padEnd(20)} ${String(result.rps).padStart(6)} req/s  ` +
      `${result.cpuUsPerRequest} µs CPU/req  p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms`,
  );
}

/**
 * Max throughput of several servers on one route, on the same footing: each warmed up, then
 * BENCH_SLICES interleaved slices (driveInterleaved) adding up to BENCH_DURATION seconds each.
 * The warm-up is a number of requests, not seconds: V8 optimises a function after enough calls,
 * whatever the time they take. The service runs its first 5,000 requests about twice as slow as
 * its steady state, and settles after about 15,000 (the yardstick and the Nest floor after about
 * 10,000); a 2-second warm-up is that many only on a fast host.
 */
async function measureInterleaved(servers, route) {
  for (const server of servers)
    await drive(server, route, { amount: config.warmupRequests, connections: config.connections });
  const results = await driveInterleaved(servers, route, {
    duration: config.durationSeconds,
    slices: config.slices,
    connections: config.connections,
  });
  servers.forEach((server, i) => logRun(server, route, results[i]));
  return results;
}

const compact = ({ rssSamples: _rssSamples, ...rest }) => rest;

/**
 * BENCH_JOBS job creations in one run on a fresh service (MAX_JOBS at its default, 10000): its RSS
 * every BENCH_JOBS/40 creations, as it is, and at each quarter its heap right after a forced full
 * GC, which is flat unless something leaks. The four forced collections also trim the RSS peaks a
 * little against a service left alone.
 */
async function jobsMemory() {
  const service = await startService({}, ['--inspect=127.0.0.1:0']);
  const inspector = await connectInspector(service.stderr);
  try {
    const every = Math.ceil(config.jobs / 40);
    const quarter = Math.ceil(config.jobs / 4);
    const rss = [{ jobs: 0, rssMB: Number(service.memory().rssMB.toFixed(1)) }];
    const afterGc = [{ jobs: 0, ...(await inspector.memoryAfterGc()) }];
    const readings = [];
    await drive(service, JOBS_ROUTE, {
      amount: every * 40,
      connections: config.connections,
      onResponse: (n) => {
        if (n % every === 0) rss.push({ jobs: n, rssMB: Number(service.memory().rssMB.toFixed(1)) });
        if (n % quarter === 0 && n < every * 40)
          readings.push(inspector.memoryAfterGc().then((m) => afterGc.push({ jobs: n, ...m })));
      },
    });
    await Promise.all(readings);
    afterGc.push({ jobs: every * 40, ...(await inspector.memoryAfterGc()) });
    const settled = afterGc.slice(1);
    return {
      jobsCreated: every * 40,
      rssSeries: rss,
      afterGcSeries: afterGc,
      peakRssMB: Number(service.memory().hwmMB.toFixed(1)),
      rssAfterWarmup: rssTrend(rss.map((s) => s.rssMB)),
      // From the first quarter (the store full, the JIT settled) to the end.
      heapAfterGcGrowthMB: Number((settled[settled.length - 1].heapUsedMB - settled[0].heapUsedMB).toFixed(1)),
    };
  } finally {
    inspector.close();
    await service.stop();
  }
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  build();
  if (['resilience', 'batches', 'images', 'rich', 'print', 'import', 'styled'].includes(env.BENCH_ONLY)) {
    const phases = {
      resilience: async () => resilience(),
      batches: async () => ({ batches: await batches() }),
      images: async () => ({ images: await images() }),
      rich: async () => ({ rich: await rich() }),
      print: async () => ({ print: await print() }),
      import: async () => ({ import: await importRuns() }),
      styled: async () => ({ styled: styled() }),
    };
    const phase = await phases[env.BENCH_ONLY]();
    const only = { date: startedAt.toISOString(), node: process.version, cpuModel: cpus()[0]?.model, ...phase };
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(join(here, 'results', `${env.BENCH_ONLY}.json`), `${JSON.stringify(only, null, 2)}\n`);
    log(
      `\nbench: ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s; results in bench/results/${env.BENCH_ONLY}.json`,
    );
    return;
  }

  log('\n[1/8] encoder speed (in-process)');
  const encoder = encoderSpeed();
  log(
    `  typical card (${encoder.typical.bytes} B): ${encoder.typical.cardsPerSecond} cards/s; large card (${encoder.large.bytes} B): ${encoder.large.cardsPerSecond} cards/s`,
  );

  const service = await startService();
  const yardstick = await startYardstick();
  const skipped = {};
  const routes = [];
  try {
    for (const route of ROUTES) {
      const problem = (await serves(service, route)) ?? (await serves(yardstick, route));
      if (problem) skipped[route.name] = `skipped: ${problem} (route not in this build)`;
      else routes.push(route);
    }
    for (const [name, note] of Object.entries(skipped)) log(`  ${name}: ${note}`);

    // Route by route: the two servers' max rates interleaved, then each at half the service's max
    // rate. A server left idle meanwhile comes back slow for a second or two (V8 shrinks the idle
    // heap and drops code), which the paced run would report as seconds of backlog, so each is
    // warmed up again first; and the job creations come last, so that their garbage cannot land in
    // another route's run.
    log(
      "\n[2/8] max throughput (service and yardstick interleaved), then latency at half the service's max rate, evenly paced (the yardstick at the same rate)",
    );
    const max = {};
    const half = {};
    for (const route of routes) {
      const [serviceMax, yardstickMax] = await measureInterleaved([service, yardstick], route);
      max[route.name] = { service: serviceMax, yardstick: yardstickMax };
      half[route.name] = {};
      const rate = Math.round(serviceMax.rps / 2);
      for (const server of [service, yardstick]) {
        await drive(server, route, { amount: REWARM_REQUESTS, connections: config.connections });
        const result = await drivePaced(server, route, {
          rate,
          duration: config.halfRateDurationSeconds,
          connections: config.connections,
        });
        half[route.name][server.name] = result;
        const { p50, p99 } = result.latencyMs;
        log(
          `  ${server.name.padEnd(18)} ${route.name.padEnd(20)} ${String(rate).padStart(6)} req/s paced  p50 ${p50} ms  p99 ${p99} ms  (server CPU ${Math.round(result.cpuShare * 100)}% busy)`,
        );
      }
    }
    await yardstick.stop();
    await service.stop();

    // Where the gap is, all on POST /v1/vcard and interleaved with a yardstick of their own: the
    // request log alone (the service at LOG_LEVEL silent), bare Fastify running the service's own
    // CORS, rate-limit, request-id and request-log code, and two references for the target: Nest
    // itself with no validation or features (nest-floor.mjs), and the yardstick made exactly
    // BUSY_US µs of CPU slower per request.
    log(
      '\n[3/8] where the POST /v1/vcard gap is (interleaved): request logging, the cross-cutting features on bare Fastify, Nest alone, and this machine',
    );
    const gapServers = [];
    let gap;
    try {
      gapServers.push({ ...(await startService({ LOG_LEVEL: 'info' })), name: 'service (info)' });
      gapServers.push({ ...(await startService({ LOG_LEVEL: 'silent' })), name: 'service (silent)' });
      gapServers.push(await startYardstick());
      gapServers.push(await startYardstick({ features: true }));
      gapServers.push(await startNestFloor());
      gapServers.push(await startYardstick({ busyUs: BUSY_US }));
      gap = (await measureInterleaved(gapServers, ROUTES[0])).map(compact);
    } finally {
      await Promise.allSettled(gapServers.map((server) => server.stop()));
    }
    const [info, silent, gapYardstick, yardstickWithFeatures, nestFloor, yardstickBusy] = gap;
    const logging = { info, silent };

    log('\n[4/8] memory across job creations');
    const jobs = routes.includes(JOBS_ROUTE) ? await jobsMemory() : { skipped: skipped[JOBS_ROUTE.name] ?? 'skipped' };
    if (!jobs.skipped) {
      log(
        `  RSS after warm-up ${jobs.rssAfterWarmup.minMB}-${jobs.rssAfterWarmup.maxMB} MB; heap after full GC ${jobs.afterGcSeries.map((s) => s.heapUsedMB).join(' ')} MB`,
      );
    }
    const floods = await resilience();
    const batchRuns = await batches();
    const imageRuns = await images();
    const richRuns = await rich();
    const printRuns = await print();
    const importResults = await importRuns();
    const styledRuns = styled();

    const yardstickRps = gapYardstick.rps;
    const results = {
      date: startedAt.toISOString(),
      machine: {
        cpuModel: cpus()[0]?.model,
        cores: cpus().length,
        memoryGB: Number((totalmem() / 2 ** 30).toFixed(1)),
        kernel: release(),
        loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
        loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))),
        guestHaltPollNs: haltPollNs(),
      },
      node: process.version,
      config: { ...config, dist: undefined, serviceEnv: SERVICE_ENV },
      encoder,
      routes: routes.map((route) => {
        const { service: s, yardstick: y } = max[route.name];
        return {
          route: route.name,
          service: compact(s),
          yardstick: compact(y),
          ratio: Number((s.rps / y.rps).toFixed(3)),
          // The same ratio from CPU time per request: steadier when other processes share the host.
          cpuRatio: Number((y.cpuUsPerRequest / s.cpuUsPerRequest).toFixed(3)),
          atHalfServiceRate: {
            service: compact(half[route.name].service),
            yardstick: compact(half[route.name].yardstick),
          },
          // The service's RSS during the measured max-rate run, for the flatness check.
          serviceRssSamples: s.rssSamples,
        };
      }),
      skipped,
      logging: { ...logging, silentOverInfo: Number((logging.silent.rps / logging.info.rps).toFixed(3)) },
      // Step 3's own yardstick, interleaved with the servers below; their ratios are to it.
      gapYardstick,
      // The POST /v1/vcard ratio again, from step 3's interleaved run: a second reading of the target.
      gapServiceRatio: Number((info.rps / gapYardstick.rps).toFixed(3)),
      // Bare Fastify + the service's CORS, rate limit, request id and request log (POST /v1/vcard).
      features: {
        yardstickWithFeatures,
        // What the features alone cost bare Fastify, and what is left for Nest and the service's
        // own per-request code, both from CPU time per request.
        featuresCpuRatio: Number((gapYardstick.cpuUsPerRequest / yardstickWithFeatures.cpuUsPerRequest).toFixed(3)),
        serviceOverFeaturedCpuRatio: Number(
          (yardstickWithFeatures.cpuUsPerRequest / logging.info.cpuUsPerRequest).toFixed(3),
        ),
      },
      // What is within reach on this machine: Nest with nothing to do, and a server BUSY_US µs slower.
      floor: {
        nestFloor,
        nestFloorRatio: Number((nestFloor.rps / yardstickRps).toFixed(3)),
        busyMicroseconds: BUSY_US,
        yardstickBusy,
        yardstickBusyRatio: Number((yardstickBusy.rps / yardstickRps).toFixed(3)),
      },
      jobsMemory: jobs,
      resilience: floods,
      batches: batchRuns,
      images: imageRuns,
      rich: richRuns,
      print: printRuns,
      import: importResults,
      styled: styledRuns,
    };
    results.targets = evaluateTargets(results);
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(join(here, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    printReport(results, log);
    log(`\nbench: ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s; results in bench/results/latest.json`);
  } finally {
    await Promise.allSettled([service.stop(), yardstick.stop()]);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
