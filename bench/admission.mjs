#!/usr/bin/env node
// What admitting POST /v1/vcard costs in one step or two, in this process, from the build in dist/
// (BENCH_DIST): the standalone edge's admission (CORS headers, one unit of the rate budget) then
// ApiEdgeGuard on an admitted request (the matched route remembered, the query checked), against
// the guard admitting alone (as in a host app, where it also records the request's metrics).
// BENCH_ROUNDS rounds (7) of BENCH_CALLS calls (200,000), interleaved; CPU µs a call, median (range).
// Usage: npx nest build && node bench/admission.mjs
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.BENCH_DIST ?? join(import.meta.dirname, '..', 'dist'));
const load = createRequire(import.meta.url);
const { createApp } = load(join(dist, 'standalone/create-app.js'));
const { ApiEdgeGuard } = load(join(dist, 'http/api-edge.guard.js'));
const { EdgePolicy } = load(join(dist, 'http/edge-policy.js'));
const { VCardController } = load(join(dist, 'modules/vcard/vcard.controller.js'));
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const calls = Number(process.env.BENCH_CALLS ?? 200_000);

const app = await createApp({ env: { LOG_LEVEL: 'silent', PLAYGROUND: 'false', RATE_LIMIT_MAX: '10000000' } });
await app.init();
const guard = app.get(ApiEdgeGuard, { strict: false });
const policy = app.get(EdgePolicy, { strict: false });
const handler = VCardController.prototype.create;

/** A request and its reply as Fastify hands them to the hook and the guard, and the guard's context. */
function exchange() {
  const raw = Object.assign(new EventEmitter(), { headers: {}, method: 'POST', url: '/v1/vcard' });
  const reply = { raw: Object.assign(new EventEmitter(), { statusCode: 200 }), header: () => reply, setHeader() {} };
  const request = {
    raw,
    ip: '127.0.0.1',
    method: 'POST',
    url: '/v1/vcard',
    query: {},
    routeOptions: { url: '/v1/vcard' },
  };
  const context = {
    getArgByIndex: (i) => (i === 0 ? request : reply),
    getHandler: () => handler,
    getClass: () => VCardController,
  };
  return { raw, reply, context };
}
const ways = {
  'the request alone (no admission)': () => exchange(),
  'the edge admits': () => {
    const { raw, reply } = exchange();
    policy.admit(raw, '127.0.0.1', true, (name, value) => reply.header(name, value));
  },
  'the edge admits, the guard leaves it (today)': () => {
    const { raw, reply, context } = exchange();
    policy.admit(raw, '127.0.0.1', true, (name, value) => reply.header(name, value));
    guard.canActivate(context);
  },
  'the guard admits alone (one step)': () => guard.canActivate(exchange().context),
};

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (const way of Object.values(ways)) for (let i = 0; i < 50_000; i++) way();
for (let round = 0; round < rounds; round++) {
  for (const [name, way] of Object.entries(ways)) {
    const start = cpuUs();
    for (let i = 0; i < calls; i++) way();
    results[name].push((cpuUs() - start) / calls);
  }
}
await app.close();
console.log(`CPU µs a call, median (range) of ${rounds} rounds of ${calls}`);
for (const [name, values] of Object.entries(results)) {
  const sorted = values.sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))].toFixed(3);
  console.log(`${name.padEnd(46)} ${at(0.5)} (${at(0)}-${at(1)})`);
}
process.exit(0);
