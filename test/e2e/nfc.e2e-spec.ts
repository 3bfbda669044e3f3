import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as ndef from 'ndef';
import { OpenApiContract } from '../utils/openapi-contract';
import { readPng, zbarRead } from '../utils/qr-image-reader';
import { listenTestApp } from '../utils/test-app';

// ?nfc= on every surface that creates a card: the JSON answer's nfc block, whose message the
// independent ndef library reads back to qrPayload; the card fitted to the tag (alone and with a
// QR budget); the raw tag content; errors by name; jobs, batches, Idempotency-Key and MCP alike.
// The fit itself is property-tested in lib/vcard (tag-fit.property.spec).

const JSON_HEADERS = { 'content-type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const CAPACITY = { ntag213: 144, ntag215: 504, ntag216: 888 } as const;
type Tag = keyof typeof CAPACITY;

/** 444 bytes as vCard 3.0 without the photo (465 on a tag): the NTAG215 and NTAG216 hold it whole. */
const CARD = {
  fullName: 'Zoë Ångström',
  organization: 'Analytical Engines',
  title: 'Principal Engineer',
  phone: '+44 20 7946 0958',
  email: 'zoe@example.com',
  note: 'Met at the QR conference; talks about error correction, at length. '.repeat(3),
  categories: ['nfc', 'print'],
  photoUrl: 'https://example.com/zoe.jpg',
};
/** Fits an NTAG213 once its note is left out. */
const SMALL = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0958', note: 'Bring the punched cards.' };

interface VCardBody {
  vcard: string;
  qrPayload: string;
  format?: string;
  qr: { bytes: number; omitted?: string[]; budget?: { version: number; level: string; capacity: number } };
  nfc?: { tag: Tag; capacity: number; bytes: number; message: string };
}

/** What a Type 2 tag stores for this message, by the NFC Forum layout: TLV 0x03, length, message, 0xFE. */
function tlv(message: Buffer): Buffer {
  const length = message.length <= 254 ? [message.length] : [0xff, message.length >> 8, message.length & 0xff];
  return Buffer.concat([Buffer.from([0x03, ...length]), message, Buffer.from([0xfe])]);
}

/** The one record of a base64 NDEF message, read by the ndef library: its TNF, type and payload text. */
function readMessage(base64: string): { tnf: number; type: string; payload: string }[] {
  return ndef.decodeMessage(Buffer.from(base64, 'base64')).map((record) => ({
    tnf: record.tnf,
    type: Buffer.from(record.type).toString('latin1'),
    payload: Buffer.from(record.payload).toString('utf8'),
  }));
}

/** An answer's nfc block is the tag its payload was fitted to, holding exactly qrPayload. */
function expectTagCarries(body: VCardBody, tag: Tag): void {
  const message = Buffer.from(body.nfc!.message, 'base64');
  expect(body.nfc).toEqual({ tag, capacity: CAPACITY[tag], bytes: tlv(message).length, message: body.nfc!.message });
  expect(body.nfc!.bytes).toBeLessThanOrEqual(CAPACITY[tag]);
  expect(readMessage(body.nfc!.message)).toEqual([{ tnf: 0x02, type: 'text/vcard', payload: body.qrPayload }]);
}

describe('NFC tags', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let contract: OpenApiContract;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, ...headers }, payload: JSON.stringify(payload) });

  async function finishedBatch(id: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const state = (await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as { status: string };
      if (state.status === 'succeeded') return;
      await sleep(20);
    }
    throw new Error('the batch did not finish');
  }

  it.each([
    ['ntag213', SMALL, ['note']],
    ['ntag215', CARD, ['photoUrl']],
    ['ntag216', CARD, ['photoUrl']],
  ] as const)(
    '?nfc=%s: qrPayload fitted to the tag, and an nfc block whose message carries it',
    async (tag, card, omitted) => {
      const res = await post(`/v1/vcard?nfc=${tag}`, card);
      expect(res.statusCode).toBe(200);
      contract.expectResponse('POST', '/v1/vcard', 200, res.json());
      const body = res.json() as VCardBody;
      expectTagCarries(body, tag);
      expect(body.format).toBe('vcard3');
      expect(body.qr.omitted).toEqual(omitted);
      expect(body.qr.bytes).toBe(Buffer.byteLength(body.qrPayload));
      expect(body.qr.budget).toBeUndefined();
      // The file keeps the whole card; the payload is the card the tag holds.
      const plain = (await post('/v1/vcard?format=vcard3', card)).json() as VCardBody;
      expect(body.vcard).toBe(plain.vcard);
      if ((omitted as readonly string[]).includes('note')) expect(body.qrPayload).not.toContain('NOTE');
    },
  );

  it('leaves properties out in the QR budget order until the tag holds the card, as vCard 4.0 too', async () => {
    const rich = { ...CARD, note: 'x'.repeat(300), nickname: 'Zo', birthday: '1990-01-02' };
    const body = (await post('/v1/vcard?nfc=ntag215&format=vcard4', rich)).json() as VCardBody;
    expectTagCarries(body, 'ntag215');
    expect(body.qrPayload).toContain('VERSION:4.0\r\n');
    expect(body.qr.omitted).toEqual(['photoUrl', 'categories', 'note']);
    // Keeping the note would not have fitted: it alone is over the tag's room.
    expect(body.nfc!.bytes + 300).toBeGreaterThan(CAPACITY.ntag215);
  });

  it('the QR code of a request with nfc carries exactly what the tag carries', async () => {
    const json = (await post('/v1/vcard?nfc=ntag213', SMALL)).json() as VCardBody;
    const png = await post('/v1/vcard?nfc=ntag213', SMALL, { accept: 'image/png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const read = await zbarRead(readPng(png.rawPayload));
    expect(read.toString('utf8')).toBe(json.qrPayload);
    expect(read.toString('utf8')).toBe(readMessage(json.nfc!.message)[0].payload);
  });

  it('Accept: application/octet-stream with nfc is the raw tag content as <slug>.ndef; without nfc, JSON as before', async () => {
    const json = (await post('/v1/vcard?nfc=ntag215', CARD)).json() as VCardBody;
    const res = await post('/v1/vcard?nfc=ntag215', CARD, { accept: 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Zoe-Angstrom.ndef"');
    expect(res.rawPayload.equals(tlv(Buffer.from(json.nfc!.message, 'base64')))).toBe(true);
    expect(res.rawPayload.length).toBe(json.nfc!.bytes);
    // The tag content's length form: 3 bytes once the message is over 254 bytes.
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0x03, 0xff]);
    // JSON still wins a tie, and an Accept with no octet-stream is what it always was.
    const tie = await post('/v1/vcard?nfc=ntag215', CARD, { accept: 'application/octet-stream, application/json' });
    expect(tie.payload).toBe(JSON.stringify(json));
    const refused = await post('/v1/vcard?nfc=ntag215', CARD, { accept: 'image/webp' });
    expect(refused.statusCode).toBe(406);
    expect(refused.json().error.details.available).toContain('application/octet-stream');

    const plain = await post('/v1/vcard', CARD);
    const octets = await post('/v1/vcard', CARD, { accept: 'application/octet-stream' });
    expect(octets.statusCode).toBe(200);
    expect(octets.headers['content-type']).toBe(plain.headers['content-type']);
    expect(octets.payload).toBe(plain.payload);
  });

  it('a card the tag cannot hold is 400 nfc_capacity_exceeded with the figures, never a value', async () => {
    const res = await post('/v1/vcard?nfc=ntag213', CARD);
    expect(res.statusCode).toBe(400);
    contract.expectResponse('POST', '/v1/vcard', 400, res.json());
    const { error } = res.json() as {
      error: { code: string; details: { tag: string; capacity: number; bytes: number } };
    };
    expect(error).toMatchObject({ code: 'nfc_capacity_exceeded', details: { tag: 'ntag213', capacity: 144 } });
    // The smallest card (name, organization, first phone, first email) in its tag content.
    const smallest = (
      await post('/v1/vcard?nfc=ntag216', { ...CARD, title: undefined, note: undefined, categories: undefined })
    ).json() as VCardBody;
    expect(error.details.bytes).toBe(smallest.nfc!.bytes);
    expect(res.payload).not.toMatch(/Zo|ngstr|7946|example\.com/);
  });

  it('with qrVersion too both limits hold; the stricter wins, and fitting neither is qr_budget_exceeded', async () => {
    // The tag is stricter than version 25 (997 bytes at M); version 12 (287 bytes at M) is stricter than the tag.
    const tagStricter = (await post('/v1/vcard?nfc=ntag215&qrVersion=25', CARD)).json() as VCardBody;
    expectTagCarries(tagStricter, 'ntag215');
    expect(tagStricter.qrPayload).toBe(((await post('/v1/vcard?nfc=ntag215', CARD)).json() as VCardBody).qrPayload);
    expect(tagStricter.qr.budget).toEqual({ version: 25, level: 'M', capacity: 997 });
    const qrStricter = (await post('/v1/vcard?nfc=ntag215&qrVersion=12', CARD)).json() as VCardBody;
    expectTagCarries(qrStricter, 'ntag215');
    expect(qrStricter.qrPayload).toBe(((await post('/v1/vcard?qrVersion=12', CARD)).json() as VCardBody).qrPayload);
    expect(qrStricter.qr.bytes).toBeLessThanOrEqual(287);
    expect(qrStricter.qr.omitted!.length).toBeGreaterThan(tagStricter.qr.omitted!.length);

    const tagOnly = await post('/v1/vcard?nfc=ntag213&qrVersion=40', CARD);
    expect(tagOnly.json().error.code).toBe('nfc_capacity_exceeded');
    const neither = await post('/v1/vcard?nfc=ntag213&qrVersion=2&qrLevel=H', CARD);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error).toMatchObject({
      code: 'qr_budget_exceeded',
      details: { qrVersion: 2, qrLevel: 'H', capacity: 14 },
    });
  });

  it.each([
    ['nfc=ntag214', 'invalid_value'],
    ['nfc=NTAG213', 'invalid_value'],
    ['nfc=', 'invalid_value'],
    ['nfc=ntag213&nfc=ntag215', 'invalid_value'],
    ['nfc=ntag216&format=mecard', 'invalid_value'],
  ])('?%s is 400 invalid_query naming nfc, on every route that creates a card', async (query) => {
    for (const url of [`/v1/vcard?${query}`, `/api/v1/jobs/vcard?${query}`, `/v1/batches?${query}`]) {
      const res = await post(url, url.includes('batches') ? { contacts: [CARD] } : CARD);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().error).toMatchObject({ code: 'invalid_query', details: { parameter: 'nfc' } });
    }
    const mecard = await post('/v1/vcard?nfc=ntag216&format=mecard', CARD);
    expect(mecard.json().error.hint).toMatch(/vcard3 or format=vcard4/);
  });

  it('jobs keep and give back the nfc block; nfc takes part in the Idempotency-Key fingerprint', async () => {
    const direct = (await post('/v1/vcard?nfc=ntag215', CARD)).json() as VCardBody;
    const key = { 'idempotency-key': 'nfc-job-1' };
    const created = await post('/v1/jobs/vcard?nfc=ntag215', CARD, key);
    expect(created.statusCode).toBe(202);
    contract.expectResponse('POST', '/v1/jobs/vcard', 202, created.json());
    const job = created.json() as { id: string; result: VCardBody };
    expect(job.result).toEqual(direct);
    const read = await app.inject({ method: 'GET', url: `/v1/jobs/${job.id}` });
    expect((read.json() as { result: VCardBody }).result).toEqual(direct);
    const replay = await post('/v1/jobs/vcard?nfc=ntag215', CARD, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await post('/v1/jobs/vcard?nfc=ntag216', CARD, key)).statusCode).toBe(409);
    expect((await post('/v1/jobs/vcard', CARD, key)).statusCode).toBe(409);
    const tooBig = await post('/v1/jobs/vcard?nfc=ntag213', CARD);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.code).toBe('nfc_capacity_exceeded');
  });

  it('batches fit each contact to the tag: one that cannot fit is a failed item, the others answer as POST /v1/vcard', async () => {
    const res = await post('/v1/batches?nfc=ntag213', { contacts: [SMALL, CARD] }, { 'idempotency-key': 'nfc-b-1' });
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: string };
    await finishedBatch(id);
    const batch = (await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as {
      progress: Record<string, number>;
    };
    expect(batch.progress).toMatchObject({ succeeded: 1, failed: 1 });
    const items = await app.inject({ method: 'GET', url: `/v1/batches/${id}/items` });
    contract.expectResponse('GET', '/v1/batches/{batchId}/items', 200, items.json());
    const [small, card] = (items.json() as { data: Array<{ status: string; result?: VCardBody; error?: unknown }> })
      .data;
    expect(small.result).toEqual((await post('/v1/vcard?nfc=ntag213', SMALL)).json());
    expectTagCarries(small.result!, 'ntag213');
    expect(card).toMatchObject({
      status: 'failed',
      error: {
        code: 'nfc_capacity_exceeded',
        details: (await post('/v1/vcard?nfc=ntag213', CARD)).json().error.details,
      },
    });
    // The .vcf holds the whole card of each successful contact.
    const vcf = await app.inject({ method: 'GET', url: `/v1/batches/${id}/cards.vcf` });
    expect(vcf.payload).toBe(((await post('/v1/vcard', SMALL)).json() as VCardBody).vcard);

    const again = await post('/v1/batches?nfc=ntag213', { contacts: [SMALL, CARD] }, { 'idempotency-key': 'nfc-b-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const otherTag = await post(
      '/v1/batches?nfc=ntag215',
      { contacts: [SMALL, CARD] },
      { 'idempotency-key': 'nfc-b-1' },
    );
    expect(otherTag.statusCode).toBe(409);
  });

  it('MCP create_vcard_payload takes nfc and answers as POST /v1/vcard?nfc=', async () => {
    const client = new Client({ name: 'nfc-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
    try {
      const tools = await client.listTools();
      const create = tools.tools.find((tool) => tool.name === 'create_vcard_payload')!;
      expect((create.inputSchema.properties as Record<string, { enum?: string[] }>).nfc.enum).toEqual([
        'ntag213',
        'ntag215',
        'ntag216',
      ]);
      const result = (await client.callTool({
        name: 'create_vcard_payload',
        arguments: { ...CARD, nfc: 'ntag215', format: 'vcard4' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual((await post('/v1/vcard?nfc=ntag215&format=vcard4', CARD)).json());
      const refused = (await client.callTool({
        name: 'create_vcard_payload',
        arguments: { ...CARD, nfc: 'ntag216', format: 'mecard' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      const { error } = JSON.parse((refused.content[0] as { text: string }).text) as { error: object };
      expect(error).toMatchObject({ code: 'invalid_query', details: { parameter: 'nfc' } });
      const tooBig = (await client.callTool({
        name: 'create_vcard_payload',
        arguments: { ...CARD, nfc: 'ntag213' },
      })) as CallToolResult;
      expect(JSON.parse((tooBig.content[0] as { text: string }).text).error.code).toBe('nfc_capacity_exceeded');
    } finally {
      await client.close();
    }
  });
});
