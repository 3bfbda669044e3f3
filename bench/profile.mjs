#!/usr/bin/env node
// Where a server's CPU goes on POST /v1/vcard: V8's sampling profiler over a loaded, warmed-up run.
//
//   node bench/profile.mjs                        the service (BENCH_DIST, default dist)
//   BENCH_PROFILE_SERVER=featured node bench/profile.mjs
//
// The server (service, yardstick, featured or floor, as in gap.mjs) runs pinned to core 0 with
// --inspect; after BENCH_WARMUP_REQUESTS requests the profiler records BENCH_DURATION seconds of
// closed-loop load (autocannon on core 1). Printed: the share of samples by where the code lives
// (Node's internals, fastify, Nest, the service's own files, the collector) and the functions with
// the most self and total time. The profile itself is written to bench/results/<server>.cpuprofile
// (open it in Chrome DevTools); sampling costs time itself, so read shares, not absolute figures.
// Env: BENCH_CARD (typical, rich or large), BENCH_PROFILE_INTERVAL_US (100), BENCH_TOP (30).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LARGE_CARD, RICH_CARD, TYPICAL_CARD } from './cards.mjs';
import { connectInspector } from './inspector.mjs';
import { drive } from './load.mjs';
import { ROOT, startNestFloor, startService, startYardstick } from './servers.mjs';

const env = process.env;
const num = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));

if (env.BENCH_PINNED !== '1') {
  if (availableParallelism() < 2 || spawnSync('taskset', ['-V']).status !== 0) {
    console.error('profile: needs taskset (util-linux) and two cores.');
    process.exit(1);
  }
  // The inspector is reached over WebSocket (a flag on Node 20).
  const flags = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];
  const pinned = spawnSync('taskset', ['-c', '1', process.execPath, ...flags, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...env, BENCH_PINNED: '1' },
  });
  process.exit(pinned.status ?? 1);
}

const dist = resolve(ROOT, env.BENCH_DIST ?? 'dist');
const which = env.BENCH_PROFILE_SERVER ?? 'service';
const cards = { typical: TYPICAL_CARD, rich: RICH_CARD, large: LARGE_CARD };
const body = cards[env.BENCH_CARD ?? 'typical'];
const route = { name: 'POST /v1/vcard', method: 'POST', path: '/v1/vcard', body, expectStatus: 200 };
const inspect = ['--inspect=127.0.0.1:0'];

const STARTERS = {
  service: () => startService({ dist, cpu: 0, nodeArgs: inspect }),
  yardstick: () => startYardstick({ dist, cpu: 0, nodeArgs: inspect }),
  featured: () => startYardstick({ dist, cpu: 0, features: true, nodeArgs: inspect }),
  floor: () => startNestFloor({ dist, cpu: 0, nodeArgs: inspect }),
};

/** Where a frame's code lives, for the summary by area. */
function areaOf(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  const own = /\/(dist|bench)\/(.+)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** Self and total samples per function (a function counted once per stack, however deep it recurses). */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const bySelf = new Map();
  const byTotal = new Map();
  const byArea = new Map();
  const keyOf = (frame) =>
    `${frame.functionName || '(anonymous)'} ${areaOf(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  const walk = (node, onStack) => {
    const key = keyOf(node.callFrame);
    const fresh = !onStack.has(key);
    if (fresh) onStack.add(key);
    const count = self.get(node.id) ?? 0;
    bySelf.set(key, (bySelf.get(key) ?? 0) + count);
    const area = areaOf(node.callFrame);
    byArea.set(area, (byArea.get(area) ?? 0) + count);
    let inclusive = count;
    for (const child of node.children ?? []) inclusive += walk(nodes.get(child), onStack);
    if (fresh) {
      byTotal.set(key, (byTotal.get(key) ?? 0) + inclusive);
      onStack.delete(key);
    }
    return inclusive;
  };
  walk(profile.nodes[0], new Set());
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, count]) => `${((count / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  return { total, top, bySelf, byTotal, byArea };
}

const server = { ...(await STARTERS[which]()), name: which };
const inspector = await connectInspector(server.stderr);
try {
  await drive(server, route, { amount: num('BENCH_WARMUP_REQUESTS', 20_000), connections: 10 });
  await inspector.startProfiling(num('BENCH_PROFILE_INTERVAL_US', 100));
  const run = await drive(server, route, { duration: num('BENCH_DURATION', 10), connections: 10 });
  const profile = await inspector.stopProfiling();
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', `${which}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const { total, top, bySelf, byTotal, byArea } = summarise(profile);
  const n = num('BENCH_TOP', 30);
  console.log(`${which}: ${run.rps} req/s, ${run.cpuUsPerRequest} µs CPU a request (profiler on); ${total} samples`);
  console.log('\nself time by area:');
  for (const line of top(byArea, 25)) console.log(`  ${line}`);
  console.log('\nself time by function:');
  for (const line of top(bySelf, n)) console.log(`  ${line}`);
  console.log('\ntotal time by function:');
  for (const line of top(byTotal, n)) console.log(`  ${line}`);
  console.log(`\nprofile: ${file}`);
} finally {
  inspector.close();
  await server.stop();
}
