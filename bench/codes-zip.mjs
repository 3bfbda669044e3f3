#!/usr/bin/env node
// GET /v1/batches/{id}/codes.zip of a 10,000-contact batch (typical cards, 2% invalid), plain and
// styled, each in a fresh service as `npm start` runs it: time to the last byte, the service's CPU
// (its render-pool threads included) and its peak RSS (VmHWM) from the ZIP request on.
//
//   node bench/codes-zip.mjs [baseline dist]     (after npm run build; the candidate is ./dist)
//
// Plain: the service pinned to core 0 (BENCH_ZIP_CPU, e.g. 0-1 to give it both cores and so its
// plain-code worker one of its own), the client on core 1; with a baseline dist, BENCH_ZIP_ROUNDS
// rounds (default 3) run baseline and candidate in ABBA order, so both see the host alike.
// Styled (BENCH_ZIP_STYLED=1, the candidate only): the style of bench/styled-code.mjs (a PNG logo at
// 0.2, so level H, rounded modules and finders, a caption) set with PUT /v1/batches/{id}/style; the
// service on both cores (RENDER_WORKERS default). BENCH_ZIP_CONTACTS (10,000) sizes the batch.
import { resolve } from 'node:path';
import { batchBody } from './batches.mjs';
import { benchStyle } from './bench-style.mjs';
import { startService } from './servers.mjs';

const root = resolve(import.meta.dirname, '..');
const num = (name, fallback) => Number(process.env[name] ?? fallback);
const rounds = num('BENCH_ZIP_ROUNDS', 3);
const contacts = num('BENCH_ZIP_CONTACTS', 10_000);
const styled = process.env.BENCH_ZIP_STYLED === '1';
const plainCpu = process.env.BENCH_ZIP_CPU ?? '0';
const candidate = resolve(root, 'dist');
const baseline = process.argv[2] ? resolve(process.argv[2]) : null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (value, digits = 1) => Number(value.toFixed(digits));

async function untilDone(url, id) {
  for (;;) {
    const batch = await (await fetch(`${url}/v1/batches/${id}`)).json();
    if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
    await sleep(20);
  }
}

/** One fresh service of `dist`: a batch, its style if any, then its codes.zip read to the end. */
async function zipRun(dist, style) {
  const service = await startService({
    dist,
    cpu: style ? '0-1' : plainCpu,
    name: dist === candidate ? 'candidate' : 'baseline',
    env: { BATCH_MAX_ACTIVE_PER_CLIENT: '100', BATCH_MAX_ACTIVE: '100', JOB_TTL_SECONDS: '3600' },
  });
  try {
    const created = await fetch(`${service.url}/v1/batches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: batchBody(contacts),
    });
    const { id } = await created.json();
    const batch = await untilDone(service.url, id);
    if (style) {
      const put = await fetch(`${service.url}/v1/batches/${id}/style`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(style),
      });
      if (put.status >= 300) throw new Error(`PUT style answered ${put.status}: ${await put.text()}`);
    }
    const rssBefore = service.memory().rssMB;
    const cpuBefore = service.cpuSeconds();
    const started = performance.now();
    const res = await fetch(`${service.url}/v1/batches/${id}/codes.zip`);
    if (res.status !== 200) throw new Error(`codes.zip answered ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    return {
      build: service.name,
      cards: batch.progress.succeeded,
      seconds: round((performance.now() - started) / 1000, 2),
      cpuSeconds: round(service.cpuSeconds() - cpuBefore, 2),
      mib: round(bytes / 2 ** 20),
      rssBeforeMB: round(rssBefore),
      peakRssMB: round(service.memory().hwmMB),
    };
  } finally {
    await service.stop();
  }
}

const style = styled ? await benchStyle() : undefined;
const runs = [];
for (let r = 0; r < rounds; r++) {
  const order = !baseline || styled ? [candidate] : r % 2 === 0 ? [baseline, candidate] : [candidate, baseline];
  for (const dist of order) {
    const run = await zipRun(dist, style);
    runs.push(run);
    console.log(JSON.stringify({ round: r + 1, styled, ...run }));
  }
}
console.log(JSON.stringify({ styled, contacts, cpu: styled ? '0-1' : plainCpu, runs }));
