// In-process cost of reading a 10,000-contact Google Contacts CSV export: csv-parse (the parser and
// options the batch route uses) and the google-csv dialect's mapping to JSON contacts, then, for
// scale, the contact rules the batch applies to each. Prints one JSON object: per stage, wall and CPU
// time (CPU moves far less on a shared host), the median, quartiles, min and max of
// BENCH_IMPORT_CSV_RUNS timed runs after BENCH_IMPORT_CSV_WARMUP untimed ones.
// Env: BENCH_DIST (default dist, build first: npx nest build), BENCH_IMPORT_CSV_ROWS (10000),
// BENCH_IMPORT_CSV_RUNS (15), BENCH_IMPORT_CSV_WARMUP (3).
import { parse } from 'csv-parse/sync';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const dist = resolve(process.env.BENCH_DIST ?? 'dist');
const { csvDialectMapper, detectCsvDialect } = require(`${dist}/lib/contact/csv-dialects/index.js`);
const { validateContact } = require(`${dist}/lib/contact/index.js`);

const ROWS = Number(process.env.BENCH_IMPORT_CSV_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_IMPORT_CSV_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_IMPORT_CSV_WARMUP ?? 3);

// The 95-column header of a real Gmail export (test/fixtures/import/google-2014-bbdb.csv).
const HEADER = [
  'Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,Family Name Yomi',
  'Name Prefix,Name Suffix,Initials,Nickname,Short Name,Maiden Name,Birthday,Gender,Location,Billing Information',
  'Directory Server,Mileage,Occupation,Hobby,Sensitivity,Priority,Subject,Notes,Group Membership',
  'E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Type,E-mail 2 - Value,E-mail 3 - Type,E-mail 3 - Value',
  'IM 1 - Type,IM 1 - Service,IM 1 - Value',
  'Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value,Phone 3 - Type,Phone 3 - Value',
  ...[1, 2, 3].map((n) =>
    ['Type', 'Formatted', 'Street', 'City', 'PO Box', 'Region', 'Postal Code', 'Country', 'Extended Address']
      .map((part) => `Address ${n} - ${part}`)
      .join(','),
  ),
  'Organization 1 - Type,Organization 1 - Name,Organization 1 - Yomi Name,Organization 1 - Title',
  'Organization 1 - Department,Organization 1 - Symbol,Organization 1 - Location,Organization 1 - Job Description',
  'Relation 1 - Type,Relation 1 - Value,Relation 2 - Type,Relation 2 - Value,Relation 3 - Type,Relation 3 - Value',
  'Website 1 - Type,Website 1 - Value,Website 2 - Type,Website 2 - Value,Website 3 - Type,Website 3 - Value',
  'Event 1 - Type,Event 1 - Value,Event 2 - Type,Event 2 - Value,Custom Field 1 - Type,Custom Field 1 - Value',
].join(',');
const COLUMNS = HEADER.split(',');

/** A typical exported contact: two emails, two phones, one address, an organization, a group, a note. */
function row(i) {
  const cells = Object.fromEntries(COLUMNS.map((name) => [name, '']));
  Object.assign(cells, {
    Name: `Person ${i} Example`,
    'Given Name': `Person ${i}`,
    'Family Name': 'Example',
    Birthday: `19${String(50 + (i % 50))}-0${1 + (i % 9)}-1${i % 10}`,
    Notes: i % 4 === 0 ? 'Met at the conference, "table 4"' : '',
    'Group Membership': i % 3 === 0 ? '* myContacts ::: Customers' : '* myContacts',
    'E-mail 1 - Type': '* Work',
    'E-mail 1 - Value': `person${i}@work.example.com`,
    'E-mail 2 - Type': 'Home',
    'E-mail 2 - Value': `person${i}@home.example.org`,
    'Phone 1 - Type': 'Mobile',
    'Phone 1 - Value': `+1 555 01${String(i % 100).padStart(2, '0')}`,
    'Phone 2 - Type': 'Work',
    'Phone 2 - Value': `+1 555 02${String(i % 100).padStart(2, '0')}`,
    'Address 1 - Type': 'Work',
    'Address 1 - Formatted': `${i} Example Street\nSpringfield, IL 62701\nUSA`,
    'Address 1 - Street': `${i} Example Street`,
    'Address 1 - City': 'Springfield',
    'Address 1 - Region': 'IL',
    'Address 1 - Postal Code': '62701',
    'Address 1 - Country': 'USA',
    'Organization 1 - Name': 'Example Engines, Inc.',
    'Organization 1 - Title': 'Engineer',
    'Website 1 - Type': 'Profile',
    'Website 1 - Value': `https://example.com/p/${i}`,
  });
  const quote = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return COLUMNS.map((name) => quote(cells[name])).join(',');
}

const text = [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))].join('\n') + '\n';
const parseOptions = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: false,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** Wall time and this process's CPU time of one stage, in ms. */
function timed(stage) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = stage();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
}

function once() {
  const parsed = timed(() => parse(text, parseOptions));
  const [header, ...records] = parsed.value;
  const mapped = timed(() => {
    const mapper = csvDialectMapper(detectCsvDialect(header), header);
    return records.map((record) => mapper.toContact(record));
  });
  const validated = timed(() => mapped.value.filter((contact) => validateContact(contact).ok).length);
  if (mapped.value.length !== ROWS || validated.value !== ROWS) throw new Error(`mapped ${mapped.value.length}`);
  return {
    parseMs: parsed.wallMs,
    mapMs: mapped.wallMs,
    parseAndMapMs: parsed.wallMs + mapped.wallMs,
    validateMs: validated.wallMs,
    parseCpuMs: parsed.cpuMs,
    mapCpuMs: mapped.cpuMs,
    validateCpuMs: validated.cpuMs,
  };
}

const round = (ms) => Math.round(ms * 10) / 10;
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
  return {
    median: round(at(0.5)),
    p25: round(at(0.25)),
    p75: round(at(0.75)),
    min: round(sorted[0]),
    max: round(at(1)),
  };
}

for (let i = 0; i < WARMUP; i++) once();
const runs = Array.from({ length: RUNS }, once);
const result = {
  rows: ROWS,
  bytes: Buffer.byteLength(text),
  runs: RUNS,
  node: process.version,
  loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
  ...Object.fromEntries(Object.keys(runs[0]).map((k) => [k, spread(runs.map((r) => r[k]))])),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
