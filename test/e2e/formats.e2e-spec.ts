import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenApiContract } from '../utils/openapi-contract';
import { buildTestApp } from '../utils/test-app';

// ?format= and the QR budget (docs/encoding.md#formats and docs/contact.md#qr-budget) on every surface that
// creates a card. The
// encoders' output is checked by independent readers in lib/vcard (formats.oracle.spec,
// qr-budget.property.spec, qr-round-trip.spec); here, that each surface takes the parameters,
// refuses bad ones by name, and answers alike.

const JSON_HEADERS = { 'content-type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const CARD = {
  fullName: 'Ada Lovelace',
  organization: 'Analytical Engines',
  department: 'Research',
  title: 'Principal Engineer',
  phone: '+44 20 7946 0958',
  phones: [{ number: '+44 7700 900123', type: 'cell' }],
  email: 'ada@example.com',
  note: 'Met at the QR conference; talks about error correction, at length. '.repeat(4),
  socialProfiles: [{ service: 'github', url: 'https://github.com/ada' }],
};

interface VCardBody {
  vcard: string;
  qrPayload: string;
  format?: string;
  qr: { bytes: number; omitted?: string[]; budget?: { version: number; level: string; capacity: number } };
}

describe('formats and QR budgets', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = JSON_HEADERS) =>
    app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });

  it('format=vcard4: a 4.0 card in qrPayload and vcard; format=mecard: MECARD in qrPayload, vCard 3.0 in vcard', async () => {
    const v4 = await post('/v1/vcard?format=vcard4', CARD);
    expect(v4.statusCode).toBe(200);
    contract.expectResponse('POST', '/v1/vcard', 200, v4.json());
    const v4Body = v4.json() as VCardBody;
    expect(v4Body.format).toBe('vcard4');
    expect(v4Body.qrPayload).toContain('VERSION:4.0\r\n');
    expect(v4Body.qrPayload).toContain('TEL;TYPE=cell,voice:+44 7700 900123\r\n');
    expect(v4Body.qrPayload).toContain('SOCIALPROFILE;SERVICE-TYPE=github:https://github.com/ada\r\n');

    const mecard = (await post('/v1/vcard?format=mecard', CARD)).json() as VCardBody;
    expect(mecard.format).toBe('mecard');
    expect(
      mecard.qrPayload.startsWith(
        'MECARD:N:Lovelace,Ada;TEL:+44 20 7946 0958;TEL:+44 7700 900123;EMAIL:ada@example.com;',
      ),
    ).toBe(true);
    expect(mecard.qr.omitted).toEqual(['department', 'title', 'socialProfiles']);
    const v3 = (await post('/v1/vcard', CARD)).json() as VCardBody;
    expect(mecard.vcard).toBe(v3.vcard);
    expect(mecard.qr.bytes).toBeLessThan(v3.qr.bytes);
    // format=vcard3 says so, and is otherwise the default card.
    const explicit = (await post('/v1/vcard?format=vcard3', CARD)).json() as VCardBody;
    expect(explicit).toEqual(v3);
  });

  it('a flat request with format gets format and qr.omitted; without, it gets neither', async () => {
    const flat = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0958' };
    const plain = (await post('/v1/vcard', flat)).json() as VCardBody;
    expect(Object.keys(plain)).not.toContain('format');
    const withFormat = (await post('/v1/vcard?format=vcard3', flat)).json() as VCardBody;
    expect(withFormat.format).toBe('vcard3');
    expect(withFormat.qr.omitted).toEqual([]);
    expect(withFormat.qrPayload).toBe(plain.qrPayload);
    // qrLevel alone (the level of QR images) is no new parameter: the answer is today's.
    expect((await post('/v1/vcard?qrLevel=H', flat)).payload).toBe(JSON.stringify(plain));
  });

  it('the .vcf: Accept text/vcard;version=4.0, or format=vcard4, gives 4.0; format=mecard gives the 3.0 file', async () => {
    const byAccept = await post('/v1/vcard', CARD, { ...JSON_HEADERS, accept: 'text/vcard;version=4.0' });
    expect(byAccept.statusCode).toBe(200);
    expect(byAccept.payload).toContain('VERSION:4.0\r\n');
    const byFormat = await post('/v1/vcard?format=vcard4', CARD, { ...JSON_HEADERS, accept: 'text/vcard' });
    expect(byFormat.payload).toBe(byAccept.payload);
    const mecard = await post('/v1/vcard?format=mecard', CARD, { ...JSON_HEADERS, accept: 'text/vcard;version=4.0' });
    expect(mecard.payload).toContain('VERSION:3.0\r\n');
    const plain = await post('/v1/vcard', CARD, { ...JSON_HEADERS, accept: 'text/vcard' });
    expect(plain.payload).toContain('VERSION:3.0\r\n');
  });

  it('a budget leaves properties out of qrPayload only, in the documented order, and reports it', async () => {
    const res = await post('/v1/vcard?qrVersion=9&qrLevel=M', CARD);
    expect(res.statusCode).toBe(200);
    contract.expectResponse('POST', '/v1/vcard', 200, res.json());
    const body = res.json() as VCardBody;
    expect(body.qr.budget).toEqual({ version: 9, level: 'M', capacity: 180 });
    expect(body.qr.bytes).toBeLessThanOrEqual(180);
    expect(body.qr.omitted).toEqual(['socialProfiles[0]', 'note', 'phones[0]', 'title', 'department']);
    expect(body.vcard).toBe(((await post('/v1/vcard', CARD)).json() as VCardBody).vcard);
    // The default level is M.
    expect((await post('/v1/vcard?qrVersion=9', CARD)).payload).toBe(res.payload);
  });

  it('qr_budget_exceeded names the figures, never a value', async () => {
    const res = await post('/v1/vcard?qrVersion=2&qrLevel=H', CARD);
    expect(res.statusCode).toBe(400);
    contract.expectResponse('POST', '/v1/vcard', 400, res.json());
    expect(res.json().error).toMatchObject({
      code: 'qr_budget_exceeded',
      details: { qrVersion: 2, qrLevel: 'H', capacity: 14 },
    });
    expect(res.json().error.details.bytes).toBeGreaterThan(14);
    expect(res.payload).not.toContain('Lovelace');
  });

  it.each([
    ['format=vCard4', 'format'],
    ['format=', 'format'],
    ['format=vcard3&format=vcard4', 'format'],
    ['format=json', 'format'],
    ['qrVersion=0', 'qrVersion'],
    ['qrVersion=41', 'qrVersion'],
    ['qrVersion=ten', 'qrVersion'],
    ['qrVersion=5&qrVersion=6', 'qrVersion'],
    ['qrVersion=5&qrLevel=m', 'qrLevel'],
  ])('?%s is 400 invalid_query naming %s, on every route that creates a card', async (query, parameter) => {
    for (const url of [`/v1/vcard?${query}`, `/api/v1/jobs/vcard?${query}`, `/v1/batches?${query}`]) {
      const res = await post(url, url.includes('batches') ? { contacts: [CARD] } : CARD);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().error).toMatchObject({ code: 'invalid_query', details: { parameter } });
    }
  });

  it('jobs: the format and budget are kept with the job, and take part in the Idempotency-Key fingerprint', async () => {
    const direct = (await post('/v1/vcard?format=mecard&qrVersion=7', CARD)).json() as VCardBody;
    const created = await post('/v1/jobs/vcard?format=mecard&qrVersion=7', CARD, {
      ...JSON_HEADERS,
      'idempotency-key': 'fmt-1',
    });
    expect(created.statusCode).toBe(202);
    const job = created.json() as { id: string; result: VCardBody };
    expect(job.result).toEqual(direct);
    expect(
      ((await app.inject({ method: 'GET', url: `/v1/jobs/${job.id}` })).json() as { result: VCardBody }).result,
    ).toEqual(direct);
    const replay = await post('/v1/jobs/vcard?format=mecard&qrVersion=7', CARD, {
      ...JSON_HEADERS,
      'idempotency-key': 'fmt-1',
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const otherFormat = await post('/v1/jobs/vcard?format=vcard4&qrVersion=7', CARD, {
      ...JSON_HEADERS,
      'idempotency-key': 'fmt-1',
    });
    expect(otherFormat.statusCode).toBe(409);
    const otherBudget = await post('/v1/jobs/vcard?format=mecard', CARD, {
      ...JSON_HEADERS,
      'idempotency-key': 'fmt-1',
    });
    expect(otherBudget.statusCode).toBe(409);
  });

  it('batches: every contact gets the format and budget, and the .vcf and codes.zip names stay vCard-based', async () => {
    const res = await post('/v1/batches?format=mecard&qrVersion=7&qrLevel=L', {
      contacts: [CARD, { fullName: 'Grace Hopper', email: 'grace@example.com' }],
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: string };
    for (let i = 0; i < 200; i++) {
      if (
        ((await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as { status: string }).status ===
        'succeeded'
      )
        break;
      await sleep(20);
    }
    const items = (
      (await app.inject({ method: 'GET', url: `/v1/batches/${id}/items` })).json() as {
        data: Array<{ result: VCardBody }>;
      }
    ).data;
    expect(items[0].result).toEqual((await post('/v1/vcard?format=mecard&qrVersion=7&qrLevel=L', CARD)).json());
    expect(items[1].result.qrPayload).toBe('MECARD:N:Hopper,Grace;EMAIL:grace@example.com;;');
    const vcf = await app.inject({ method: 'GET', url: `/v1/batches/${id}/cards.vcf` });
    expect(vcf.payload.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(vcf.payload).not.toContain('MECARD');
  });
  it('qrLevel alone sets the level the fit report speaks of, on the card, its job and its batch items', async () => {
    // A flat card of about 200 bytes: fine at level M, too dense to print small at level H.
    const flat = {
      fullName: 'Ada Lovelace',
      organization: 'Analytical Engines',
      email: 'ada@example.com',
      note: 'n'.repeat(60),
    };
    const atM = (await post('/v1/vcard', flat)).json() as VCardBody & { qr: { warnings: string[] } };
    expect(atM.qr.warnings).toEqual([]);
    const atH = await post('/v1/vcard?qrLevel=H', flat);
    expect(atH.statusCode).toBe(200);
    const warnings = (atH.json() as { qr: { warnings: string[] } }).qr.warnings;
    expect(warnings).toEqual([
      'Too dense to print small at error correction level H: print the QR code at least 3 cm wide, or show it on a screen.',
    ]);
    // Nothing else about the answer changes: the flat card keeps its shape.
    expect({ ...(atH.json() as object), qr: { ...atM.qr, warnings } }).toEqual({ ...atM, qr: { ...atM.qr, warnings } });
    expect((atH.json() as VCardBody).format).toBeUndefined();

    const job = await post('/v1/jobs/vcard?qrLevel=H', flat);
    expect(job.statusCode).toBe(202);
    const polled = await app.inject({ method: 'GET', url: new URL(job.headers.location as string).pathname });
    expect((polled.json() as { result: { qr: { warnings: string[] } } }).result.qr.warnings).toEqual(warnings);

    const batch = await post('/v1/batches?qrLevel=H', { contacts: [flat] });
    const id = (batch.json() as { id: string }).id;
    for (let i = 0; i < 100; i++) {
      const state = (await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as { status: string };
      if (state.status === 'succeeded') break;
      await sleep(20);
    }
    const items = (await app.inject({ method: 'GET', url: `/v1/batches/${id}/items` })).json() as {
      data: Array<{ result: { qr: { warnings: string[] } } }>;
    };
    expect(items.data[0].result.qr.warnings).toEqual(warnings);
  });
});
