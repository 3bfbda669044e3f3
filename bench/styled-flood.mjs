#!/usr/bin/env node
// The styled flood of bench/styled-load.mjs as a process of its own, so that its fetches, its
// 90 KB answers and their garbage never delay the paced client's event loop:
//
//   node bench/styled-flood.mjs <service url> <clients>
//
// Posts the benchmark's style to POST /v1/qrcodes from `clients` loops as fast as they are
// answered (a 503 renderer_busy retried after 20 ms) until SIGTERM, then prints its counts as
// one line of JSON and exits. With a photo, it posts to POST /v1/scans, and a 503 scanner_busy
// (counted as `busy`) is retried after its Retry-After, as docs/scans.md tells a client to; with
// BENCH_FLOOD_RETRY_MS set, after that many ms instead (a client that ignores Retry-After).
import { readFileSync } from 'node:fs';
import { benchStyle } from './bench-style.mjs';
import { TYPICAL_CARD } from './cards.mjs';

const [url, clients = '5', photo] = process.argv.slice(2);
// With a JPEG's path as a third argument, the flood posts it to POST /v1/scans instead.
const request = photo
  ? { path: '/v1/scans', type: 'image/jpeg', accept: 'application/json', body: readFileSync(photo) }
  : {
      path: '/v1/qrcodes',
      type: 'application/json',
      accept: 'image/png',
      body: JSON.stringify({ contact: TYPICAL_CARD, style: await benchStyle() }),
    };
const counts = { codes: 0, busy: 0, other: 0 };
const started = performance.now();
let running = true;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long a loop waits after a 503: 20 ms for a styled code; a scan's Retry-After, or BENCH_FLOOD_RETRY_MS. */
function retryMs(retryAfter) {
  if (!photo) return 20;
  if (process.env.BENCH_FLOOD_RETRY_MS) return Number(process.env.BENCH_FLOOD_RETRY_MS);
  return Number(retryAfter ?? 1) * 1000;
}

async function loop() {
  while (running) {
    const res = await fetch(`${url}${request.path}`, {
      method: 'POST',
      headers: { 'content-type': request.type, accept: request.accept },
      body: request.body,
      // Bounded, so that a lost answer shows up as a count instead of a bench that never ends.
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (answer) => ({
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        body: await answer.arrayBuffer(),
      }))
      .catch(() => ({ status: 0 }));
    if (res.status === 200) counts.codes++;
    else if (res.status === 503) {
      counts.busy++;
      await sleep(retryMs(res.retryAfter));
    } else counts.other++;
  }
}

const loops = Array.from({ length: Number(clients) }, loop);
process.send?.('flooding');
process.once('SIGTERM', async () => {
  running = false;
  await Promise.all(loops);
  const perSecond = Number((counts.codes / ((performance.now() - started) / 1000)).toFixed(1));
  process.stdout.write(`${JSON.stringify({ ...counts, perSecond })}\n`);
  process.exit(0);
});
