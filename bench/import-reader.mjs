// The vCard import reader against its targets: MB/s on photo-free vCard text (target >= 20), and
// peak RSS while a 64 MB export of 2,000 contacts with 30 KB photos streams through in 64 KB
// chunks (the whole request's target is <= 250 MB). Runs the compiled reader (`npx nest build`
// first); prints one JSON object with every run, the median and the spread.
// Env: BENCH_DIST (default dist), BENCH_IMPORT_RUNS (default 7), BENCH_IMPORT_MB (text size, default 32).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = resolve(process.env.BENCH_DIST ?? 'dist');
const { VCardStreamReader, mapVCardToContact } = require(`${dist}/lib/vcard/reader/index.js`);
const runs = Number(process.env.BENCH_IMPORT_RUNS ?? 7);
const CHUNK = 64 * 1024;
const MB = 1024 * 1024;

/** A card as clients write them, in one of three dialects, with non-ASCII text in every other one. */
function textCard(i) {
  const name = i % 2 === 0 ? `Zoë Müller-${i}` : `Person ${i}`;
  if (i % 3 === 0) {
    const qp = [...Buffer.from(`Met at the fair in Köln, #${i}`)].map(
      (b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
    );
    return [
      'BEGIN:VCARD',
      'VERSION:2.1',
      `N;CHARSET=UTF-8:Müller;Zoë;;;`,
      `FN;CHARSET=UTF-8:${name}`,
      `TEL;CELL;PREF:+49 170 ${String(i).padStart(7, '0')}`,
      `TEL;WORK;VOICE:+49 30 ${i}`,
      `EMAIL;INTERNET:zoe${i}@example.de`,
      `ADR;WORK:;;Hauptstraße ${i};Berlin;;10115;Germany`,
      `NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:${qp.slice(0, 20).join('')}=`,
      qp.slice(20).join(''),
      'X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Zo;1;;;;;;;;;;;;;',
      'END:VCARD',
      '',
    ].join('\r\n');
  }
  if (i % 3 === 1) {
    return [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'PRODID:-//Apple Inc.//iOS 17.0//EN',
      `N:Number;Person;${i};;`,
      `FN:${name}`,
      'ORG:Example Corp;Sales',
      'TITLE:Account Manager',
      `item1.EMAIL;type=INTERNET;type=pref:p${i}@example.com`,
      'item1.X-ABLabel:_$!<Other>!$_',
      `TEL;type=CELL;type=VOICE;type=pref:(650) 555-${String(i % 10000).padStart(4, '0')}`,
      `item2.ADR;type=HOME:;;${i} Main St\\nApt 4;Springfield;IL;62701;USA`,
      `item3.URL:https\\://example.com/${i}`,
      'BDAY;value=date:1980-05-17',
      'NOTE:Met at the conference\\, talked about the roadmap.\\nFollow up in May.',
      'X-SOCIALPROFILE;type=twitter:https://twitter.com/person',
      'END:VCARD',
      '',
    ].join('\r\n');
  }
  return [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${name}`,
    `N:Number;Person;;;`,
    `TEL;VALUE=uri;TYPE="cell,voice";PREF=1:tel:+1-555-01${i % 100}`,
    `EMAIL;TYPE=work:p${i}@example.org`,
    'CATEGORIES:clients,conference',
    `URL:https://example.org/${i}`,
    'SOCIALPROFILE;SERVICE-TYPE=Mastodon:https://example.social/@p',
    'END:VCARD',
    '',
  ].join('\r\n');
}

function textExport(bytes) {
  const cards = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const card = Buffer.from(textCard(i));
    cards.push(card);
    size += card.length;
  }
  return Buffer.concat(cards);
}

function readAll(body, map) {
  const reader = new VCardStreamReader();
  let cards = 0;
  const take = (events) => {
    for (const event of events) {
      if (event.kind !== 'card') throw new Error(`unexpected ${event.issue} at line ${event.line}`);
      cards++;
      if (map) mapVCardToContact(event);
    }
  };
  for (let offset = 0; offset < body.length; offset += CHUNK) take(reader.write(body.subarray(offset, offset + CHUNK)));
  take(reader.end());
  return cards;
}

/** The floor of any line-based reader: find each line break and take the line as text. Measured in the same run,
 * so the ratio to it holds on a host whose speed drifts. */
function splitLines(body) {
  let lines = 0;
  for (let start = 0, end = body.indexOf(10); end !== -1; start = end + 1, end = body.indexOf(10, start)) {
    lines += body.toString('latin1', start, end).length > 0 ? 1 : 0;
  }
  return lines;
}

function throughput(body, map) {
  const work = map === 'split' ? () => splitLines(body) : () => readAll(body, map);
  work();
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    work();
    const used = process.cpuUsage(cpu);
    samples.push({
      wallMBps: round(body.length / MB / ((performance.now() - wall) / 1000)),
      cpuMBps: round(body.length / MB / ((used.user + used.system) / 1e6)),
    });
  }
  return { samples, wallMBps: spread(samples.map((s) => s.wallMBps)), cpuMBps: spread(samples.map((s) => s.cpuMBps)) };
}

/** Child process: streams the photo export it generates chunk by chunk (never whole) and reports its memory. */
function photoExportChild() {
  const contacts = 2000;
  const photoLine = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAx';
  const photo = (i) => {
    // About 33 KB of base64 per card (a 25 KB JPEG): 2,000 cards make the 64 MiB export.
    const lines = Array.from({ length: Math.round(33_000 / (photoLine.length + 3)) }, () => photoLine);
    return i % 2 === 0
      ? `PHOTO;ENCODING=b;TYPE=JPEG:${lines.join('\r\n ')}\r\n`
      : `PHOTO;JPEG;ENCODING=BASE64:\r\n${lines.join('\r\n')}\r\n\r\n`;
  };
  const before = process.memoryUsage().rss;
  const reader = new VCardStreamReader();
  let peak = before;
  let bytes = 0;
  let cards = 0;
  let pending = Buffer.alloc(0);
  const feed = (buffer) => {
    pending = Buffer.concat([pending, buffer]);
    while (pending.length >= CHUNK) {
      for (const event of reader.write(pending.subarray(0, CHUNK)))
        if (event.kind === 'card' && mapVCardToContact(event)) cards++;
      bytes += CHUNK;
      pending = pending.subarray(CHUNK);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  };
  for (let i = 0; i < contacts; i++) feed(Buffer.from(textCard(i).replace('END:VCARD', `${photo(i)}END:VCARD`)));
  for (const event of [...reader.write(pending), ...reader.end()]) if (event.kind === 'card') cards++;
  bytes += pending.length;
  process.stdout.write(
    JSON.stringify({
      cards,
      MB: round(bytes / MB),
      rssBeforeMB: round(before / MB),
      peakRssMB: round(peak / MB),
      maxRssMB: round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

function peakRss() {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--photo-export'], {
      env: { ...process.env, BENCH_DIST: dist },
      timeout: 300_000,
    });
    if (child.status !== 0) throw new Error(child.stderr.toString());
    samples.push(JSON.parse(child.stdout.toString()));
  }
  return {
    samples,
    maxRssMB: spread(samples.map((s) => s.maxRssMB)),
    growthMB: spread(samples.map((s) => round(s.maxRssMB - s.rssBeforeMB))),
  };
}

const round = (x) => Math.round(x * 10) / 10;
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
}

if (process.argv.includes('--photo-export')) {
  photoExportChild();
} else {
  const body = textExport(Number(process.env.BENCH_IMPORT_MB ?? 32) * MB);
  const result = {
    runs,
    textMB: round(body.length / MB),
    splitLinesOnly: throughput(body, 'split'),
    read: throughput(body, false),
    readAndMap: throughput(body, true),
    photoExport: peakRss(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
