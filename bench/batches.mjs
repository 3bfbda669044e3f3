// Phase 6 of npm run bench: batches on the in-memory store (the service's single-instance mode).
// - one 10,000-contact batch (typical cards, 2% invalid): time from POST to `succeeded`, contacts/s;
// - POST /v1/vcard paced at BENCH_BATCH_RATE req/s while 10,000-contact batches run back to back:
//   its p50/p99 next to the same load with no batch;
// - ten 10,000-contact batches at once: peak RSS, and RSS after they expire (JOB_TTL_SECONDS 20,
//   then the store's 10 s sweep) and a forced full GC, against the RSS before.
import { TYPICAL_CARD } from './cards.mjs';
import { connectInspector } from './inspector.mjs';
import { pacedClient } from './resilience.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => Number(value.toFixed(digits));

/** `n` typical cards, every 50th with an invalid email (2%). */
export function batchBody(n) {
  const contacts = Array.from({ length: n }, (_, i) => ({
    ...TYPICAL_CARD,
    fullName: `Person ${i}`,
    email: i % 50 === 49 ? `not-an-email-${i}` : `person${i}@example.com`,
  }));
  return JSON.stringify({ contacts });
}

async function post(url, body) {
  const res = await fetch(`${url}/v1/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const json = await res.json();
  if (res.status !== 202)
    throw new Error(`POST /v1/batches answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function untilDone(url, id) {
  for (;;) {
    const batch = await (await fetch(`${url}/v1/batches/${id}`)).json();
    if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
    await sleep(10);
  }
}

export async function batchesPhase(startService, { rate = 200, seconds = 10 } = {}) {
  const env = { BATCH_MAX_ACTIVE_PER_CLIENT: '100', BATCH_MAX_ACTIVE: '100', JOB_TTL_SECONDS: '20' };
  const body = batchBody(10_000);
  const service = await startService(env, ['--inspect=127.0.0.1:0']);
  const inspector = await connectInspector(service.stderr);
  try {
    // Warm-up: the JIT and the validation fast path; then the baseline after a full collection.
    await untilDone(service.url, (await post(service.url, batchBody(2000))).id);
    await sleep(1000);
    const before = await inspector.memoryAfterGc();
    const started = performance.now();
    const ids = (await Promise.all(Array.from({ length: 10 }, () => post(service.url, body)))).map((batch) => batch.id);
    let peak = service.memory().rssMB;
    const sampler = setInterval(() => (peak = Math.max(peak, service.memory().rssMB)), 20);
    await Promise.all(ids.map((id) => untilDone(service.url, id)));
    const tenMs = Math.round(performance.now() - started);
    clearInterval(sampler);
    const peakRssMB = round(Math.max(peak, service.memory().hwmMB));
    // Expiry (JOB_TTL_SECONDS 20) and the store's sweep (every 10 s), then a full collection.
    await sleep(32_000);
    const after = await inspector.memoryAfterGc();

    const singles = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const { id } = await post(service.url, body);
      const done = await untilDone(service.url, id);
      const ms = performance.now() - t;
      singles.push({
        ms: Math.round(ms),
        contactsPerSecond: Math.round(10_000 / (ms / 1000)),
        succeeded: done.progress.succeeded,
        failed: done.progress.failed,
      });
    }

    const cardBody = JSON.stringify(TYPICAL_CARD);
    const alone = await pacedClient(service.url, cardBody, { rate, seconds });
    // One batch running at a time, back to back, for the whole paced window.
    let running = true;
    let batchesDuringLoad = 0;
    const loop = (async () => {
      while (running) {
        await untilDone(service.url, (await post(service.url, body)).id);
        batchesDuringLoad++;
      }
    })();
    await sleep(200);
    const duringBatches = await pacedClient(service.url, cardBody, { rate, seconds });
    running = false;
    await loop;

    return {
      single10k: singles,
      vcardLatency: { rate, alone, duringBatches, batchesDuringLoad },
      tenConcurrent: {
        completedInMs: tenMs,
        rssBeforeMB: before.rssMB,
        peakRssMB,
        rssAfterExpiryMB: after.rssMB,
        heapBeforeMB: before.heapUsedMB,
        heapAfterExpiryMB: after.heapUsedMB,
      },
    };
  } finally {
    inspector.close();
    await service.stop();
  }
}
