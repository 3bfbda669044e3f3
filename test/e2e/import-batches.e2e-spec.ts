import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import iconv from 'iconv-lite';
import { readWithIcal } from '../fixtures/vcard/ical-reader';
import { readCsvExport } from '../utils/csv-export';
import { corpusFile, CORPUS_CSV_FILES, CORPUS_VCF_FILES } from '../utils/import-corpus';
import { OpenApiContract } from '../utils/openapi-contract';
import { buildTestApp } from '../utils/test-app';

// Address-book exports as batches, over the real app: a .vcf of every corpus card (plus cards that
// cannot be imported) as one body, each card an item with its report, lines counted in the whole
// file; every Google and Outlook CSV export of the corpus recognised by its header; source on
// every batch; an export in UTF-16 or Windows-1252 read in its charset.

interface Item {
  index: number;
  status: string;
  result?: { vcard: string };
  error?: { code: string; details?: Record<string, unknown> };
  import?: { version: string; contact: Record<string, unknown>; leftOut: Array<{ line: number }> };
}
interface Batch {
  id: string;
  status: string;
  source: string;
  ignoredColumns?: string[];
  progress: { total: number; succeeded: number; failed: number };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('address-book exports as batches (POST /v1/batches)', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const post = (body: string | Buffer, type: string) =>
    app.inject({ method: 'POST', url: '/v1/batches', headers: { 'content-type': type }, payload: body });

  async function finished(id: string): Promise<Batch> {
    for (let i = 0; i < 500; i++) {
      const batch = (await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as Batch;
      if (batch.status === 'succeeded') return batch;
      await sleep(20);
    }
    throw new Error('the batch did not finish');
  }

  async function items(id: string): Promise<Item[]> {
    const res = await app.inject({ method: 'GET', url: `/v1/batches/${id}/items?limit=100` });
    contract.expectResponse('GET', '/v1/batches/{batchId}/items', 200, res.json());
    return (res.json() as { data: Item[] }).data;
  }

  it('a .vcf export: one item per card in file order, each with its report; a card that cannot be imported fails alone', async () => {
    const files = CORPUS_VCF_FILES.map(corpusFile);
    const broken = Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:no name here\r\nEND:VCARD\r\n');
    const body = Buffer.concat([...files, broken]);
    const created = await post(body, 'text/vcard');
    expect(created.statusCode).toBe(202);
    contract.expectResponse('POST', '/v1/batches', 202, created.json());
    expect((created.json() as Batch).source).toBe('vcard');
    const batch = await finished((created.json() as Batch).id);
    expect(batch.progress).toMatchObject({ total: files.length + 1, succeeded: files.length, failed: 1 });

    const got = await items(batch.id);
    // Each card's lines are counted in the whole file: its report is the one-card import's, shifted.
    let offset = 0;
    for (const [index, file] of CORPUS_VCF_FILES.entries()) {
      const alone = (
        await app.inject({
          method: 'POST',
          url: '/v1/vcard',
          headers: { 'content-type': 'text/vcard' },
          payload: files[index],
        })
      ).json() as Required<Item>['result'] & { import: Required<Item>['import'] };
      const { import: report, ...result } = alone;
      expect({ file, ...got[index] }).toEqual({
        file,
        index,
        status: 'succeeded',
        result,
        import: { ...report, leftOut: report.leftOut.map((left) => ({ ...left, line: left.line + offset })) },
      });
      offset += files[index].toString('latin1').split(/\r\n|\n/).length - 1;
    }
    expect(got[files.length]).toMatchObject({
      index: files.length,
      status: 'failed',
      error: { code: 'invalid_vcard', details: { line: offset + 1, issue: 'no_name' } },
    });
  });

  it('an export with no card at all is 400 invalid_vcard, not a batch', async () => {
    const none = await post('NOTE:stray\r\n', 'text/vcard');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'invalid_vcard', details: { line: 1, issue: 'no_begin' } });
  });

  it.each(CORPUS_CSV_FILES)('%s is recognised by its header and imported row for row', async (file) => {
    const created = await post(corpusFile(file), 'text/csv');
    expect(created.statusCode).toBe(202);
    const batch = created.json() as Batch;
    expect(batch.source).toBe(file.startsWith('google') ? 'google-csv' : 'outlook-csv');
    expect(batch.ignoredColumns?.length).toBeGreaterThan(0);
    // Names only, each once, each a column of the file.
    const { header, rows } = readCsvExport(file);
    expect(new Set(batch.ignoredColumns).size).toBe(batch.ignoredColumns!.length);
    for (const column of batch.ignoredColumns!) expect(header).toContain(column);
    const done = await finished(batch.id);
    expect(done.progress.total).toBe(rows.length);
    for (const item of await items(batch.id))
      if (item.status === 'succeeded') expect(item.result!.vcard).toContain('BEGIN:VCARD');
  });

  it('a Google row whose phones hold words keeps its name, email and bare-domain website; the phones are left out and reported', async () => {
    const { header } = readCsvExport('google-2014-bbdb.csv');
    const cells: Record<string, string> = {
      Name: 'Test Person',
      'Given Name': 'Test',
      'Family Name': 'Person',
      'E-mail 1 - Type': '* Home',
      'E-mail 1 - Value': 'test@example.net',
      'Phone 1 - Type': 'Pager',
      'Phone 1 - Value': 'pager',
      'Phone 2 - Type': 'Main',
      'Phone 2 - Value': 'mainphone',
      'Website 1 - Type': 'Home Page',
      'Website 1 - Value': 'test.com',
    };
    const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    const row = header.map((column) => quoted(cells[column] ?? '')).join(',');
    const good = header.map((column) => quoted(column === 'Name' ? 'Ada' : '')).join(',');
    const created = await post(`${header.map(quoted).join(',')}\r\n${row}\r\n${good}\r\n`, 'text/csv');
    expect(created.statusCode).toBe(202);
    expect((created.json() as Batch).source).toBe('google-csv');
    const done = await finished((created.json() as Batch).id);
    expect(done.progress).toMatchObject({ total: 2, succeeded: 2, failed: 0 });
    const [item, plain] = (await items(done.id)) as Array<Item & { leftOut?: unknown }>;
    expect(item.leftOut).toEqual([
      { field: 'phones[0].number', reason: 'format' },
      { field: 'phones[1].number', reason: 'format' },
    ]);
    expect(JSON.stringify(item.leftOut)).not.toMatch(/pager|mainphone/);
    const card = readWithIcal(item.result!.vcard);
    expect(card.fn).toBe('Test Person');
    expect(card.email).toBe('test@example.net');
    expect(card.url).toBe('https://test.com');
    expect(card.names).not.toContain('tel');
    expect(plain).not.toHaveProperty('leftOut');
  });

  it('source is json or csv for the service’s own bodies, unchanged otherwise', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/v1/batches',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ contacts: [{ fullName: 'Ada' }] }),
    });
    expect((json.json() as Batch).source).toBe('json');
    expect((json.json() as Batch).ignoredColumns).toBeUndefined();
    const csv = await post('fullName,phone\r\nAda,+44 20 7946 0958\r\n', 'text/csv');
    expect((csv.json() as Batch).source).toBe('csv');
  });

  it('reads a UTF-16 Google export by its BOM and an undeclared Outlook export as Windows-1252; other charsets stay 415', async () => {
    const google = corpusFile('google-2024-labels.csv').toString('utf8');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(google.replace(/^\uFEFF/, ''), 'utf-16le')]);
    const fromUtf16 = await post(utf16, 'text/csv');
    expect(fromUtf16.statusCode).toBe(202);
    const fromUtf8 = await post(google, 'text/csv');
    const [a, b] = await Promise.all([finished(fromUtf16.json().id), finished(fromUtf8.json().id)]);
    expect(await items(a.id)).toEqual(await items(b.id));

    const outlook = `First Name,Last Name,E-mail Address,Mobile Phone\r\nZoë,Ångström,zoe@example.com,+44 20 7946 0958\r\n`;
    const cp1252 = await post(iconv.encode(outlook, 'windows-1252'), 'text/csv');
    expect(cp1252.statusCode).toBe(202);
    expect(cp1252.json().source).toBe('outlook-csv');
    await finished(cp1252.json().id);
    const [item] = await items(cp1252.json().id);
    expect(item.result!.vcard).toContain('Zoë Ångström');

    const own = await post(iconv.encode('fullName\r\nZoë\r\n', 'windows-1252'), 'text/csv; charset=windows-1252');
    expect(own.statusCode).toBe(415);
  });
});
