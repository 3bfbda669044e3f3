// Phase 7 of npm run bench: QR code images (BENCH_ONLY=images runs it alone).
// - in-process, the built library: CPU per PNG and per SVG of the typical card at the defaults
//   (scale 8, margin 4, level M), the PNG's size, and npm qrcode's own PNG renderer for comparison;
// - POST /v1/vcard answered as JSON, PNG and SVG: max rate and CPU per request, the three
//   interleaved in slices on one service;
// - GET /v1/batches/{id}/codes.zip of a 10,000-contact batch: time to the last byte, archive size
//   and the service's peak RSS, with POST /v1/vcard paced at BENCH_IMAGE_RATE req/s meanwhile
//   (p50/p99) next to the same load alone.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { TYPICAL_CARD } from './cards.mjs';
import { drive } from './load.mjs';
import { batchBody } from './batches.mjs';
import { pacedClient } from './resilience.mjs';

const round = (value, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU ms per call of `fn`, median of `rounds` rounds of `n` calls after a warm-up. */
function cpuMs(fn, { n = 300, rounds = 5 } = {}) {
  for (let i = 0; i < 100; i++) fn();
  const runs = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) fn();
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / 1000 / n);
  }
  return { median: round(median(runs), 3), min: round(Math.min(...runs), 3), max: round(Math.max(...runs), 3) };
}

/** Render cost in this process, from the built library (dist/lib). */
export async function renderCost(dist) {
  const require = createRequire(join(dist, 'main.js'));
  const { qrMatrix, qrPng, qrSvg } = require('./lib/qr');
  const { encodeVCard } = require('./lib/vcard');
  const QRCode = require('qrcode');
  const { qrPayload } = encodeVCard(TYPICAL_CARD);
  const raster = { scale: 8, margin: 4 };
  const matrix = qrMatrix(qrPayload, 'M');
  const png = qrPng(matrix, raster);
  const segments = [{ data: Buffer.from(qrPayload, 'utf8'), mode: 'byte' }];
  // qrcode's toBuffer is asynchronous: time a loop of awaited calls by CPU as well.
  const libraryPng = async (n) => {
    const start = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < n; i++)
      bytes = (await QRCode.toBuffer(segments, { errorCorrectionLevel: 'M', ...raster })).length;
    const used = process.cpuUsage(start);
    return { ms: round((used.user + used.system) / 1000 / n, 3), bytes };
  };
  await libraryPng(10);
  return {
    card: { bytes: Buffer.byteLength(qrPayload), version: matrix.version },
    matrixMs: cpuMs(() => qrMatrix(qrPayload, 'M')),
    pngMs: cpuMs(() => qrPng(qrMatrix(qrPayload, 'M'), raster)),
    pngBytes: png.length,
    svgMs: cpuMs(() => qrSvg(qrMatrix(qrPayload, 'M'), raster)),
    svgBytes: Buffer.byteLength(qrSvg(matrix, raster)),
    qrcodeToBuffer: await libraryPng(50),
  };
}

const ROUTES = {
  json: { name: 'POST /v1/vcard (JSON)', method: 'POST', path: '/v1/vcard', body: TYPICAL_CARD, expectStatus: 200 },
  png: {
    name: 'POST /v1/vcard (image/png)',
    method: 'POST',
    path: '/v1/vcard',
    body: TYPICAL_CARD,
    headers: { accept: 'image/png' },
    expectStatus: 200,
  },
  svg: {
    name: 'POST /v1/vcard (image/svg+xml)',
    method: 'POST',
    path: '/v1/vcard',
    body: TYPICAL_CARD,
    headers: { accept: 'image/svg+xml' },
    expectStatus: 200,
  },
};

async function untilDone(url, id) {
  for (;;) {
    const batch = await (await fetch(`${url}/v1/batches/${id}`)).json();
    if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
    await sleep(20);
  }
}

/** Downloads a ZIP to nowhere, counting bytes; resolves with the time to its last byte. */
async function downloadZip(url) {
  const started = performance.now();
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`codes.zip answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { ms: Math.round(performance.now() - started), bytes };
}

export async function imagesPhase(
  startService,
  dist,
  { connections = 10, sliceSeconds = 4, slices = 3, rate = 200, seconds = 10 } = {},
) {
  const render = await renderCost(dist);
  const service = await startService({
    BATCH_MAX_ACTIVE_PER_CLIENT: '100',
    BATCH_MAX_ACTIVE: '100',
    JOB_TTL_SECONDS: '600',
  });
  try {
    // Throughput: the three answers in turn, in slices, so drift hits each alike.
    const runs = { json: [], png: [], svg: [] };
    for (const route of Object.values(ROUTES)) await drive(service, route, { amount: 3000, connections });
    for (let slice = 0; slice < slices; slice++) {
      const order = slice % 2 === 0 ? ['json', 'png', 'svg'] : ['svg', 'png', 'json'];
      for (const kind of order)
        runs[kind].push(await drive(service, ROUTES[kind], { duration: sliceSeconds, connections }));
    }
    const throughput = Object.fromEntries(
      Object.entries(runs).map(([kind, list]) => [
        kind,
        {
          rps: list.map((r) => r.rps),
          cpuUsPerRequest: list.map((r) => r.cpuUsPerRequest),
          p99Ms: list.map((r) => r.latencyMs.p99),
        },
      ]),
    );

    // A 10,000-contact batch, then its ZIP, three times; the last one with a paced client beside it.
    const { id } = await (
      await fetch(`${service.url}/v1/batches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: batchBody(10_000),
      })
    ).json();
    const batch = await untilDone(service.url, id);
    const zipUrl = `${service.url}/v1/batches/${id}/codes.zip`;
    const rssBefore = service.memory().rssMB;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, service.memory().rssMB)), 50);
    const zips = [];
    for (let i = 0; i < 2; i++) zips.push(await downloadZip(zipUrl));
    const cardBody = JSON.stringify(TYPICAL_CARD);
    const alone = await pacedClient(service.url, cardBody, { rate, seconds });
    const during = downloadZip(zipUrl);
    await sleep(200);
    const whileZipStreams = await pacedClient(service.url, cardBody, { rate, seconds });
    zips.push(await during);
    clearInterval(sampler);
    return {
      render,
      throughput,
      zip10k: {
        succeeded: batch.progress.succeeded,
        runs: zips,
        rssBeforeMB: round(rssBefore),
        peakRssMB: round(Math.max(peak, service.memory().hwmMB)),
      },
      vcardLatency: { rate, alone, whileZipStreams },
    };
  } finally {
    await service.stop();
  }
}
