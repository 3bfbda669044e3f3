import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../src/http/request-body';
import { CONTACT_SCHEMA } from '../../src/lib/contact';
import { buildTestApp } from '../utils/test-app';

// A hostile client's bodies, through createApp() as in production: each answer is a 4xx in the
// Error shape (or, for MCP, a JSON-RPC error or an isError tool result), the response stays under
// a fixed size, and the service is healthy afterwards. Every case here once answered a 500, a 200
// with a corrupted card, or a response hundreds of times the size of the request.

/** The largest response any error may be, whatever the request (the 5,000-key body once got 352 KB). */
const MAX_ERROR_BYTES = 8 * 1024;
const JSON_HEADERS = { 'content-type': 'application/json' };
const MCP_HEADERS = { ...JSON_HEADERS, accept: 'application/json, text/event-stream' };
const JSON_ROUTES = ['/v1/vcard', '/v1/jobs/vcard', '/api/v1/vcard', '/api/v1/jobs/vcard'];

/** `depth` levels of objects or arrays around a string leaf. */
function nested(depth: number, shape: 'object' | 'array'): string {
  return shape === 'object'
    ? `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
}

function toolCall(argumentsJson: string): string {
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_vcard_payload","arguments":${argumentsJson}}}`;
}

describe('hostile input: every answer a bounded 4xx, never a 500, the service healthy after', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    // The body limit is raised so the deepest nestings fit; the default (64 KiB) is covered below.
    app = await buildTestApp({ BODY_LIMIT_BYTES: String(1024 * 1024) });
  });
  afterAll(() => app.close());

  const send = (url: string, payload: string | Buffer, headers: Record<string, string> = JSON_HEADERS) =>
    app.inject({ method: 'POST', url, headers, payload });

  /** A REST answer: 4xx, the Error shape with the given code, small. */
  function expectBoundedError(res: Awaited<ReturnType<typeof send>>, code?: string): void {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.rawPayload.length).toBeLessThan(MAX_ERROR_BYTES);
    const { error } = res.json() as { error: { code: string; status: number; hint: string } };
    expect(error.status).toBe(res.statusCode);
    expect(error.hint).toEqual(expect.any(String));
    if (code) expect(error.code).toBe(code);
  }

  /** An MCP answer: a JSON-RPC error, an isError tool result, or a REST Error before the MCP layer; never 5xx. */
  function expectMcpRejection(res: Awaited<ReturnType<typeof send>>): void {
    expect(res.statusCode).toBeLessThan(500);
    expect(res.rawPayload.length).toBeLessThan(MAX_ERROR_BYTES);
    const body = res.json() as { error?: unknown; result?: { isError?: boolean } };
    if (res.statusCode === 200) expect(body.result?.isError ?? body.error !== undefined).toBe(true);
    else expect(body.error).toBeDefined();
  }

  afterEach(async () => {
    const health = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  describe('nesting', () => {
    const depths = [
      ...Array.from({ length: MAX_JSON_DEPTH + 6 }, (_, i) => i + 1),
      100,
      1_000,
      3_000,
      5_000,
      10_000,
      50_000,
      200_000,
    ];

    it.each(['object', 'array'] as const)(
      'every depth in fullName, as %ss, on POST /v1/vcard: a 400 naming the field or the depth',
      async (shape) => {
        for (const depth of depths) {
          const body = `{"fullName":${nested(depth, shape)}}`;
          const res = await send('/v1/vcard', body);
          if (body.length > 1024 * 1024) {
            expectBoundedError(res, 'payload_too_large');
            continue;
          }
          expectBoundedError(res);
          // Within the bound the field gets the usual type message; beyond it, the parser's answer.
          const { error } = res.json() as {
            error: { code: string; details: { fields?: unknown[]; maxDepth?: number } };
          };
          if (depth + 1 <= MAX_JSON_DEPTH) {
            expect(error.code).toBe('invalid_request');
            expect(error.details.fields).toEqual([
              { field: 'fullName', issue: 'type', message: 'fullName must be a string' },
            ]);
          } else {
            expect(error).toMatchObject({ code: 'invalid_json', details: { maxDepth: MAX_JSON_DEPTH } });
            // The hint describes the contact's real shape (it used to claim every value is a string).
            expect((error as unknown as { hint: string }).hint).toBe(
              'Send the request body as documented: a contact nests objects and lists only a few levels deep (phones[0].number).',
            );
          }
        }
      },
    );

    it('the whole body nested, and every field, on every JSON route (and the /api alias)', async () => {
      for (const url of JSON_ROUTES) {
        for (const depth of [2, 30, 63, 64, 65, 3_000, 10_000]) {
          expectBoundedError(await send(url, nested(depth, 'object')));
          expectBoundedError(await send(url, nested(depth, 'array')));
          // Every field of the contact's declaration, the rich ones (lists, objects) as well as the flat.
          for (const field of Object.keys(CONTACT_SCHEMA.fields)) {
            const body =
              field === 'fullName'
                ? `{"fullName":${nested(depth, 'array')}}`
                : `{"fullName":"Ada","${field}":${nested(depth, 'object')}}`;
            expectBoundedError(await send(url, body));
          }
        }
      }
    });

    it('MCP: deep tool arguments are an isError result or a JSON-RPC/HTTP error, never a 5xx', async () => {
      for (const path of ['/mcp', '/api/mcp']) {
        for (const depth of [1, 10, 50, 60, 61, 62, 64, 65, 1_000, 3_000, 10_000, 50_000]) {
          expectMcpRejection(
            await send(path, toolCall(`{"fullName":"Ada","note":${nested(depth, 'object')}}`), MCP_HEADERS),
          );
          expectMcpRejection(await send(path, toolCall(nested(depth, 'array')), MCP_HEADERS));
        }
      }
    });

    it('the default 64 KiB body limit: the deepest nesting that fits is a 400, one byte more a 413', async () => {
      const small = await buildTestApp();
      try {
        const fitting = `{"fullName":${nested(32_000, 'array')}}`;
        expect(Buffer.byteLength(fitting)).toBeLessThanOrEqual(65_536);
        const res = await small.inject({ method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload: fitting });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('invalid_json');
        const over = await small.inject({
          method: 'POST',
          url: '/v1/vcard',
          headers: JSON_HEADERS,
          payload: nested(40_000, 'array'),
        });
        expect(over.statusCode).toBe(413);
      } finally {
        await small.close();
      }
    });
  });

  describe('bytes that are not UTF-8', () => {
    const cases: Array<[string, number[]]> = [
      ['Latin-1 bytes (FF FE C0 AF)', [0xff, 0xfe, 0xc0, 0xaf]],
      ['an overlong slash (C0 AF)', [0xc0, 0xaf]],
      ['an overlong three-byte form (E0 80 AF)', [0xe0, 0x80, 0xaf]],
      ['an encoded surrogate (ED A0 80)', [0xed, 0xa0, 0x80]],
      ['a truncated sequence (E2 82)', [0xe2, 0x82]],
      ['a lone continuation byte (80)', [0x80]],
      ['a code point past U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80]],
    ];

    it.each(cases)('%s in a field: 400 invalid_encoding on every JSON route, nothing encoded', async (_name, bytes) => {
      const payload = Buffer.concat([Buffer.from('{"fullName":"A'), Buffer.from(bytes), Buffer.from('"}')]);
      for (const url of JSON_ROUTES) {
        const res = await send(url, payload);
        expectBoundedError(res, 'invalid_encoding');
        expect(res.body).not.toContain('\ufffd');
      }
      const mcp = await send(
        '/mcp',
        Buffer.concat([
          Buffer.from(toolCall('{"fullName":"A')).subarray(0, -2),
          Buffer.from(bytes),
          Buffer.from('"}}}'),
        ]),
        MCP_HEADERS,
      );
      expectBoundedError(mcp, 'invalid_encoding');
    });

    it('valid UTF-8 (accents, CJK, an emoji) still encodes byte for byte', async () => {
      const res = await send('/v1/vcard', Buffer.from('{"fullName":"Zoë Ångström-李小龍 😀"}', 'utf8'));
      expect(res.statusCode).toBe(200);
      expect(res.json().qrPayload).toContain('FN:Zoë Ångström-李小龍 😀');
    });

    it.each(['latin1', 'iso-8859-1', 'utf-16', '"windows-1252"'])(
      'Content-Type: application/json; charset=%s is a 415',
      async (charset) => {
        const res = await send('/v1/vcard', '{"fullName":"Ada"}', {
          'content-type': `application/json; charset=${charset}`,
        });
        expectBoundedError(res, 'unsupported_media_type');
      },
    );

    it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8'])('charset=%s is accepted', async (charset) => {
      const res = await send('/v1/vcard', '{"fullName":"Ada"}', {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('many keys', () => {
    it.each([100, 1_000, 5_000, 9_000])(
      '%i unknown keys: at most 20 named, all counted, a small answer',
      async (count) => {
        const body = Object.fromEntries([
          ['fullName', 'Ada'],
          ...Array.from({ length: count }, (_, i) => [`k${i}`, 'x']),
        ]);
        const res = await send('/v1/vcard', JSON.stringify(body));
        expectBoundedError(res, 'invalid_request');
        const { details } = res.json().error as {
          details: { fields: Array<{ field: string; issue: string }>; fieldCount: number };
        };
        expect(details.fields).toHaveLength(20);
        expect(details.fields[0]).toMatchObject({ field: 'k0', issue: 'unknown' });
        expect(details.fieldCount).toBe(count);
      },
    );

    it('long unknown key names are shortened, and field issues still come after the unknown keys', async () => {
      const body = { [`x${'y'.repeat(5_000)}`]: 'x', fullName: 42 };
      const res = await send('/v1/vcard', JSON.stringify(body));
      expectBoundedError(res, 'invalid_request');
      const { fields, fieldCount } = res.json().error.details as {
        fields: Array<{ field: string; issue: string }>;
        fieldCount: number;
      };
      expect(fields.map((f) => f.issue)).toEqual(['unknown', 'type']);
      expect(fields[0].field.length).toBeLessThanOrEqual(64);
      expect(fieldCount).toBe(2);
    });
  });

  describe('prototype keys', () => {
    it.each([
      '{"fullName":"A","__proto__":{"polluted":"yes"}}',
      '{"fullName":"A","constructor":{"prototype":{"polluted":"yes"}}}',
      '{"__proto__":{"polluted":"yes"},"fullName":"A"}',
      '{"fullName":"A","toString":"x","valueOf":{"polluted":"yes"},"hasOwnProperty":"x"}',
      '{"fullName":{"__proto__":{"polluted":"yes"}}}',
    ])('%s is rejected and pollutes nothing', async (payload) => {
      for (const url of ['/v1/vcard', '/v1/jobs/vcard']) expectBoundedError(await send(url, payload));
      expectMcpRejection(await send('/mcp', toolCall(payload), MCP_HEADERS));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  });

  it('a __proto__ argument of an MCP tool is named as unknown, as a REST body key is', async () => {
    const res = await send('/mcp', toolCall('{"fullName":"A","__proto__":{"polluted":"yes"}}'), MCP_HEADERS);
    const { result } = res.json() as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(result.isError).toBe(true);
    const { error } = JSON.parse(result.content[0].text) as {
      error: { code: string; details: { fields: Array<{ field: string; issue: string }> } };
    };
    expect(error.code).toBe('invalid_request');
    expect(error.details.fields).toEqual([
      { field: '__proto__', issue: 'unknown', message: '__proto__ is not a known field' },
    ]);
  });

  describe('numbers out of range', () => {
    it.each(['1e400', '-1e400', '123456789012345678901234567890', '-0', '0.1e-400', 'NaN', 'Infinity'])(
      'fullName: %s',
      async (number) => {
        expectBoundedError(await send('/v1/vcard', `{"fullName":${number}}`));
      },
    );

    it.each(['1e400', '-1', '99999999999999999999', '1.5', '0x10', ''])('templates ?limit=%s', async (limit) => {
      const res = await app.inject({ method: 'GET', url: `/v1/templates?limit=${encodeURIComponent(limit)}` });
      if (limit === '') expect(res.statusCode).toBeLessThan(500);
      else expectBoundedError(res, 'invalid_query');
    });
  });
});

/**
 * JSON of unbounded depth and width: fast-check's own JSON arbitraries stay shallow, so this one
 * nests up to thousands of levels, mixes wide objects in, and puts the result where a field, the
 * whole body or the MCP arguments go.
 */
const leaf = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 0, max: 20_000 }), fc.array(fc.constantFrom('o', 'a'), { minLength: 1, maxLength: 4 }), leaf)
  .map(([depth, pattern, value]) => {
    let text = JSON.stringify(value);
    for (let i = 0; i < depth; i++) text = pattern[i % pattern.length] === 'o' ? `{"k":${text}}` : `[${text}]`;
    return text;
  });
const wideJson: fc.Arbitrary<string> = fc
  .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 6 }), { maxKeys: 200 })
  .map((value) => JSON.stringify(value));
const anyJson = fc.oneof(
  deepJson,
  wideJson,
  fc.jsonValue({ maxDepth: 40 }).map((value) => JSON.stringify(value)),
);
const hostileBody = fc.oneof(
  anyJson,
  fc
    .tuple(fc.constantFrom(...Object.keys(CONTACT_SCHEMA.fields)), anyJson)
    .map(([field, value]) => `{"fullName":"Ada","${field}":${value}}`),
  fc.tuple(anyJson, anyJson).map(([a, b]) => `{"fullName":${a},"note":${b}}`),
);

describe('property: generated JSON of any depth and width never gets a 5xx', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await buildTestApp({ BODY_LIMIT_BYTES: String(1024 * 1024) });
  });
  afterAll(() => app.close());

  it.each([
    ['POST /v1/vcard', '/v1/vcard', (body: string) => body, JSON_HEADERS],
    ['POST /v1/jobs/vcard', '/v1/jobs/vcard', (body: string) => body, JSON_HEADERS],
    ['the MCP tool', '/mcp', toolCall, MCP_HEADERS],
  ] as const)('%s', async (_name, url, wrap, headers) => {
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const res = await app.inject({ method: 'POST', url, headers, payload: wrap(body) });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.rawPayload.length).toBeLessThan(MAX_ERROR_BYTES + 8192);
      }),
      { numRuns: 300 },
    );
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
  });
});
