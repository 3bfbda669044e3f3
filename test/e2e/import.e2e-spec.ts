import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { CONTACT_SCHEMA } from '../../src/lib/contact';
import { readWithIcal } from '../fixtures/vcard/ical-reader';
import { declaredContact } from '../fixtures/vcard/rich-contact.arbitrary';
import { corpusFile, CORPUS_VCF_FILES, statedContacts } from '../utils/import-corpus';
import { OpenApiContract } from '../utils/openapi-contract';
import { buildTestApp } from '../utils/test-app';

// vCard bodies on POST /v1/vcard and POST /v1/jobs/vcard, over the real app: every file of the
// corpus of real client exports sent as it is, the answer exactly what its imported contact gets
// as JSON, the report by property and line; one card only; a job keeps its report.

interface ImportReport {
  version: string;
  contact: Record<string, unknown>;
  leftOut: Array<{ property: string; line: number; reason: string }>;
}
type Answer = Record<string, unknown> & { vcard: string; import?: ImportReport };

/** A value as the contact rules clean it, loosely: whitespace runs as one space, a URL without its added scheme. */
const loose = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .replace(/^https:\/\/(?!.*:\/\/)/, '')
        .replace(/\s+/g, ' ')
        .trim()
    : Array.isArray(value)
      ? value.map(loose)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, loose(entry)]))
        : value;

const RULE_WORDS = ['format', 'too_long', 'invalid_value', 'too_many'];

/**
 * The imported contact is what the client meant (SOURCES.md, read by hand from each source), less
 * what the contact rules reject: every imported value is a stated one, as the rules clean it, and
 * a stated field or entry that is missing is reported with a rule's word.
 */
function expectImportedFrom(report: ImportReport, stated: Record<string, unknown>): void {
  const ruled = report.leftOut.filter((left) => RULE_WORDS.includes(left.reason)).length;
  let missing = 0;
  for (const [field, meant] of Object.entries(stated)) {
    const got = report.contact[field];
    if (Array.isArray(meant)) {
      const kept = ((got as unknown[]) ?? []).map(loose);
      for (const entry of kept) expect(meant.map(loose)).toContainEqual(entry);
      missing += meant.length - kept.length;
    } else if (got === undefined) missing += 1;
    else expect(loose(got)).toEqual(loose(meant));
  }
  expect(Object.keys(report.contact).filter((field) => !(field in stated))).toEqual([]);
  if (missing > 0) expect(ruled).toBeGreaterThan(0);
}

const VCARD = { 'content-type': 'text/vcard' };
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('importing one vCard (POST /v1/vcard, POST /v1/jobs/vcard)', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const postVCard = (url: string, body: string | Buffer, headers: Record<string, string> = VCARD) =>
    app.inject({ method: 'POST', url, headers, payload: body });
  const postJson = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url, headers: JSON_HEADERS, payload: JSON.stringify(body) });

  /** An import's answer is the JSON answer for its contact, plus the report. */
  async function expectSameAsJson(url: string, answer: Answer): Promise<void> {
    const { import: report, ...card } = answer;
    const json = await postJson(url, report!.contact);
    expect(json.statusCode).toBe(200);
    expect(card).toEqual(json.json());
  }

  const stated = statedContacts();
  it.each(CORPUS_VCF_FILES)('%s: imported field for field, the answer its contact gets as JSON', async (file) => {
    const res = await postVCard('/v1/vcard', corpusFile(file));
    expect(res.statusCode).toBe(200);
    contract.expectResponse('POST', '/v1/vcard', 200, res.json());
    const answer = res.json() as Answer;
    expectImportedFrom(answer.import!, stated.get(file) as Record<string, unknown>);
    expect(['2.1', '3.0', '4.0']).toContain(answer.import!.version);
    for (const left of answer.import!.leftOut) {
      expect(Object.keys(left).sort()).toEqual(['line', 'property', 'reason']);
      expect(left.property).toMatch(/^[A-Z0-9-]+$/);
    }
    await expectSameAsJson('/v1/vcard', answer);
  });

  it('takes text/x-vcard and text/directory, a charset, and the query parameters as for JSON', async () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ångström\r\nTEL;TYPE=CELL:+44 20 7946 0958\r\nEND:VCARD\r\n';
    for (const type of ['text/x-vcard', 'text/directory', 'text/vcard; charset=utf-8']) {
      const res = await postVCard('/v1/vcard?format=vcard4&qrLevel=Q', card, { 'content-type': type });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as Answer;
      expect(answer.import!.contact).toEqual({
        fullName: 'Zoë Ångström',
        phones: [{ number: '+44 20 7946 0958', type: 'cell' }],
      });
      await expectSameAsJson('/v1/vcard?format=vcard4&qrLevel=Q', answer);
    }
    const png = await postVCard('/v1/vcard?scale=4', card, { ...VCARD, accept: 'image/png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('inline; filename="Zoe-Angstrom.png"');
  });

  it('leaves out a value the contact rules reject, with the rule’s word and the line, never the value', async () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ada',
      'EMAIL:not-an-address',
      'NOTE:' + 'n'.repeat(3000),
      'X-ABLabel:x',
      'END:VCARD',
      '',
    ].join('\r\n');
    const answer = (await postVCard('/v1/vcard', card)).json() as Answer;
    expect(answer.import!.contact).toEqual({ fullName: 'Ada' });
    expect(answer.import!.leftOut).toEqual([
      { property: 'EMAIL', line: 4, reason: 'format' },
      { property: 'NOTE', line: 5, reason: 'too_long' },
      { property: 'X-ABLABEL', line: 6, reason: 'unsupported' },
    ]);
    expect(JSON.stringify(answer.import)).not.toContain('not-an-address');
  });

  it('a 2.1 card keeps its backslashes and commas as text and its nested AGENT card as part of it (read back by ical.js)', async () => {
    const nested = ['BEGIN:VCARD', 'VERSION:2.1', 'N:Friday;Fred', 'TEL;WORK:+1-213-555-1234', 'END:VCARD'];
    for (const agent of [
      ['AGENT:', ...nested],
      [`AGENT:${nested[0]}`, ...nested.slice(1)],
    ]) {
      const card = [
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N:Müller, Jr.;José',
        'NOTE:C:\\Users\\ada',
        ...agent,
        'EMAIL;INTERNET:jose@example.com',
        'END:VCARD',
        '',
      ].join('\r\n');
      const res = await postVCard('/v1/vcard', card);
      expect(res.statusCode).toBe(200);
      const answer = res.json() as Answer;
      expect(answer.import!.contact).toEqual({
        fullName: 'José Müller, Jr.',
        name: { family: 'Müller, Jr.', given: 'José' },
        emails: [{ address: 'jose@example.com', type: 'other' }],
        note: 'C:\\Users\\ada',
      });
      expect(answer.import!.leftOut).toEqual([{ property: 'AGENT', line: 5, reason: 'unsupported' }]);
      const read = readWithIcal(answer.vcard);
      expect(read.cards).toBe(1);
      expect(read.n).toEqual(['Müller, Jr.', 'José', '', '', '']);
      expect(read.note).toEqual(['C:\\Users\\ada']);
    }
  });

  it('400 too_many_contacts for more than one card, invalid_vcard with line and issue for one that cannot be imported', async () => {
    const two = corpusFile('gmail.vcf').toString('utf8') + corpusFile('sogo-3.0.vcf').toString('utf8');
    for (const url of ['/v1/vcard', '/v1/jobs/vcard']) {
      const many = await postVCard(url, two);
      expect(many.statusCode).toBe(400);
      expect(many.json().error).toMatchObject({ code: 'too_many_contacts', details: { cards: 2 } });
      expect(many.json().error.hint).toContain('/v1/batches');
    }
    const cases: Array<[string, { line: number; issue: string }]> = [
      ['BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n', { line: 1, issue: 'no_end' }],
      ['FN:Ada\r\n', { line: 1, issue: 'no_begin' }],
      ['BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:no name\r\nEND:VCARD\r\n', { line: 1, issue: 'no_name' }],
      ['BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ad\xe9\r\nEND:VCARD\r\n', { line: 3, issue: 'invalid_encoding' }],
    ];
    for (const [body, details] of cases) {
      const res = await postVCard('/v1/vcard', Buffer.from(body, 'latin1'));
      expect(res.statusCode).toBe(400);
      contract.expectResponse('POST', '/v1/vcard', 400, res.json());
      expect(res.json().error).toMatchObject({ code: 'invalid_vcard', details });
    }
  });

  it('a job made from a vCard keeps import in its result; its Idempotency-Key covers the body, its type and the query', async () => {
    const body = corpusFile('iphone-ios8.vcf');
    const created = await postVCard('/v1/jobs/vcard?qrLevel=M', body, { ...VCARD, 'idempotency-key': 'import-job-1' });
    expect(created.statusCode).toBe(202);
    const job = created.json() as { id: string; result: Answer };
    const direct = (await postVCard('/v1/vcard?qrLevel=M', body)).json() as Answer;
    expect(job.result).toEqual(direct);
    const stored = (await app.inject({ method: 'GET', url: `/v1/jobs/${job.id}` })).json() as { result: Answer };
    expect(stored.result).toEqual(direct);

    const again = await postVCard('/v1/jobs/vcard?qrLevel=M', body, { ...VCARD, 'idempotency-key': 'import-job-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(job.id);
    const changed = [
      postVCard('/v1/jobs/vcard?qrLevel=M', Buffer.concat([body, Buffer.from('\r\n')]), {
        ...VCARD,
        'idempotency-key': 'import-job-1',
      }),
      postVCard('/v1/jobs/vcard?qrLevel=M', body, {
        'content-type': 'text/x-vcard',
        'idempotency-key': 'import-job-1',
      }),
      postVCard('/v1/jobs/vcard?qrLevel=H', body, { ...VCARD, 'idempotency-key': 'import-job-1' }),
    ];
    for (const res of await Promise.all(changed)) expect(res.statusCode).toBe(409);
  });

  it('re-encoding import.contact as JSON gives the same card (property, every field of the declaration)', async () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
    // A card holds a list's flat shorthand and its entries as one run of properties, which an import
    // reads back into the list alone: past the list's maximum, the last is left out (too_many).
    const importable = (given: Record<string, unknown>): boolean =>
      Object.entries(CONTACT_SCHEMA.fields).every(
        ([name, rule]) =>
          rule.kind !== 'list' ||
          rule.shorthand === undefined ||
          Number(given[rule.shorthand] !== undefined) + ((given[name] as unknown[] | undefined)?.length ?? 0) <=
            rule.max,
      );
    const contact = declaredContact(() => text).filter(importable);
    await fc.assert(
      fc.asyncProperty(contact, fc.constantFrom('vcard3', 'vcard4'), async (given, format) => {
        const first = await postJson(`/v1/vcard?format=${format}`, given);
        fc.pre(first.statusCode === 200);
        const card = (first.json() as Answer).vcard;
        const imported = await postVCard(`/v1/vcard?format=${format}`, card);
        expect(imported.statusCode).toBe(200);
        const answer = imported.json() as Answer;
        expect(answer.vcard).toBe(card);
        await expectSameAsJson(`/v1/vcard?format=${format}`, answer);
      }),
      { seed: 20261126, numRuns: 60 },
    );
  });
});
