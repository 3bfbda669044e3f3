import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenApiContract } from '../utils/openapi-contract';
import { buildTestApp } from '../utils/test-app';

// Rich contacts (docs/contact.md#fields) on every surface that takes a contact: POST /v1/vcard (and
// its /api alias), jobs, templates, batches in JSON and in CSV with typed columns. The encoder's
// output is checked property by property in lib/contact/rich-vcard.oracle.spec.ts; here, that every
// surface gives the same card and the same errors.

const JSON_HEADERS = { 'content-type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The issue's business card: a work number and a mobile, two emails, a structured address, LinkedIn, a structured
 * name.
 */
const RICH_CARD = {
  fullName: 'Dr. Zoë Ångström-Li',
  name: { family: 'Ångström-Li', given: 'Zoë', prefix: 'Dr.' },
  organization: 'Analytical Engines Ltd',
  department: 'Research',
  title: 'Principal Engineer',
  phones: [
    { number: '+44 20 7946 0958', type: 'work' },
    { number: '+44 7700 900123', type: 'cell', pref: true },
  ],
  emails: [
    { address: 'zoe@example.com', type: 'work' },
    { address: 'zoe@home.example', type: 'home' },
  ],
  addresses: [
    {
      street: "12 St James's Square",
      locality: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'United Kingdom',
      type: 'work',
    },
  ],
  socialProfiles: [{ service: 'linkedin', url: 'https://www.linkedin.com/in/zoe' }],
  photoUrl: 'https://example.com/zoe.jpg',
};

interface VCardBody {
  vcard: string;
  qrPayload: string;
  format?: string;
  qr: { bytes: number; omitted?: string[] };
}

describe('rich contacts on every surface', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = JSON_HEADERS) =>
    app.inject({
      method: 'POST',
      url,
      headers,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('POST /v1/vcard: the card of docs/contact.md#fields, photo in vcard only, format and qr.omitted reported', async () => {
    const res = await post('/v1/vcard', RICH_CARD);
    expect(res.statusCode).toBe(200);
    const body = res.json() as VCardBody;
    contract.expectResponse('POST', '/v1/vcard', 200, body);
    expect(body.qrPayload.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Ångström-Li;Zoë;;Dr.;',
      'FN:Dr. Zoë Ångström-Li',
      'ORG:Analytical Engines Ltd;Research',
      'TITLE:Principal Engineer',
      'TEL;TYPE=WORK,VOICE:+44 20 7946 0958',
      'TEL;TYPE=CELL,VOICE,PREF:+44 7700 900123',
      'EMAIL;TYPE=WORK,INTERNET:zoe@example.com',
      'EMAIL;TYPE=HOME,INTERNET:zoe@home.example',
      "ADR;TYPE=WORK:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom",
      'X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/zoe',
      'END:VCARD',
      '',
    ]);
    expect(body.vcard.replaceAll('\r\n ', '')).toBe(
      body.qrPayload.replace('END:VCARD', 'PHOTO;VALUE=uri:https://example.com/zoe.jpg\r\nEND:VCARD'),
    );
    expect(body.format).toBe('vcard3');
    expect(body.qr.omitted).toEqual(['photoUrl']);
    const alias = await post('/api/v1/vcard', RICH_CARD);
    expect(alias.payload).toBe(res.payload);
  });

  it('the flat shorthands are the first entry of their lists; a flat request has no format or omitted', async () => {
    const res = await post('/v1/vcard', {
      fullName: 'Ada',
      phone: '+1 555 0100',
      phones: [{ number: '+1 555 0199', type: 'cell' }],
      nickname: 'A',
    });
    const body = res.json() as VCardBody;
    expect(body.qrPayload).toContain('TEL;TYPE=WORK,VOICE:+1 555 0100\r\nTEL;TYPE=CELL,VOICE:+1 555 0199\r\n');
    expect(body.qr.omitted).toEqual([]);
    const flat = (await post('/v1/vcard', { fullName: 'Ada', phone: '+1 555 0100' })).json() as VCardBody;
    expect(Object.keys(flat)).not.toContain('format');
    expect(Object.keys(flat.qr)).not.toContain('omitted');
  });

  it('the .vcf download (Accept: text/vcard) is the whole card, photo included', async () => {
    const res = await post('/v1/vcard', RICH_CARD, { ...JSON_HEADERS, accept: 'text/vcard' });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('PHOTO;VALUE=uri:https://example.com/zoe.jpg\r\n');
    expect(res.payload).toBe(((await post('/v1/vcard', RICH_CARD)).json() as VCardBody).vcard);
  });

  it('errors name the exact path, list unknown keys inside objects, and never echo the value', async () => {
    const res = await post('/v1/vcard', {
      fullName: 'Ada',
      phones: [{ number: '+1 555 0100' }, { number: 'CALL-ME-MAYBE', tpye: 'cell' }],
      birthday: '1990-02-30',
    });
    expect(res.statusCode).toBe(400);
    contract.expectResponse('POST', '/v1/vcard', 400, res.json());
    expect(res.json().error.details).toEqual({
      fields: [
        { field: 'phones[1].tpye', issue: 'unknown', message: 'phones[1].tpye is not a known field' },
        { field: 'phones[1].number', issue: 'format', message: expect.stringContaining('phones[1].number must hold') },
        { field: 'birthday', issue: 'invalid_value', message: 'birthday must be a real date from 1800 to this year' },
      ],
      fieldCount: 3,
    });
    expect(res.payload).not.toContain('CALL-ME-MAYBE');
  });

  it('jobs take the same contact and give back the same card when read again (photo and omitted kept)', async () => {
    const direct = (await post('/v1/vcard', RICH_CARD)).json() as VCardBody;
    const created = await post('/v1/jobs/vcard', RICH_CARD, { ...JSON_HEADERS, 'idempotency-key': 'rich-1' });
    expect(created.statusCode).toBe(202);
    const job = created.json() as { id: string; result: VCardBody };
    expect(job.result).toEqual(direct);
    const read = await app.inject({ method: 'GET', url: `/v1/jobs/${job.id}` });
    expect((read.json() as { result: VCardBody }).result).toEqual(direct);
    // The same key with another phone list is another request.
    const other = await post(
      '/v1/jobs/vcard',
      { ...RICH_CARD, phones: RICH_CARD.phones.slice(0, 1) },
      { ...JSON_HEADERS, 'idempotency-key': 'rich-1' },
    );
    expect(other.statusCode).toBe(409);
  });

  it('templates: a required phone or email is met by the lists, and still named when missing', async () => {
    const met = await post('/v1/vcard?template=business-card', {
      fullName: 'Ada',
      organization: 'AE',
      phones: [{ number: '+1 555 0100', type: 'cell' }],
      emails: [{ address: 'a@b.org' }],
    });
    expect(met.statusCode).toBe(200);
    const unmet = await post('/v1/vcard?template=business-card', {
      fullName: 'Ada',
      organization: 'AE',
      phones: [{ type: 'cell' }],
    });
    expect(unmet.statusCode).toBe(400);
    expect(unmet.json().error.details.missingFields).toEqual(['phone', 'email']);
  });

  it('GET /v1/errors/example is still the error of an empty body', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/errors/example' });
    expect(res.json().error.details).toEqual({
      fields: [{ field: 'fullName', issue: 'required', message: 'fullName is required' }],
      fieldCount: 1,
    });
  });

  describe('batches', () => {
    async function items(
      payload: string,
      headers: Record<string, string>,
    ): Promise<Array<{ status: string; result?: VCardBody; error?: unknown }>> {
      const res = await post('/v1/batches', payload, headers);
      expect(res.statusCode).toBe(202);
      const { id } = res.json() as { id: string };
      for (let i = 0; i < 200; i++) {
        const batch = (await app.inject({ method: 'GET', url: `/v1/batches/${id}` })).json() as { status: string };
        if (batch.status === 'succeeded') break;
        await sleep(20);
      }
      return ((await app.inject({ method: 'GET', url: `/v1/batches/${id}/items?limit=100` })).json() as { data: [] })
        .data;
    }

    const CSV = [
      'fullName,Name.Family,name.given,phone,Phone.Cell,phone.home,email,email.home,address.street,address.locality,address.postalCode,ADDRESS.HOME.locality,address.home.country,social.linkedin,social.github,categories,birthday,department,photoUrl',
      `"Dr. Zoë Ångström-Li",Ångström-Li,Zoë,+44 20 7946 0958,+44 7700 900123,,zoe@example.com,zoe@home.example,"12 St James's Square",London,SW1Y 4JH,Cambridge,United Kingdom,https://www.linkedin.com/in/zoe,,speaker|r&d,1990-02-28,Research,https://example.com/zoe.jpg`,
      'Ada Lovelace,,,,,+44 20 0000 0000,,,,,,,,,https://github.com/ada,,,,',
      'Broken,,,,call me,,,,,,,,,,,,1990-13-01,,',
    ].join('\r\n');
    const SAME_AS_JSON = [
      {
        fullName: 'Dr. Zoë Ångström-Li',
        name: { family: 'Ångström-Li', given: 'Zoë' },
        phone: '+44 20 7946 0958',
        phones: [{ type: 'cell', number: '+44 7700 900123' }],
        email: 'zoe@example.com',
        emails: [{ type: 'home', address: 'zoe@home.example' }],
        addresses: [
          { type: 'work', street: "12 St James's Square", locality: 'London', postalCode: 'SW1Y 4JH' },
          { type: 'home', locality: 'Cambridge', country: 'United Kingdom' },
        ],
        socialProfiles: [{ service: 'linkedin', url: 'https://www.linkedin.com/in/zoe' }],
        categories: ['speaker', 'r&d'],
        birthday: '1990-02-28',
        department: 'Research',
        photoUrl: 'https://example.com/zoe.jpg',
      },
      {
        fullName: 'Ada Lovelace',
        phones: [{ type: 'home', number: '+44 20 0000 0000' }],
        socialProfiles: [{ service: 'github', url: 'https://github.com/ada' }],
      },
      { fullName: 'Broken', phones: [{ type: 'cell', number: 'call me' }], birthday: '1990-13-01' },
    ];

    it('a CSV batch with typed columns gives the same cards and errors as the JSON batch of the same contacts', async () => {
      const fromCsv = await items(CSV, { 'content-type': 'text/csv' });
      const fromJson = await items(JSON.stringify({ contacts: SAME_AS_JSON }), JSON_HEADERS);
      expect(fromCsv.map((item) => item.status)).toEqual(['succeeded', 'succeeded', 'failed']);
      expect(fromCsv).toEqual(fromJson);
      const first = fromCsv[0].result!;
      expect(first.qrPayload).toContain('ADR;TYPE=HOME:;;;Cambridge;;;United Kingdom\r\n');
      expect(first.vcard).toContain('PHOTO;VALUE=uri:https://example.com/zoe.jpg');
      expect(first.qr.omitted).toEqual(['photoUrl']);
      // The failed row names the JSON paths its cells map to, never a cell's value.
      expect(JSON.stringify(fromCsv[2].error)).toContain('phones[0].number');
      expect(JSON.stringify(fromCsv[2].error)).not.toContain('call me');
    });

    it.each([
      ['a type a list does not have', 'fullName,email.cell\r\nAda,a@b.org\r\n', 'email.cell'],
      ['an unknown address component', 'fullName,address.home.city\r\nAda,Paris\r\n', 'address.home.city'],
      ['an unknown name part', 'fullName,name.middle\r\nAda,B\r\n', 'name.middle'],
      ['a social service outside its pattern', 'fullName,social.My Net\r\nAda,https://x.org\r\n', 'social.My Net'],
    ])('an unknown column: %s', async (_case, csv, column) => {
      const res = await post('/v1/batches', csv, { 'content-type': 'text/csv' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_csv', details: { column } });
    });

    it.each([
      ['phone.cell', 'Phone.CELL'],
      ['address.street', 'address.work.street'],
      ['social.linkedin', 'SOCIAL.LinkedIn'],
    ])('a repeated column (%s and %s) is named', async (first, second) => {
      const res = await post('/v1/batches', `fullName,${first},${second}\r\nAda,x,y\r\n`, {
        'content-type': 'text/csv',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_csv',
        message: `The CSV column "${second}" appears twice.`,
      });
    });
  });
});
