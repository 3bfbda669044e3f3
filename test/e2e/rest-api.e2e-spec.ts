import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenApiContract } from '../utils/openapi-contract';
import { buildTestApp } from '../utils/test-app';

const PREFIXES = ['', '/api'];
const JSON_HEADERS = { 'content-type': 'application/json' };
const ADA = {
  fullName: 'Ada Lovelace',
  organization: 'Analytical Engines; Ltd',
  title: 'Engineer',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
  website: 'example.com/ada',
  address: '12 St James Square\nLondon',
  note: 'Met at the QR conference',
};

describe('REST endpoints under /v1 and /api/v1', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  describe.each(PREFIXES)('prefix "%s"', (prefix) => {
    it('GET /v1/product returns the product context with integration URLs', async () => {
      const res = await app.inject({ method: 'GET', url: `${prefix}/v1/product` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      contract.expectResponse('GET', '/v1/product', 200, body);
      expect(body.name).toBe('vcard-payload-service');
      expect(body.privacy.storesContacts).toBe(false);
      expect(body.integrations).toMatchObject({
        openapi: 'http://localhost:3000/openapi.json',
        docs: 'http://localhost:3000/docs',
        mcp: 'http://localhost:3000/mcp',
      });
    });

    it('POST /v1/vcard returns the vCard, QR payload and capacity info', async () => {
      const res = await app.inject({ method: 'POST', url: `${prefix}/v1/vcard`, headers: JSON_HEADERS, payload: ADA });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      contract.expectResponse('POST', '/v1/vcard', 200, body);
      expect(body.qrPayload).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\n/);
      expect(body.qrPayload).toContain('ORG:Analytical Engines\\; Ltd\r\n');
      expect(body.qrPayload).toContain('URL:https://example.com/ada\r\n');
      expect(body.qrPayload).toContain('ADR;TYPE=WORK:;;12 St James Square\\nLondon;;;;\r\n');
      expect(body.qr.bytes).toBe(Buffer.byteLength(body.qrPayload, 'utf8'));
      expect(body.generatorUrl).toBe('http://localhost:3000/');
      expect(body.privacyNote).toMatch(/not stored or logged/);
    });

    it('POST /v1/vcard is deterministic and echoes a valid Idempotency-Key', async () => {
      const send = () =>
        app.inject({
          method: 'POST',
          url: `${prefix}/v1/vcard`,
          headers: { ...JSON_HEADERS, 'idempotency-key': 'retry-123' },
          payload: ADA,
        });
      const [a, b] = [await send(), await send()];
      expect(a.headers['idempotency-key']).toBe('retry-123');
      expect(a.body).toBe(b.body);
    });

    it('GET /v1/templates/{id} returns one template', async () => {
      const res = await app.inject({ method: 'GET', url: `${prefix}/v1/templates/business-card` });
      expect(res.statusCode).toBe(200);
      contract.expectResponse('GET', '/v1/templates/{id}', 200, res.json());
      expect(res.json().requiredFields).toContain('fullName');
    });

    it('GET /v1/errors/example answers exactly like POST /v1/vcard with {}', async () => {
      const example = await app.inject({ method: 'GET', url: `${prefix}/v1/errors/example` });
      const real = await app.inject({ method: 'POST', url: `${prefix}/v1/vcard`, headers: JSON_HEADERS, payload: {} });
      expect(example.statusCode).toBe(400);
      expect(example.json()).toEqual(real.json());
      contract.expectResponse('GET', '/v1/errors/example', 400, example.json());
      expect(example.json().error.details.fields).toEqual([
        { field: 'fullName', issue: 'required', message: 'fullName is required' },
      ]);
    });
  });

  it('Accept: text/vcard returns the .vcf file with a download name', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: { ...JSON_HEADERS, accept: 'text/vcard' },
      payload: { fullName: 'José Ñandú' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    // One file name rule for every download of a contact: the same stem as its QR image's.
    expect(res.headers['content-disposition']).toBe('attachment; filename="Jose-Nandu.vcf"');
    const image = await app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: { ...JSON_HEADERS, accept: 'image/png' },
      payload: { fullName: 'José Ñandú' },
    });
    expect(image.headers['content-disposition']).toBe('inline; filename="Jose-Nandu.png"');
    const json = await app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers: JSON_HEADERS,
      payload: { fullName: 'José Ñandú' },
    });
    expect(res.body).toBe(json.json().vcard);
  });

  it('prefers JSON when Accept ranks it higher or is a browser default', async () => {
    for (const accept of ['application/json, text/vcard;q=0.5', '*/*', 'text/html,*/*;q=0.8']) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/vcard',
        headers: { ...JSON_HEADERS, accept },
        payload: ADA,
      });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  describe('templates pagination', () => {
    it('walks the whole catalogue with the default limit, each template exactly once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string =
          cursor === null ? '/v1/templates' : `/api/v1/templates?cursor=${encodeURIComponent(cursor)}`;
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        contract.expectResponse('GET', '/v1/templates', 200, body);
        expect(body.pagination.limit).toBe(2);
        expect(body.pagination.cursor).toBe(cursor ?? '');
        expect(body.data.length).toBeLessThanOrEqual(2);
        expect(body.pagination.has_more).toBe(body.pagination.next_cursor !== null);
        seen.push(...body.data.map((t: { id: string }) => t.id));
        cursor = body.pagination.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 50);
      expect(cursor).toBeNull();
      expect(seen.length).toBeGreaterThanOrEqual(8);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of seen) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    });

    it('honours limit 1 to 25 and reports has_more false on the last page', async () => {
      const all = (await app.inject({ method: 'GET', url: '/v1/templates?limit=25' })).json();
      expect(all.pagination).toEqual({ limit: 25, cursor: '', next_cursor: null, has_more: false });
      const one = (await app.inject({ method: 'GET', url: '/v1/templates?limit=1' })).json();
      expect(one.data).toEqual([all.data[0]]);
      expect(one.pagination.has_more).toBe(true);
    });

    it.each(['0', '26', '2.5', 'x', '-1', '', '1e1'])('rejects limit=%s with invalid_query', async (limit) => {
      const res = await app.inject({ method: 'GET', url: `/v1/templates?limit=${limit}` });
      expect(res.statusCode).toBe(400);
      contract.expectResponse('GET', '/v1/templates', 400, res.json());
      expect(res.json().error).toMatchObject({ code: 'invalid_query', status: 400, details: { parameter: 'limit' } });
    });

    it('rejects a tampered cursor with invalid_cursor', async () => {
      const first = (await app.inject({ method: 'GET', url: '/v1/templates' })).json();
      const cursor: string = first.pagination.next_cursor;
      const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
      const tampered = [
        Buffer.from(decoded.replace('minimal', 'restaurant'), 'utf8').toString('base64url'),
        `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`,
        'not-a-cursor',
        '%%%',
      ];
      for (const bad of tampered) {
        const res = await app.inject({ method: 'GET', url: `/v1/templates?cursor=${encodeURIComponent(bad)}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('invalid_cursor');
      }
    });
  });
});
