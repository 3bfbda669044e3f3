// Phase 9 of npm run bench: import, against its three targets.
// - parsing photo-free vCard text: bench/import-reader.mjs in a child process (the compiled reader
//   and mapping, MB/s; target >= 20);
// - a 10,000-contact Google Contacts CSV export as one batch, from POST to `succeeded` (target <= 3 s);
// - a 64 MiB .vcf export of 2,000 contacts with ~30 KB photos streamed to POST /v1/batches, each run
//   in a fresh service: the service's peak RSS (VmHWM; target <= 250 MB) and the time to `succeeded`.
import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => Number(value.toFixed(digits));
const MB = 1024 * 1024;

function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1), runs: sorted.length };
}

const GOOGLE_HEADER =
  'Name,Given Name,Family Name,Nickname,Birthday,Notes,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value,Organization 1 - Name,Organization 1 - Title,Website 1 - Type,Website 1 - Value,Group Membership';

/** A Google Contacts export (older generation) of `n` people, with the shapes real rows have. */
export function googleCsv(n) {
  const rows = [GOOGLE_HEADER];
  for (let i = 0; i < n; i++) {
    const given = i % 2 ? `Zoë${i}` : `Ada${i}`;
    rows.push(
      [
        `${given} Müller`,
        given,
        'Müller',
        '',
        i % 3 ? '1990-01-02' : '',
        `"Met at the fair, row ${i}"`,
        '* Work',
        `person${i}@example.com ::: other${i}@example.com`,
        'Mobile',
        `+49 170 ${String(i).padStart(7, '0')}`,
        'Work',
        `+49 30 ${String(i).padStart(7, '0')}`,
        'Analytical Engines',
        'Engineer',
        'Profile',
        `https://example.com/${i}`,
        '* myContacts',
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** One card of the photo export: a ~25 KB photo (~33 KB of base64), folded 3.0 style. */
function photoCard(i, photoBytes) {
  const photo = Buffer.alloc(photoBytes, i % 251).toString('base64');
  const folded = photo.match(/.{1,74}/g).join('\r\n ');
  return (
    `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person ${i}\r\nN:${i};Person;;;\r\nTEL;TYPE=CELL:+44 20 7946 ${String(i % 10000).padStart(4, '0')}\r\n` +
    `EMAIL;TYPE=INTERNET:person${i}@example.com\r\nPHOTO;ENCODING=b;TYPE=JPEG:${folded}\r\nEND:VCARD\r\n`
  );
}

/** A `totalBytes` export of `cards` cards with photos, generated as it is sent (never held whole). */
function photoExport(cards, totalBytes) {
  // Base64 is 4/3 of the photo, folding adds 3 bytes per 74; 250 bytes for the rest of the card.
  const photoBytes = Math.floor(((totalBytes / cards - 250) * 3 * 74) / (4 * 77));
  let i = 0;
  return Readable.from(
    (function* () {
      while (i < cards) yield Buffer.from(photoCard(i++, photoBytes));
    })(),
  );
}

async function untilDone(url, id) {
  for (;;) {
    const batch = await (await fetch(`${url}/v1/batches/${id}`)).json();
    if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
    await sleep(10);
  }
}

async function postBatch(url, type, body) {
  const res = await fetch(`${url}/v1/batches`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    ...(body instanceof Readable ? { duplex: 'half' } : {}),
  });
  const json = await res.json();
  if (res.status !== 202) throw new Error(`POST /v1/batches answered ${res.status}: ${json.error?.code}`);
  return json;
}

function readerFigures(runs) {
  const child = spawnSync(process.execPath, [fileURLToPath(new URL('./import-reader.mjs', import.meta.url))], {
    env: { ...process.env, BENCH_IMPORT_RUNS: String(runs) },
    encoding: 'utf8',
    maxBuffer: 16 * MB,
    timeout: 600_000,
  });
  if (child.status !== 0) throw new Error(`import-reader.mjs failed: ${child.stderr.slice(0, 500)}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1));
  const figures = ({ wallMBps, cpuMBps }) => ({ wallMBps, cpuMBps });
  return { textMB: result.textMB, read: figures(result.read), readAndMap: figures(result.readAndMap) };
}

export async function importPhase(startService, { runs = 5 } = {}) {
  const env = { BATCH_MAX_CONTACTS: '10000', BATCH_MAX_ACTIVE_PER_CLIENT: '100', BATCH_MAX_ACTIVE: '100' };
  const reader = readerFigures(runs);

  const csv = googleCsv(10_000);
  const googleCsvBatch = [];
  const service = await startService(env);
  try {
    await untilDone(service.url, (await postBatch(service.url, 'text/csv', googleCsv(2000))).id);
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const { id, source } = await postBatch(service.url, 'text/csv', csv);
      const done = await untilDone(service.url, id);
      googleCsvBatch.push({ ms: Math.round(performance.now() - started), source, ...done.progress });
    }
  } finally {
    await service.stop();
  }

  const photoBatch = [];
  for (let run = 0; run < Math.min(runs, 3); run++) {
    const fresh = await startService(env);
    try {
      const rssBeforeMB = fresh.memory().rssMB;
      let peak = rssBeforeMB;
      const sampler = setInterval(() => (peak = Math.max(peak, fresh.memory().rssMB)), 20);
      const started = performance.now();
      const { id } = await postBatch(fresh.url, 'text/vcard', photoExport(2000, 64 * MB));
      const done = await untilDone(fresh.url, id);
      clearInterval(sampler);
      photoBatch.push({
        ms: Math.round(performance.now() - started),
        rssBeforeMB: round(rssBeforeMB),
        peakRssMB: round(Math.max(peak, fresh.memory().hwmMB)),
        ...done.progress,
      });
    } finally {
      await fresh.stop();
    }
  }
  return {
    reader,
    googleCsv10k: { runs: googleCsvBatch, ms: spread(googleCsvBatch.map((r) => r.ms)) },
    vcfExport64MiB: {
      runs: photoBatch,
      peakRssMB: spread(photoBatch.map((r) => r.peakRssMB)),
      ms: spread(photoBatch.map((r) => r.ms)),
    },
  };
}
