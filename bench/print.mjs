// Print output (BENCH_ONLY=print in npm run bench, or `node bench/print.mjs` after a build):
// - a 10,000-item card-eu sheet (1,000 pages) streamed to /dev/null, each run in a fresh process:
//   total time, time to the first bytes, peak RSS, CPU. Two kinds of run: `writer` (scenes from a
//   pool of 100 typical cards built beforehand: what writeSheet costs) and `pipeline` (a QR matrix
//   and scene made per item as the sheet streams: what a sheet route would cost). Names are all
//   different; one item in ten is Greek, Cyrillic, Chinese, Japanese or Korean.
// - the sheet route itself (bench/print-sheet-route.mjs): a built service on both cores, a batch of
//   10,000 contacts, GET sheet.pdf?layout=card-eu over HTTP with POST /v1/vcard alongside. The
//   targets (≤ 60 s, first bytes ≤ 2 s, peak RSS ≤ 300 MB, card p99 ≤ 10 ms) are read from it.
// - one 30 mm PDF of the typical card's plain code: CPU per PDF, median of rounds, in this process.
// Env: BENCH_DIST (build folder, default dist), BENCH_PRINT_ITEMS (10000), BENCH_PRINT_RUNS (3 per kind).
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { TYPICAL_CARD } from './cards.mjs';
import { sheetRouteRun } from './print-sheet-route.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const round = (value, digits = 1) => Number(value.toFixed(digits));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => ({
  median: round(median(values)),
  min: round(Math.min(...values)),
  max: round(Math.max(...values)),
});

function library(dist) {
  const require = createRequire(join(dist, 'main.js'));
  return { ...require('./lib/print'), ...require('./lib/qr'), ...require('./lib/vcard') };
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Radia', 'Tim'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Perlman', 'Lee'];
const OTHER = ['Νίκος Παπαδόπουλος', 'Дмитрий Иванов', '王小明', '山田太郎', '김민준'];
const TITLES = ['Principal Engineer', 'Chief Executive Officer', 'Head of Research', 'Product Manager'];
const ORGANIZATIONS = ['Analytical Engines Ltd', 'Example Organisation GmbH', 'Société Exemple SA'];

function contactOf(index) {
  const name =
    index % 10 === 9
      ? `${OTHER[index % OTHER.length]} ${index}`
      : `${FIRST[index % 10]} ${LAST[Math.floor(index / 10) % 10]} ${index}`;
  return { ...TYPICAL_CARD, fullName: name, title: TITLES[index % 4], organization: ORGANIZATIONS[index % 3] };
}

/** One sheet in this process (run as a child): prints its measurements as JSON. */
async function sheetRun(dist, kind, items) {
  const lib = library(dist);
  const sceneOf = (index) => lib.plainQrScene(lib.qrMatrix(lib.encodeVCard(contactOf(index)).qrPayload, 'M'), 4);
  const pool = kind === 'writer' ? Array.from({ length: 100 }, (_, index) => sceneOf(index)) : [];
  async function* entries() {
    for (let index = 0; index < items; index++) {
      const { fullName, title, organization } = contactOf(index);
      yield {
        index,
        // The sheet's text lines, as a plan reads them off a card: the name first.
        lines: [
          { label: 'name', text: fullName },
          { label: 'title', text: title },
          { label: 'organization', text: organization },
        ],
        scene: kind === 'writer' ? pool[index % 100] : sceneOf(index),
      };
    }
  }
  const sink = createWriteStream('/dev/null');
  let firstBytesMs = null;
  let bytes = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const output = new Writable({
    highWaterMark: 1 << 20,
    write(chunk, _encoding, callback) {
      firstBytesMs ??= performance.now() - started;
      bytes += chunk.length;
      sink.write(chunk, callback);
    },
    final(callback) {
      sink.end(callback);
    },
  });
  const summary = await lib.writeSheet('card-eu', entries(), output);
  const used = process.cpuUsage(cpu);
  return {
    totalMs: round(performance.now() - started, 0),
    firstBytesMs: round(firstBytesMs, 0),
    cpuMs: round((used.user + used.system) / 1000, 0),
    peakRssMB: round(process.resourceUsage().maxRSS / 1024, 0),
    pages: summary.pages,
    fileMB: round(bytes / 1e6, 1),
  };
}

/** CPU ms per 30 mm PDF of the typical card's plain code, median of rounds of 200 after a warm-up. */
async function pdfCost(dist) {
  const lib = library(dist);
  const scene = lib.plainQrScene(lib.qrMatrix(lib.encodeVCard(TYPICAL_CARD).qrPayload, 'M'), 4);
  const widthPt = (30 / 25.4) * 72;
  for (let i = 0; i < 100; i++) await lib.scenePdf(scene, { widthPt });
  const rounds = [];
  for (let r = 0; r < 7; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 200; i++) await lib.scenePdf(scene, { widthPt });
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / 200);
  }
  const eps = [];
  for (let r = 0; r < 7; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 200; i++) lib.sceneEps(scene, { widthPt });
    const used = process.cpuUsage(start);
    eps.push((used.user + used.system) / 1000 / 200);
  }
  const digits = (values) => ({
    median: round(median(values), 3),
    min: round(Math.min(...values), 3),
    max: round(Math.max(...values), 3),
  });
  return { pdfCpuMs: digits(rounds), epsCpuMs: digits(eps), modules: scene.width };
}

/** The print phase: sheets in fresh processes, then the one-code PDF. */
export async function printPhase(dist, { items = 10_000, runs = 3, log = console.log } = {}) {
  const sheets = {};
  for (const kind of ['writer', 'pipeline']) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const child = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), '--sheet', dist, kind, String(items)],
        {
          encoding: 'utf8',
          timeout: 600_000,
        },
      );
      if (child.status !== 0) throw new Error(`sheet run failed: ${child.stderr}`);
      results.push(JSON.parse(child.stdout));
      log(`  ${kind} sheet run ${run + 1}: ${child.stdout.trim()}`);
    }
    sheets[kind] = {
      items,
      pages: results[0].pages,
      fileMB: results[0].fileMB,
      totalMs: spread(results.map((r) => r.totalMs)),
      firstBytesMs: spread(results.map((r) => r.firstBytesMs)),
      cpuMs: spread(results.map((r) => r.cpuMs)),
      peakRssMB: spread(results.map((r) => r.peakRssMB)),
    };
  }
  const routeRuns = [];
  for (let run = 0; run < runs; run++) {
    const result = await sheetRouteRun(dist, { items });
    routeRuns.push(result);
    log(`  sheet route run ${run + 1}: ${JSON.stringify(result)}`);
  }
  const route = {
    items,
    report: routeRuns[0].report,
    totalMs: spread(routeRuns.map((r) => r.totalMs)),
    headersMs: spread(routeRuns.map((r) => r.headersMs)),
    firstBytesMs: spread(routeRuns.map((r) => r.firstBytesMs)),
    cpuMs: spread(routeRuns.map((r) => r.cpuMs)),
    peakRssMB: spread(routeRuns.map((r) => r.peakRssMB)),
    cardP99Ms: spread(routeRuns.map((r) => r.cards.p99Ms)),
  };
  sheets.route = route;
  const pdf = await pdfCost(dist);
  log(`  30 mm PDF: ${JSON.stringify(pdf)}`);
  // The targets are the sheet route's (fitting, drawing and writing), on medians.
  const targets = {
    sheetTotalMs: { target: 60_000, median: route.totalMs.median, met: route.totalMs.median <= 60_000 },
    firstBytesMs: { target: 2_000, median: route.firstBytesMs.median, met: route.firstBytesMs.median <= 2_000 },
    peakRssMB: { target: 300, median: route.peakRssMB.median, met: route.peakRssMB.max <= 300 },
    cardP99Ms: { target: 10, median: route.cardP99Ms.median, met: route.cardP99Ms.median <= 10 },
    pdfCpuMs: { target: 10, median: pdf.pdfCpuMs.median, met: pdf.pdfCpuMs.median <= 10 },
  };
  log(
    `  targets: ${Object.entries(targets)
      .map(([name, t]) => `${name} ${t.median} (≤ ${t.target}) ${t.met ? 'met' : 'MISSED'}`)
      .join('; ')}`,
  );
  return { sheets, pdf, targets };
}

const [, , mode, ...args] = process.argv;
if (mode === '--sheet') {
  const [dist, kind, items] = args;
  process.stdout.write(`${JSON.stringify(await sheetRun(dist, kind, Number(items)))}\n`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = resolve(here, '..', process.env.BENCH_DIST ?? 'dist');
  const result = await printPhase(dist, {
    items: Number(process.env.BENCH_PRINT_ITEMS ?? 10_000),
    runs: Number(process.env.BENCH_PRINT_RUNS ?? 3),
  });
  console.log(JSON.stringify(result, null, 2));
}
