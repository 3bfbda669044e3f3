#!/usr/bin/env node
// Do two builds answer alike? Every request below goes to both, as `npm start` runs them, and the
// answers are compared as received: status line, every header in its order and spelling, and the
// body byte for byte. Only what differs by design between two runs is normalised: Date, the
// generated X-Request-Id, RateLimit-Reset and Retry-After (seconds left in the window), job and
// batch ids and times. A performance change must leave this at zero differences.
//
//   node bench/compare-answers.mjs <baseline dist> <candidate dist>   (e.g. .bench-base/dist dist)
//
// The requests: both recorded corpora (test/fixtures/compat, 600 POST /v1/vcard requests of every
// field, format, representation and rule broken), then requests to every kind of route and error
// the edge, parser, validation, rate limit and error filter handle, with and without the /api
// alias, and finally a budget spent to 429 on servers started with RATE_LIMIT_MAX=5.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { ROOT, startService } from './servers.mjs';

const [baselineDist, candidateDist] = process.argv.slice(2).map((dir) => resolve(dir));
if (!baselineDist || !candidateDist) {
  console.error('usage: node bench/compare-answers.mjs <baseline dist> <candidate dist>');
  process.exit(2);
}

const JSON_TYPE = { 'content-type': 'application/json' };
const CARD = JSON.stringify({ fullName: 'Ada Lovelace', email: 'ada@example.com', website: 'example.com/ada' });

/** Requests to every route and failure the request path decides, beyond the recorded corpora. */
const EDGE_REQUESTS = [
  { method: 'GET', path: '/v1/health' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/v1/product' },
  { method: 'GET', path: '/v1/templates' },
  { method: 'GET', path: '/v1/templates?limit=1' },
  { method: 'GET', path: '/v1/templates?limit=0' },
  { method: 'GET', path: '/v1/templates?cursor=nope' },
  { method: 'GET', path: '/api/v1/templates?limit=3' },
  { method: 'GET', path: '/docs/errors' },
  { method: 'GET', path: '/openapi.json' },
  { method: 'GET', path: '/v1/nope' },
  { method: 'GET', path: '/api/v1/nope' },
  { method: 'GET', path: '/v1/%zz' },
  { method: 'GET', path: '/docs/../v1/health' },
  { method: 'GET', path: '/v1/%2e%2e/v1/health' },
  { method: 'DELETE', path: '/v1/vcard' },
  { method: 'PUT', path: '/api/v1/vcard' },
  {
    method: 'OPTIONS',
    path: '/v1/vcard',
    headers: {
      origin: 'https://a.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  },
  { method: 'OPTIONS', path: '/v1/vcard' },
  { method: 'OPTIONS', path: '/v1/nope', headers: { 'access-control-request-method': 'GET' } },
  { method: 'OPTIONS', path: '/v1/nope' },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, origin: 'https://a.example' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, 'x-request-id': 'client-id-1' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, 'x-request-id': 'bad id!' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, 'idempotency-key': 'key-1' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, 'idempotency-key': 'bad key' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, 'idempotency-key': 'bad key' }, body: '{}' },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, accept: 'text/vcard' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { ...JSON_TYPE, accept: 'image/gif' }, body: CARD },
  { method: 'POST', path: '/v1/vcard?format=vcard4&qrLevel=Q', headers: JSON_TYPE, body: CARD },
  { method: 'POST', path: '/v1/vcard?format=nope', headers: JSON_TYPE, body: CARD },
  { method: 'POST', path: '/v1/vcard?qrVersion=1', headers: JSON_TYPE, body: CARD },
  { method: 'POST', path: '/v1/vcard?template=nope', headers: JSON_TYPE, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: '{bad' },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: '' },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: '[]' },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: 'null' },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: `${'['.repeat(70)}${']'.repeat(70)}` },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: '{"fullName":"A","__proto__":{"x":1}}' },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]) },
  { method: 'POST', path: '/v1/vcard', headers: { 'content-type': 'application/json; charset=latin1' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: { 'content-type': 'text/plain' }, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: {}, body: CARD },
  { method: 'POST', path: '/v1/vcard', headers: JSON_TYPE, body: JSON.stringify({ fullName: 'x'.repeat(2_000_000) }) },
  { method: 'POST', path: '/v1/jobs/vcard', headers: JSON_TYPE, body: CARD },
  { method: 'POST', path: '/api/v1/jobs/vcard', headers: { ...JSON_TYPE, 'idempotency-key': 'job-key-1' }, body: CARD },
  { method: 'GET', path: '/v1/jobs/nope' },
  {
    method: 'POST',
    path: '/v1/batches',
    headers: JSON_TYPE,
    body: JSON.stringify({ contacts: [{ fullName: 'A' }, { email: 'x' }] }),
  },
  {
    method: 'POST',
    path: '/v1/batches',
    headers: { 'content-type': 'text/csv' },
    body: 'fullName,email\nA,a@example.com\n',
  },
  { method: 'POST', path: '/v1/batches', headers: JSON_TYPE, body: '{"contacts":' },
  { method: 'GET', path: '/v1/batches/nope' },
];

function corpus(file) {
  const { records } = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/compat', file), 'utf8'));
  return records.map((record) => ({
    method: 'POST',
    path: record.request.url,
    headers: record.request.headers,
    body: record.request.payload,
  }));
}

function send(server, request) {
  const url = new URL(server.url);
  return new Promise((resolveAnswer, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...request.headers },
        agent: false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolveAnswer({
            status: `${res.statusCode} ${res.statusMessage}`,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const IDS = /\b(job|bat|batch)_[0-9A-Za-z]{10,}\b|\b[0-9A-HJKMNP-TV-Z]{26}\b/g;
const TIMES = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;

/** The answer as text, with what differs between any two runs replaced by placeholders. */
function normalised(answer) {
  const lines = [answer.status];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i];
    let value = answer.rawHeaders[i + 1];
    const lower = name.toLowerCase();
    if (lower === 'date') value = '<date>';
    else if (lower === 'ratelimit-reset' || lower === 'retry-after') value = '<seconds>';
    else value = value.replace(IDS, '<id>').replace(UUID, '<uuid>');
    lines.push(`${name}: ${value}`);
  }
  const text = answer.body.toString('latin1');
  lines.push('', text.replace(IDS, '<id>').replace(TIMES, '<time>').replace(UUID, '<uuid>'));
  return lines.join('\n');
}

async function compare(label, servers, requests) {
  let differing = 0;
  for (const [index, request] of requests.entries()) {
    const [a, b] = await Promise.all(servers.map((server) => send(server, request)));
    const [left, right] = [normalised(a), normalised(b)];
    if (left === right) continue;
    differing += 1;
    if (differing <= 5) {
      console.log(`${label} #${index} ${request.method} ${request.path} differs:`);
      console.log(`--- baseline\n${left.slice(0, 1500)}\n--- candidate\n${right.slice(0, 1500)}\n`);
    }
  }
  console.log(`${label}: ${requests.length} requests, ${differing} answered differently`);
  return differing;
}

async function withServers(env, run) {
  const servers = [];
  try {
    for (const [name, dist] of [
      ['baseline', baselineDist],
      ['candidate', candidateDist],
    ])
      servers.push(await startService({ dist, cpu: 0, name, env }));
    return await run(servers);
  } finally {
    await Promise.allSettled(servers.map((server) => server.stop()));
  }
}

const env = { PUBLIC_BASE_URL: 'http://localhost:3000', RATE_LIMIT_MAX: '100000' };
let differing = await withServers(env, async (servers) => {
  let count = 0;
  count += await compare('flat corpus', servers, corpus('flat-answers.json'));
  count += await compare('rich corpus', servers, corpus('rich-answers.json'));
  count += await compare('edge and errors', servers, EDGE_REQUESTS);
  return count;
});
differing += await withServers({ ...env, RATE_LIMIT_MAX: '5' }, (servers) =>
  compare('budget spent to 429', servers, [...EDGE_REQUESTS.slice(0, 4), ...EDGE_REQUESTS.slice(20, 26)]),
);
process.exit(differing === 0 ? 0 : 1);
