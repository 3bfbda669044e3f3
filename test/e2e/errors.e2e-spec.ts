import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect } from 'node:net';
import { VCardService } from '../../src/modules/vcard/vcard.service';
import { OpenApiContract } from '../utils/openapi-contract';
import { listenTestApp } from '../utils/test-app';

const JSON_HEADERS = { 'content-type': 'application/json' };

function expectErrorShape(body: { error: unknown }, code: string, status: number): void {
  expect(body.error).toEqual(
    expect.objectContaining({
      code,
      status,
      message: expect.any(String),
      hint: expect.any(String),
      docsUrl: `http://localhost:3000/docs/errors#${code}`,
    }),
  );
}

/** Sends bytes on a raw socket: for requests no HTTP client library will produce. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('every error code reachable over HTTP has the Error shape', () => {
  let app: NestFastifyApplication;
  let port: number;
  let contract: OpenApiContract;
  beforeAll(async () => {
    const started = await listenTestApp({ BODY_LIMIT_BYTES: '4096' });
    app = started.app;
    port = Number(new URL(started.baseUrl).port);
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  const post = (payload: string, headers: Record<string, string> = JSON_HEADERS, url = '/v1/vcard') =>
    app.inject({ method: 'POST', url, headers, payload });

  it('invalid_request: fullName missing', async () => {
    const res = await post('{}');
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_request', 400);
    contract.expectResponse('POST', '/v1/vcard', 400, res.json());
  });

  it.each(['{"fullName":', '{bad json}'])('invalid_json: %s', async (payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_json', 400);
  });

  it.each([
    ['{"fullName":"A","__proto__":"x"}', '__proto__'],
    ['{"__proto__":{"polluted":1},"fullName":"A"}', '__proto__'],
    ['{"fullName":"A","constructor":{"prototype":{"polluted":1}}}', 'constructor'],
    ['{"fullName":"A","name":{"given":"A","__proto__":{"polluted":1}}}', 'name.__proto__'],
  ])(
    'a prototype key is valid JSON with a forbidden key: invalid_request, marked unknown at its path (%s)',
    async (payload, field) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json(), 'invalid_request', 400);
      const { fields } = (res.json() as { error: { details: { fields: Array<{ field: string; issue: string }> } } })
        .error.details;
      expect(fields).toEqual([{ field, issue: 'unknown', message: `${field} is not a known field` }]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('invalid_json: an empty body declared as JSON', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_json', 400);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not visible ASCII', 'key with spaces'],
    ['non-ASCII', 'clé'],
  ])('invalid_idempotency_key: %s', async (_name, key) => {
    const res = await post('{"fullName":"A"}', {
      ...JSON_HEADERS,
      'idempotency-key': Buffer.from(key, 'utf8').toString('latin1'),
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_idempotency_key', 400);
  });

  // Precedence: invalid JSON (body parsing), then the Idempotency-Key, then the body. A `{}` body
  // fails in class-validator (asynchronously); `[]` and `"x"` fail before it, at once.
  it.each([
    ['/v1/vcard', '{}'],
    ['/v1/vcard', '[]'],
    ['/v1/vcard', '"x"'],
    ['/api/v1/jobs/vcard', '{}'],
    ['/api/v1/jobs/vcard', '{"fullName":"A","nope":1}'],
    ['/v1/jobs/vcard', '[]'],
  ])('an invalid Idempotency-Key wins over an invalid body: POST %s %s', async (url, payload) => {
    const res = await post(payload, { ...JSON_HEADERS, 'idempotency-key': 'has space' }, url);
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_idempotency_key', 400);
  });

  it('invalid JSON wins over an invalid Idempotency-Key', async () => {
    const res = await post('{"fullName":', { ...JSON_HEADERS, 'idempotency-key': 'has space' });
    expectErrorShape(res.json(), 'invalid_json', 400);
  });

  it.each(['/v1/vcard', '/v1/jobs/vcard'])(
    'a valid Idempotency-Key is echoed on a body error too: POST %s',
    async (url) => {
      const res = await post('{"fullName":""}', { ...JSON_HEADERS, 'idempotency-key': 'retry-7' }, url);
      expectErrorShape(res.json(), 'invalid_request', 400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'fullName', issue: 'required', message: 'fullName must not be empty' },
      ]);
      expect(res.headers['idempotency-key']).toBe('retry-7');
    },
  );

  it('a repeated template query parameter is an unknown template, as with the pipe', async () => {
    const res = await post('{"fullName":"A"}', JSON_HEADERS, '/v1/vcard?template=business-card&template=business-card');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual({ parameter: 'template', issue: 'unknown_template' });
  });

  it('accepts an Idempotency-Key of exactly 255 visible ASCII characters', async () => {
    const key = '~'.repeat(255);
    const res = await post('{"fullName":"A"}', { ...JSON_HEADERS, 'idempotency-key': key });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotency-key']).toBe(key);
  });

  it('qr_capacity_exceeded names the longest field and the byte counts', async () => {
    const res = await post(JSON.stringify({ fullName: 'A', note: '€'.repeat(1000), address: 'b'.repeat(300) }));
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expectErrorShape(res.json(), 'qr_capacity_exceeded', 400);
    expect(error.details).toEqual({ bytes: expect.any(Number), maxBytes: 2953, longestField: 'note' });
    expect(error.details.bytes).toBeGreaterThan(2953);
    expect(error.hint).toContain('note');
  });

  it('template_requirements_not_met lists the missing fields', async () => {
    const res = await post(
      '{"fullName":"A","email":"a@example.com"}',
      JSON_HEADERS,
      '/v1/vcard?template=business-card',
    );
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'template_requirements_not_met', 400);
    expect(res.json().error.details).toEqual({ template: 'business-card', missingFields: ['organization', 'phone'] });
  });

  it('invalid_query: an unknown template id', async () => {
    const res = await post('{"fullName":"A"}', JSON_HEADERS, '/v1/vcard?template=no-such-template');
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_query', 400);
    expect(res.json().error.details.parameter).toBe('template');
  });

  it('not_found: an unknown route, with the path the client used', async () => {
    for (const url of ['/v1/nope', '/api/v1/nope', '/api/docs', '/v2/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json(), 'not_found', 404);
    }
  });

  it('template_not_found', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/templates/nope' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'template_not_found', 404);
    contract.expectResponse('GET', '/v1/templates/{id}', 404, res.json());
  });

  it.each([
    ['DELETE', '/v1/vcard', 'POST'],
    ['GET', '/v1/vcard', 'POST'],
    ['POST', '/v1/health', 'GET, HEAD'],
    ['PUT', '/api/v1/templates/business-card', 'GET, HEAD'],
    ['PATCH', '/v1/templates?limit=2', 'GET, HEAD'],
  ])('method_not_allowed: %s %s lists Allow: %s', async (method, url, allow) => {
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expectErrorShape(res.json(), 'method_not_allowed', 405);
  });

  it('payload_too_large with the configured limit', async () => {
    const res = await post(JSON.stringify({ fullName: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 'payload_too_large', 413);
    expect(res.json().error.details).toEqual({ maxBytes: 4096 });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x'])(
    'unsupported_media_type: %s',
    async (type) => {
      const res = await post('fullName=A', { 'content-type': type });
      expect(res.statusCode).toBe(415);
      expectErrorShape(res.json(), 'unsupported_media_type', 415);
    },
  );

  it('invalid_url: bad percent-encoding never reaches a route, and still gets CORS', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/templates/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expectErrorShape(res.json(), 'invalid_url', 400);
  });

  it.each([
    ['/v1/jobs/job_', 'job_not_found'],
    ['/api/v1/jobs/', 'job_not_found'],
    ['/v1/templates/', 'template_not_found'],
    ['/api/v1/templates/', 'template_not_found'],
  ])("an over-long id on %s gets the route's own 404 (%s), never invalid_url", async (prefix, code) => {
    for (const length of [101, 300, 5_000, 15_000]) {
      const res = await app.inject({ method: 'GET', url: `${prefix}${'a'.repeat(length)}` });
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json(), code, 404);
    }
  });

  it("bad_request: a malformed HTTP request line gets the Error shape, not fastify's", async () => {
    const raw = await rawRequest(port, 'GET /v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('access-control-allow-origin: *');
    expectErrorShape(JSON.parse(body), 'bad_request', 400);
  });

  it('internal_error: no stack, no submitted values', async () => {
    const vcards = app.get(VCardService);
    const original = vcards.create.bind(vcards);
    vcards.create = () => {
      throw new Error('exploded while handling Secret Person');
    };
    try {
      const res = await post('{"fullName":"Secret Person"}');
      expect(res.statusCode).toBe(500);
      expectErrorShape(res.json(), 'internal_error', 500);
      expect(res.body).not.toContain('Secret');
      expect(res.body).not.toContain('exploded');
      contract.expectResponse('POST', '/v1/vcard', 500, res.json());
    } finally {
      vcards.create = original;
    }
  });

  it('error messages never echo submitted values', async () => {
    const secret = 'Zebediah-Secret-Value';
    const bodies = [
      { fullName: secret, email: secret },
      { fullName: secret, phone: secret },
      { fullName: secret, website: `javascript:${secret}` },
      { fullName: secret.repeat(20) },
      { fullName: 'A', [secret]: 'x' },
    ];
    for (const body of bodies) {
      const res = await post(JSON.stringify(body));
      expect(res.statusCode).toBe(400);
      const fields = res.json().error.details.fields as { field: string; message: string }[];
      for (const f of fields) expect(f.message.replace(f.field, '')).not.toContain(secret);
      expect(res.json().error.message).not.toContain(secret);
    }
  });
});
