// Phase 8 of npm run bench: rich contacts (BENCH_ONLY=rich runs it alone).
// - POST /v1/vcard with RICH_CARD against the flat TYPICAL_CARD on the same service, in
//   alternating slices: CPU µs per request of each and their ratio (issue 25's target: <= 1.3);
// - with BENCH_BASELINE_DIST (the dist of an earlier build): the flat card on that build and on
//   this one, interleaved (ABBA), over rounds: the median CPU ratio and its spread (target: +-3 %);
// - 10,000-contact batches of rich cards: time to `succeeded` (target: < 2 s), and POST /v1/vcard
//   paced at `rate` while such batches run back to back: its p99 (target: <= 10 ms).
import { RICH_CARD, TYPICAL_CARD } from './cards.mjs';
import { drive, driveInterleaved } from './load.mjs';
import { pacedClient } from './resilience.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 3) => Number(value.toFixed(digits));
const summary = (values) => ({
  median: round(median(values)),
  min: round(Math.min(...values)),
  max: round(Math.max(...values)),
});

const FLAT = {
  name: 'POST /v1/vcard (flat)',
  method: 'POST',
  path: '/v1/vcard',
  body: TYPICAL_CARD,
  expectStatus: 200,
};
const RICH = { name: 'POST /v1/vcard (rich)', method: 'POST', path: '/v1/vcard', body: RICH_CARD, expectStatus: 200 };

/** `n` rich cards, each its own name and addresses. */
export function richBatchBody(n) {
  const contacts = Array.from({ length: n }, (_, i) => ({
    ...RICH_CARD,
    fullName: `Person ${i}`,
    emails: [{ address: `person${i}@example.com`, type: 'work' }, RICH_CARD.emails[1]],
  }));
  return JSON.stringify({ contacts });
}

async function runBatch(url, body) {
  const res = await fetch(`${url}/v1/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const created = await res.json();
  if (res.status !== 202)
    throw new Error(`POST /v1/batches answered ${res.status}: ${JSON.stringify(created).slice(0, 300)}`);
  for (;;) {
    const batch = await (await fetch(`${url}/v1/batches/${created.id}`)).json();
    if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
    await sleep(10);
  }
}

export async function richPhase(
  startService,
  { baselineDist, connections = 10, slices = 6, sliceSeconds = 3, rounds = 5, rate = 200, seconds = 10 } = {},
) {
  const result = {};
  // 10,000 rich cards are about 6 MB of JSON, over the default 5 MiB body limit of a batch.
  const service = await startService({
    BATCH_MAX_ACTIVE_PER_CLIENT: '100',
    BATCH_MAX_ACTIVE: '100',
    JOB_TTL_SECONDS: '60',
    BATCH_BODY_LIMIT_BYTES: String(8 * 1024 * 1024),
  });
  try {
    for (const route of [FLAT, RICH]) await drive(service, route, { amount: 20_000, connections });
    const cpu = { flat: [], rich: [] };
    const rps = { flat: [], rich: [] };
    for (let slice = 0; slice < slices; slice++) {
      for (const kind of slice % 2 === 0 ? ['flat', 'rich'] : ['rich', 'flat']) {
        const run = await drive(service, kind === 'flat' ? FLAT : RICH, { duration: sliceSeconds, connections });
        cpu[kind].push(run.cpuUsPerRequest);
        rps[kind].push(run.rps);
      }
    }
    result.richVsFlat = {
      flatCpuUs: summary(cpu.flat),
      richCpuUs: summary(cpu.rich),
      flatRps: summary(rps.flat),
      richRps: summary(rps.rich),
      // Slice by slice, so drift between slices cancels.
      cpuRatio: summary(cpu.rich.map((value, i) => value / cpu.flat[i])),
    };

    const body = richBatchBody(10_000);
    await runBatch(service.url, richBatchBody(2000));
    const singles = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const batch = await runBatch(service.url, body);
      singles.push({
        ms: Math.round(performance.now() - started),
        succeeded: batch.progress.succeeded,
        failed: batch.progress.failed,
      });
    }
    let running = true;
    let batchesDuringLoad = 0;
    const loop = (async () => {
      while (running) {
        await runBatch(service.url, body);
        batchesDuringLoad++;
      }
    })();
    await sleep(200);
    const duringBatches = await pacedClient(service.url, JSON.stringify(TYPICAL_CARD), { rate, seconds });
    running = false;
    await loop;
    result.richBatch = { single10k: singles, vcardDuringBatches: { rate, ...duringBatches, batchesDuringLoad } };
  } finally {
    await service.stop();
  }

  if (baselineDist) {
    const servers = [await startService({}, baselineDist), await startService({})];
    try {
      for (const server of servers) await drive(server, FLAT, { amount: 20_000, connections });
      const ratios = [];
      const perRound = [];
      for (let r = 1; r <= rounds; r++) {
        const ordered = r % 2 ? servers : [...servers].reverse();
        const results = await driveInterleaved(ordered, FLAT, { duration: sliceSeconds * 2, slices: 4, connections });
        const [base, cand] = r % 2 ? results : [...results].reverse();
        ratios.push(cand.cpuUsPerRequest / base.cpuUsPerRequest);
        perRound.push({
          baselineCpuUs: base.cpuUsPerRequest,
          candidateCpuUs: cand.cpuUsPerRequest,
          baselineRps: base.rps,
          candidateRps: cand.rps,
        });
      }
      result.flatAgainstBaseline = { baselineDist, rounds: perRound, cpuRatio: summary(ratios) };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
  return result;
}
