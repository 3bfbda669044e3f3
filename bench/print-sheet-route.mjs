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
import { TYPICAL_CARD } from './cards.mjs';
import { cpuSecondsOf, startServer } from './server-process.mjs';

const OTHER = ['Νίκος Παπαδόπουλος', 'Дмитрий Иванов', '王小明', '山田太郎', '김민준'];
const TITLES = ['Principal Engineer', 'Chief Executive Officer', 'Head of Research', 'Product Manager'];
const ORGANIZATIONS = ['Analytical Engines Ltd', 'Example Organisation GmbH', 'Société Exemple SA'];

/** The typical card, all names different, one in ten in Greek, Cyrillic, Chinese, Japanese or Korean. */
function contactOf(index) {
  const name = index % 10 === 9 ? `${OTHER[index % OTHER.length]} ${index}` : `Ada Lovelace ${index}`;
  return { ...TYPICAL_CARD, fullName: name, title: TITLES[index % 4], organization: ORGANIZATIONS[index % 3] };
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

async function finishedBatch(url, items) {
  const contacts = Array.from({ length: items }, (_, index) => contactOf(index));
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
  { items = 10_000, cardsPerSecond = 20, env = {}, nodeArgs = PRODUCTION_NODE_FLAGS } = {},
) {
  const service = await startServer({
    name: 'service (sheet)',
    script: join(dist, 'main.js'),
    cpu: '0,1',
    nodeArgs,
    env: { NODE_ENV: 'production', RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'silent', REDIS_URL: '', ...env },
  });
  try {
    const id = await finishedBatch(service.url, items);
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
