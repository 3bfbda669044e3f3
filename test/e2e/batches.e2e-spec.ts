import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import ICAL from 'ical.js';
import { OpenApiContract } from '../utils/openapi-contract';
import { collectEvents } from '../utils/sse-client';
import { buildTestApp, listenTestApp } from '../utils/test-app';

// Batches on the in-memory store, through createApp() as in production. The Redis store, with two
// instances and one killed mid-batch, is in batches-redis.e2e-spec.ts.

const JSON_HEADERS = { 'content-type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Batch {
  id: string;
  object: string;
  status: string;
  completed_at: string | null;
  progress: { total: number; processed: number; succeeded: number; failed: number };
  links: { self: string; items: string; vcf: string; codes: string; sheet: string; stream: string };
}
interface Item {
  index: number;
  status: string;
  result?: { vcard: string; qrPayload: string };
  error?: { code: string; details?: unknown };
}

/** `n` typical contacts, every `badEvery`-th with an invalid email. */
function contacts(n: number, badEvery = 50): Array<Record<string, string>> {
  return Array.from({ length: n }, (_, i) => ({
    fullName: `Person ${i}`,
    organization: 'Analytical Engines Ltd',
    email: i % badEvery === badEvery - 1 ? `not-an-email-${i}` : `person${i}@example.com`,
    phone: '+44 20 7946 0958',
  }));
}

/** The FN of every card in a .vcf, in order, read by ical.js (an independent parser). */
function cardNames(vcf: string): string[] {
  const parsed = ICAL.parse(vcf) as unknown[];
  const components = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][];
  return components.map((jcal) => String(new ICAL.Component(jcal).getFirstPropertyValue('fn')));
}

describe('batches (memory store)', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const create = (payload: unknown, headers: Record<string, string> = JSON_HEADERS, url = '/v1/batches') =>
    app.inject({
      method: 'POST',
      url,
      headers,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  async function finished(id: string, base = ''): Promise<Batch> {
    for (let i = 0; i < 200; i++) {
      const res = await app.inject({ method: 'GET', url: `${base}/v1/batches/${id}` });
      const batch = res.json() as Batch;
      if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
      await sleep(20);
    }
    throw new Error('the batch did not finish');
  }

  async function allItems(id: string, limit: number): Promise<Item[]> {
    const items: Item[] = [];
    let cursor = '';
    for (let page = 0; page < 10_000; page++) {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/batches/${id}/items?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      contract.expectResponse('GET', '/v1/batches/{batchId}/items', 200, res.json());
      const body = res.json() as {
        data: Item[];
        pagination: { next_cursor: string | null; has_more: boolean; limit: number };
      };
      expect(body.pagination.limit).toBe(limit);
      items.push(...body.data);
      if (!body.pagination.has_more) {
        expect(body.pagination.next_cursor).toBeNull();
        return items;
      }
      cursor = encodeURIComponent(body.pagination.next_cursor!);
    }
    throw new Error('no last page');
  }

  it('JSON: 202 with the Batch and Location at once; every contact encoded exactly as POST /v1/vcard, an invalid one failing alone', async () => {
    const input = [
      { fullName: 'Ada Lovelace', email: 'ada@example.com' },
      { fullName: 'Bad Email', email: 'nope' },
      { fullName: 'Doe, Jane', note: 'Zoë 李小龍 🎉' },
      { fullName: 'Unknown Key', shoe: 'x' },
      { email: 'nobody@example.com' },
      'not an object',
    ];
    const res = await create({ contacts: input });
    expect(res.statusCode).toBe(202);
    const batch = res.json() as Batch;
    contract.expectResponse('POST', '/v1/batches', 202, batch);
    expect(batch).toMatchObject({ object: 'batch', progress: { total: 6 } });
    expect(batch.id).toMatch(/^batch_[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`http://localhost:3000/v1/batches/${batch.id}`);
    expect(batch.links).toEqual({
      self: `http://localhost:3000/v1/batches/${batch.id}`,
      items: `http://localhost:3000/v1/batches/${batch.id}/items`,
      vcf: `http://localhost:3000/v1/batches/${batch.id}/cards.vcf`,
      codes: `http://localhost:3000/v1/batches/${batch.id}/codes.zip`,
      sheet: `http://localhost:3000/v1/batches/${batch.id}/sheet.pdf?layout=card-eu`,
      stream: `http://localhost:3000/v1/stream?batchId=${batch.id}`,
    });

    const done = await finished(batch.id);
    contract.expectResponse('GET', '/v1/batches/{batchId}', 200, done);
    expect(done).toMatchObject({ status: 'succeeded', progress: { total: 6, processed: 6, succeeded: 2, failed: 4 } });
    expect(done.completed_at).not.toBeNull();
    // Each download link answers its file once the batch has succeeded.
    for (const [link, type] of [
      [done.links.codes, 'application/zip'],
      [done.links.sheet, 'application/pdf'],
    ] as const) {
      const file = await app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, type]);
    }

    const items = await allItems(batch.id, 100);
    expect(items.map((item) => [item.index, item.status])).toEqual([
      [0, 'succeeded'],
      [1, 'failed'],
      [2, 'succeeded'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
    ]);
    // A contact that is not an object is refused as POST /v1/vcard refuses such a body's fields.
    expect(items[5].error).toMatchObject({
      code: 'invalid_request',
      details: { fields: [{ field: '(body)', issue: 'type' }] },
    });
    // Each other outcome is what POST /v1/vcard answers for the same body.
    for (const [index, contact] of input.slice(0, 5).entries()) {
      const single = await create(contact, JSON_HEADERS, '/v1/vcard');
      const item = items[index];
      if (item.status === 'succeeded') expect(item.result).toEqual(single.json());
      else expect({ error: item.error }).toEqual(single.json());
    }
  });

  it('CSV: BOM, any header case, quoted commas, quotes and line breaks, CRLF and LF, empty cells as absent fields', async () => {
    const csv =
      '\ufeffFULLNAME,Email,note,Organization\r\n' +
      '"Hopper, Grace",grace@example.com,"line one\nline ""two""",US Navy\r\n' +
      'Ada Lovelace,,,\n' +
      '"Zoë Ångström-李小龍",zoe@example.com,"🎉, emoji",\r\n';
    const res = await create(csv, { 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(202);
    const batch = await finished((res.json() as Batch).id);
    expect(batch.progress).toEqual({ total: 3, processed: 3, succeeded: 3, failed: 0 });
    const expected = [
      { fullName: 'Hopper, Grace', email: 'grace@example.com', note: 'line one\nline "two"', organization: 'US Navy' },
      { fullName: 'Ada Lovelace' },
      { fullName: 'Zoë Ångström-李小龍', email: 'zoe@example.com', note: '🎉, emoji' },
    ];
    const items = await allItems(batch.id, 10);
    for (const [index, contact] of expected.entries()) {
      expect(items[index].result).toEqual((await create(contact, JSON_HEADERS, '/v1/vcard')).json());
    }
  });

  it.each([
    ['an unknown column', 'fullName,shoe\r\nAda,42\r\n', 'invalid_csv', { column: 'shoe' }],
    ['a repeated column', 'fullName,FullName\r\nAda,Ada\r\n', 'invalid_csv', { column: 'FullName' }],
    ['a row with too many cells', 'fullName,email\r\nAda,a@example.com,extra\r\n', 'invalid_csv', { line: 2 }],
    ['an unclosed quote', 'fullName\r\n"Ada\r\n', 'invalid_csv', {}],
    ['no header row', '', 'invalid_csv', {}],
    ['a header only', 'fullName\r\n', 'invalid_request', {}],
  ])('CSV with %s is a 400 naming it', async (_name, csv, code, details) => {
    const res = await create(csv, { 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; details: Record<string, unknown>; message: string } };
    expect(error.code).toBe(code);
    expect(error.details).toMatchObject(details);
    expect(error.message).not.toContain('Ada');
  });

  it('CSV that is not UTF-8 is a 400 invalid_encoding; another charset a 415', async () => {
    const latin1 = Buffer.concat([Buffer.from('fullName\r\n'), Buffer.from([0x5a, 0x6f, 0xeb]), Buffer.from('\r\n')]);
    const bad = await app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': 'text/csv' },
      payload: latin1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_encoding');
    const charset = await create('fullName\r\nAda\r\n', { 'content-type': 'text/csv; charset=iso-8859-1' });
    expect(charset.statusCode).toBe(415);
  });

  it.each([
    ['not an object', '[]', '(body)'],
    ['no contacts', '{}', 'contacts'],
    ['contacts not an array', '{"contacts":{"fullName":"Ada"}}', 'contacts'],
    ['another top-level key', '{"contacts":[{"fullName":"Ada"}],"extra":1}', 'extra'],
    ['zero contacts', '{"contacts":[]}', 'contacts'],
  ])('JSON body %s is a 400 invalid_request naming the field', async (_name, body, field) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', details: { fields: [{ field }] } });
  });

  it('pages the items to the end, each contact exactly once, in input order; foreign and altered cursors are 400', async () => {
    const res = await create({ contacts: contacts(53) });
    const batch = await finished((res.json() as Batch).id);
    expect(batch.progress).toMatchObject({ total: 53, succeeded: 52, failed: 1 });
    const items = await allItems(batch.id, 7);
    expect(items.map((item) => item.index)).toEqual(Array.from({ length: 53 }, (_, i) => i));
    expect(items[49].error).toMatchObject({
      code: 'invalid_request',
      details: { fields: [{ field: 'email', issue: 'format' }] },
    });

    const other = (await create({ contacts: contacts(20) })).json() as Batch;
    const page = (await app.inject({ method: 'GET', url: `/v1/batches/${other.id}/items?limit=5` })).json() as {
      pagination: { next_cursor: string };
    };
    for (const cursor of [page.pagination.next_cursor, 'garbage', `${page.pagination.next_cursor}x`]) {
      const res2 = await app.inject({
        method: 'GET',
        url: `/v1/batches/${batch.id}/items?cursor=${encodeURIComponent(cursor)}`,
      });
      expect(res2.statusCode).toBe(400);
      expect(res2.json().error.code).toBe('invalid_cursor');
    }
    for (const limit of ['0', '101', 'x']) {
      const res3 = await app.inject({ method: 'GET', url: `/v1/batches/${batch.id}/items?limit=${limit}` });
      expect(res3.statusCode).toBe(400);
      expect(res3.json().error).toMatchObject({ code: 'invalid_query', details: { parameter: 'limit' } });
    }
  });

  it('cards.vcf: one card per success, in input order, read back by ical.js; a file name; 404 for unknown ids', async () => {
    const input = contacts(1200, 100);
    const created = (await create({ contacts: input })).json() as Batch;
    const early = await app.inject({ method: 'GET', url: `/v1/batches/${created.id}/cards.vcf` });
    if (early.statusCode !== 200) {
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('batch_not_finished');
    }
    const batch = await finished(created.id);
    expect(batch.progress).toMatchObject({ succeeded: 1188, failed: 12 });
    const res = await app.inject({ method: 'GET', url: `/v1/batches/${batch.id}/cards.vcf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${batch.id}.vcf"`);
    const expected = input
      .filter((contact) => !contact.email.startsWith('not-an-email'))
      .map((contact) => contact.fullName);
    expect(cardNames(res.body)).toEqual(expected);
    for (const url of [
      '/v1/batches/batch_01M88X049JX12ZGN1RR16QWRJJ',
      '/v1/batches/nope/items',
      '/api/v1/batches/batch_x/cards.vcf',
    ]) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('batch_not_found');
    }
  });

  it('Idempotency-Key: the same body replays the batch, another body is 409', async () => {
    const headers = { ...JSON_HEADERS, 'idempotency-key': 'badge-run-7' };
    const first = await create({ contacts: contacts(5) }, headers);
    const again = await create({ contacts: contacts(5) }, headers);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as Batch).id).toBe((first.json() as Batch).id);
    const other = await create({ contacts: contacts(6) }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    // A style is part of the request: the same contacts with one are another request.
    const styled = await create({ contacts: contacts(5), style: { modules: 'dots' } }, headers);
    expect(styled.json().error.code).toBe('idempotency_key_reused');
  });

  it('a template applies to every contact: one without its required fields fails alone; an unknown template is a 400', async () => {
    const res = await create(
      { contacts: [{ fullName: 'Ada', phone: '+44 20 7946 0958' }, { fullName: 'Bob' }] },
      JSON_HEADERS,
      '/v1/batches?template=minimal',
    );
    const batch = await finished((res.json() as Batch).id);
    const items = await allItems(batch.id, 10);
    expect(items[0].status).toBe('succeeded');
    expect(items[1].error).toMatchObject({
      code: 'template_requirements_not_met',
      details: { template: 'minimal', missingFields: ['phone'] },
    });
    const unknown = await create({ contacts: [{ fullName: 'Ada' }] }, JSON_HEADERS, '/v1/batches?template=nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'invalid_query', details: { parameter: 'template' } });
  });

  it('is served under /api too, with links under /api', async () => {
    const res = await create({ contacts: contacts(2) }, JSON_HEADERS, '/api/v1/batches');
    expect(res.statusCode).toBe(202);
    const batch = res.json() as Batch;
    expect(batch.links.self).toBe(`http://localhost:3000/api/v1/batches/${batch.id}`);
    expect(batch.links.stream).toBe(`http://localhost:3000/api/v1/stream?batchId=${batch.id}`);
    expect((await finished(batch.id, '/api')).status).toBe('succeeded');
  });
});

describe('batch limits', () => {
  it('size: up to BATCH_MAX_CONTACTS; a body of its own limit (BATCH_BODY_LIMIT_BYTES), above the 64 KiB default', async () => {
    const app = await buildTestApp({ BATCH_MAX_CONTACTS: '1000', BATCH_BODY_LIMIT_BYTES: '200000' });
    try {
      const big = await app.inject({
        method: 'POST',
        url: '/v1/batches',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ contacts: contacts(1000) }),
      });
      expect(Buffer.byteLength(JSON.stringify({ contacts: contacts(1000) }))).toBeGreaterThan(65_536);
      expect(big.statusCode).toBe(202);
      const over = await app.inject({
        method: 'POST',
        url: '/v1/batches',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ contacts: contacts(1001) }),
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().error).toMatchObject({ code: 'invalid_request', details: { maxContacts: 1000 } });
      const huge = await app.inject({
        method: 'POST',
        url: '/v1/batches',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ contacts: contacts(3000) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error.details).toEqual({ maxBytes: 200000 });
      // Other routes keep the default limit.
      const vcard = await app.inject({
        method: 'POST',
        url: '/v1/vcard',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ fullName: 'A', note: 'n'.repeat(70_000) }),
      });
      expect(vcard.statusCode).toBe(413);
    } finally {
      await app.close();
    }
  });

  it('rate budget: a batch of n contacts costs ceil(n / 100); one the budget cannot cover is a 429 and creates nothing', async () => {
    const app = await buildTestApp({ RATE_LIMIT_MAX: '20' });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/batches',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ contacts: contacts(1000) }),
      });
      expect(res.statusCode).toBe(202);
      expect(res.headers['ratelimit-remaining']).toBe('10');
      const tooBig = await app.inject({
        method: 'POST',
        url: '/v1/batches',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ contacts: contacts(1500) }),
      });
      expect(tooBig.statusCode).toBe(429);
      expect(tooBig.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await app.close();
    }
  });

  it('unfinished batches: BATCH_MAX_ACTIVE_PER_CLIENT per client (429 too_many_batches), BATCH_MAX_ACTIVE in all (503 with Retry-After)', async () => {
    const perClient = await buildTestApp({ BATCH_MAX_ACTIVE_PER_CLIENT: '1' });
    try {
      const body = JSON.stringify({ contacts: contacts(10_000) });
      const [first, second] = await Promise.all([
        perClient.inject({ method: 'POST', url: '/v1/batches', headers: JSON_HEADERS, payload: body }),
        perClient.inject({ method: 'POST', url: '/v1/batches', headers: JSON_HEADERS, payload: body }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([202, 429]);
      expect([first, second].find((res) => res.statusCode === 429)!.json().error).toMatchObject({
        code: 'too_many_batches',
        details: { maxActiveBatches: 1 },
      });
    } finally {
      await perClient.close();
    }
    const total = await buildTestApp({ BATCH_MAX_ACTIVE: '1', BATCH_MAX_ACTIVE_PER_CLIENT: '5' });
    try {
      const body = JSON.stringify({ contacts: contacts(10_000) });
      const [first, second] = await Promise.all([
        total.inject({ method: 'POST', url: '/v1/batches', headers: JSON_HEADERS, payload: body }),
        total.inject({
          method: 'POST',
          url: '/v1/batches',
          headers: JSON_HEADERS,
          payload: body,
          remoteAddress: '10.0.0.9',
        }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([202, 503]);
      const refused = [first, second].find((res) => res.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error.code).toBe('service_unavailable');
    } finally {
      await total.close();
    }
  });

  it('batches expire with JOB_TTL_SECONDS, contacts and outcomes with them', async () => {
    const app = await buildTestApp({ JOB_TTL_SECONDS: '1' });
    try {
      const batch = (
        await app.inject({
          method: 'POST',
          url: '/v1/batches',
          headers: JSON_HEADERS,
          payload: JSON.stringify({ contacts: contacts(3) }),
        })
      ).json() as Batch;
      expect((await app.inject({ method: 'GET', url: `/v1/batches/${batch.id}` })).statusCode).toBe(200);
      await sleep(1100);
      for (const suffix of ['', '/items', '/cards.vcf']) {
        const res = await app.inject({ method: 'GET', url: `/v1/batches/${batch.id}${suffix}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('batch_not_found');
      }
    } finally {
      await app.close();
    }
  });
});

describe('batch progress over Server-Sent Events (a real EventSource client)', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp({ PUBLIC_BASE_URL: 'http://127.0.0.1' }));
  });
  afterAll(() => app.close());

  it('progress events with a rising percent, at most a few a second, then complete with the final counts', async () => {
    const created = (await (
      await fetch(`${baseUrl}/v1/batches`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ contacts: contacts(10_000) }),
      })
    ).json()) as Batch;
    const events = await collectEvents(`${baseUrl}/v1/stream?batchId=${created.id}`, { timeoutMs: 20_000 });
    const last = events[events.length - 1];
    expect(last.type).toBe('complete');
    expect(last.data).toMatchObject({
      status: 'succeeded',
      percent: 100,
      progress: { total: 10_000, processed: 10_000, succeeded: 9800, failed: 200 },
    });
    const percents = events.filter((event) => event.type === 'progress').map((event) => event.data.percent);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThan(percents[i - 1]);
    for (const event of events.slice(0, -1))
      expect(event.data.progress.processed).toBe(
        Math.round((event.data.percent * 10_000) / 100) + (event.data.progress.processed % 100),
      );
    // At most four progress events a second.
    const span = (events[events.length - 1].at - events[0].at) / 1000;
    expect(percents.length).toBeLessThanOrEqual(Math.ceil(span * 4) + 2);
  });

  it('an unknown batch is a 404 before any event; batchId with jobId is a 400', async () => {
    const unknown = await fetch(`${baseUrl}/v1/stream?batchId=batch_01M88X049JX12ZGN1RR16QWRJJ`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('batch_not_found');
    const both = await fetch(`${baseUrl}/v1/stream?batchId=batch_01M88X049JX12ZGN1RR16QWRJJ&jobId=job_x`);
    expect(both.status).toBe(400);
  });
});
