// The sheet route end to end (part of the print phase): a built service on both cores (its render
// workers are the point), a batch of `items` contacts, then GET /v1/batches/{id}/sheet.pdf?layout=
// card-eu read to the end over HTTP, with POST /v1/vcard requests alongside at a steady rate.
// Measured per run (a fresh service each): time to the response headers and to the first PDF bytes,
// total time, the service's peak RSS (VmHWM: workers included) and CPU (all threads, and the main
// thread's alone: the event loop's share, which other work on the host hardly moves), the p50/p99 of the
// POST /v1/vcard requests sent while the sheet streamed.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RICH_CARD, TYPICAL_CARD } from './cards.mjs';
import { cpuSecondsOf, startServer } from './server-process.mjs';

const OTHER = ['Νίκος Παπαδόπουλος', 'Дмитрий Иванов', '王小明', '山田太郎', '김민준'];
const TITLES = ['Principal Engineer', 'Chief Executive Officer', 'Head of Research', 'Product Manager'];
const ORGANIZATIONS = ['Analytical Engines Ltd', 'Example Organisation GmbH', 'Société Exemple SA'];

/** The typical card, all names different, one in ten in Greek, Cyrillic, Chinese, Japanese or Korean. */
function contactOf(index) {
  const name = index % 10 === 9 ? `${OTHER[index % OTHER.length]} ${index}` : `Ada Lovelace ${index}`;
  return { ...TYPICAL_CARD, fullName: name, title: TITLES[index % 4], organization: ORGANIZATIONS[index % 3] };
}

/**
 * A long rich contact, every field filled (two of each list, a note of 60 characters), each its
 * own name: the card is over the layout's code box, so the sheet fits it (fields left out, or MECARD).
 */
export function richContactOf(index) {
  return {
    ...RICH_CARD,
    fullName: `${contactOf(index).fullName} Byron`,
    name: { ...RICH_CARD.name, family: `Lovelace ${index}`, additional: 'Augusta', suffix: 'FRS' },
    nickname: 'Ada',
    department: 'Research and Development',
    title: TITLES[index % 4],
    organization: ORGANIZATIONS[index % 3],
    emails: [{ address: `person${index}@example.com`, type: 'work' }, RICH_CARD.emails[1]],
    addresses: [
      ...RICH_CARD.addresses,
      {
        street: `${index} Marylebone Road`,
        locality: 'London',
        postalCode: 'NW1 5LR',
        country: 'United Kingdom',
        type: 'home',
      },
    ],
    birthday: '1815-12-10',
    categories: ['mathematics', 'engines'],
    note: `Contact ${index}. `.padEnd(60, 'Notes on the Analytical Engine, the Bernoulli numbers and the looms. '),
    photoUrl: `https://example.com/photos/${index}.jpg`,
  };
}

/** The Node flags of `npm start` (the Dockerfile's command too): the service's GC settings. */
const PRODUCTION_NODE_FLAGS = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8'),
)
  .scripts.start.trim()
  .split(/\s+/)
  .filter((arg) => arg.startsWith('-'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function finishedBatch(url, items, rich = false) {
  const contacts = Array.from({ length: items }, (_, index) => (rich ? richContactOf : contactOf)(index));
  const res = await fetch(`${url}/v1/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contacts }),
  });
  if (res.status !== 202) throw new Error(`POST /v1/batches answered ${res.status}`);
  const { id } = await res.json();
  for (;;) {
    const batch = await (await fetch(`${url}/v1/batches/${id}`)).json();
    if (batch.status === 'succeeded') return id;
    if (batch.status === 'failed') throw new Error('the batch failed');
    await sleep(50);
  }
}

/** GET the sheet, reading it as it comes: headers, first bytes, end (ms from the request). */
function downloadSheet(url, id) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(`${url}/v1/batches/${id}/sheet.pdf?layout=card-eu`, (res) => {
      const headersMs = performance.now() - started;
      if (res.statusCode !== 200) reject(new Error(`sheet.pdf answered ${res.statusCode}`));
      let firstBytesMs = null;
      let bytes = 0;
      res.on('data', (chunk) => {
        firstBytesMs ??= performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          headersMs,
          firstBytesMs,
          totalMs: performance.now() - started,
          bytes,
          report: res.headers['qr-sheet-report'],
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** One POST of `body` to `url` over `agent`'s kept-alive connections, resolved once the answer is read. */
function post(url, body, agent) {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    request(url, { method: 'POST', agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', resolve);
      res.on('error', reject);
    })
      .on('error', reject)
      .end(body);
  });
}

/**
 * POST /v1/vcard at `perSecond` until `done` resolves; each request's latency in ms. Sent with
 * node:http over kept-alive connections: fetch (undici) added about 1.5 ms at the median and its
 * own collections to each latency on this VM (bench/README.md, "The sheet's plans off the heap").
 */
async function cardsAlongside(url, perSecond, done) {
  const latencies = [];
  const body = JSON.stringify(contactOf(1));
  const agent = new Agent({ keepAlive: true });
  let finished = false;
  done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const pending = [];
  while (!finished) {
    const started = performance.now();
    pending.push(post(`${url}/v1/vcard`, body, agent).then(() => latencies.push(performance.now() - started)));
    await sleep(1000 / perSecond);
  }
  await Promise.all(pending);
  agent.destroy();
  return latencies.sort((a, b) => a - b);
}

/**
 * One run in a fresh service: the batch, then the sheet with cards alongside. `nodeArgs` replaces
 * `npm start`'s flags (to compare the same build under other V8 settings).
 */
export async function sheetRouteRun(
  dist,
  { items = 10_000, cardsPerSecond = 20, env = {}, nodeArgs = PRODUCTION_NODE_FLAGS, rich = false } = {},
) {
  const service = await startServer({
    name: 'service (sheet)',
    script: join(dist, 'main.js'),
    cpu: '0,1',
    nodeArgs,
    env: {
      NODE_ENV: 'production',
      RATE_LIMIT_MAX: '10000000',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
      // 10,000 long rich contacts are about 8 MB of JSON, over the default 5 MiB body limit of a batch.
      ...(rich ? { BATCH_BODY_LIMIT_BYTES: String(10 * 1024 * 1024) } : {}),
      ...env,
    },
  });
  try {
    const id = await finishedBatch(service.url, items, rich);
    // The batch's own work is over: what follows is the sheet's.
    const cpuBefore = service.cpuSeconds();
    // The main thread's task directory has the process id for its thread id.
    const mainThread = `${service.pid}/task/${service.pid}`;
    const mainCpuBefore = cpuSecondsOf(mainThread);
    const sheet = downloadSheet(service.url, id);
    const latencies = await cardsAlongside(service.url, cardsPerSecond, sheet);
    const result = await sheet;
    return {
      ...Object.fromEntries(['headersMs', 'firstBytesMs', 'totalMs'].map((name) => [name, Math.round(result[name])])),
      cpuMs: Math.round((service.cpuSeconds() - cpuBefore) * 1000),
      mainThreadCpuMs: Math.round((cpuSecondsOf(mainThread) - mainCpuBefore) * 1000),
      peakRssMB: Math.round(service.memory().hwmMB),
      fileMB: Number((result.bytes / 1e6).toFixed(1)),
      report: result.report,
      cards: {
        count: latencies.length,
        p50Ms: Number(quantile(latencies, 0.5).toFixed(1)),
        p99Ms: Number(quantile(latencies, 0.99).toFixed(1)),
      },
    };
  } finally {
    await service.stop();
  }
}

// Alone: `node bench/print-sheet-route.mjs [dist]`, one run a line; BENCH_PRINT_ITEMS (10000),
// BENCH_PRINT_RUNS (1), BENCH_SHEET_RICH=1 for the long rich contacts.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? 'dist';
  const options = {
    items: Number(process.env.BENCH_PRINT_ITEMS ?? 10_000),
    rich: process.env.BENCH_SHEET_RICH === '1',
  };
  for (let run = 0; run < Number(process.env.BENCH_PRINT_RUNS ?? 1); run++)
    console.log(JSON.stringify({ dist, ...(await sheetRouteRun(dist, options)) }));
}
