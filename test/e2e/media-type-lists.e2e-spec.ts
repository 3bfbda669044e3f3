import { describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../utils/test-app';

// A 406 lists every media type the route answers with, a 415 every one it takes; and every JSON
// body is read by the same rules, whether the app's parser or the route itself reads it.
const CARD = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' };
const CARD_ANSWERS = [
  'application/json',
  'text/vcard',
  'image/png',
  'image/svg+xml',
  'application/pdf',
  'application/postscript',
];
const VCARD_TYPES = ['text/vcard', 'text/x-vcard', 'text/directory'];

describe('406 and 415 list what the route gives and takes', () => {
  const suite = useTestApp();
  const post = (url: string, headers: Record<string, string>, payload: string): Promise<LightMyRequestResponse> =>
    suite.app.inject({ method: 'POST', url, headers, payload });

  it.each([
    ['/v1/vcard', 'image/gif', CARD_ANSWERS],
    ['/api/v1/vcard', 'image/webp', CARD_ANSWERS],
    ['/v1/vcard?nfc=ntag215', 'image/gif', [...CARD_ANSWERS, 'application/octet-stream']],
  ])('POST %s with Accept %s: 406 listing every answer', async (url, accept, available) => {
    const res = await post(url, { 'content-type': 'application/json', accept }, JSON.stringify(CARD));
    expect(res.statusCode).toBe(406);
    expect(res.json().error.details).toEqual({ available });
  });

  it.each([
    ['a contact', 'text/html', { contact: CARD }],
    ['a styled code', 'text/vcard', { contact: CARD, style: { modules: 'rounded', finders: 'circle' } }],
  ])('POST /v1/qrcodes of %s with Accept %s: 406 listing its five answers', async (_, accept, body) => {
    const res = await post('/v1/qrcodes', { 'content-type': 'application/json', accept }, JSON.stringify(body));
    expect(res.statusCode).toBe(406);
    expect(res.json().error.details).toEqual({
      available: ['image/png', 'image/svg+xml', 'application/json', 'application/pdf', 'application/postscript'],
    });
  });

  it.each([
    ['/v1/vcard', 'application/xml', ['application/json', ...VCARD_TYPES]],
    ['/api/v1/vcard', 'application/x-www-form-urlencoded', ['application/json', ...VCARD_TYPES]],
    ['/v1/jobs/vcard', 'application/xml', ['application/json', ...VCARD_TYPES]],
    [
      '/v1/batches',
      'application/xml',
      ['application/json', 'text/csv', ...VCARD_TYPES, 'application/zip', 'application/x-zip-compressed'],
    ],
  ])('POST %s with a %s body: 415 naming every type the route takes', async (url, type, accepted) => {
    const res = await post(url, { 'content-type': type }, '<contact/>');
    expect(res.statusCode).toBe(415);
    const { error } = res.json();
    expect(error.details).toEqual({ accepted });
    expect(error.message).toBe(`The request body must be ${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)}.`);
    expect(error.hint).toBe('Send the body with one of the Content-Types in error.details.accepted.');
  });

  it.each([
    ['/v1/qrcodes', 'application/xml'],
    ['/v1/qrcodes', 'text/vcard'],
    ['/v1/mcp', 'text/vcard'],
  ])('POST %s with a %s body: 415 in the registry’s words, JSON alone listed', async (url, type) => {
    const res = await post(url, { 'content-type': type }, 'BEGIN:VCARD');
    expect(res.statusCode).toBe(415);
    const { error } = res.json();
    expect([error.message, error.details]).toEqual([
      'The request body must be application/json.',
      { accepted: ['application/json'] },
    ]);
  });

  it('a JSON body in another charset is still refused for its charset, without a list', async () => {
    const res = await post('/v1/vcard', { 'content-type': 'application/json; charset=latin1' }, JSON.stringify(CARD));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('A JSON body must be encoded as UTF-8.');
    expect(res.json().error.details).toBeUndefined();
  });
});

describe('one reading of every JSON body', () => {
  const suite = useTestApp();
  const post = (url: string, payload: Buffer, accept = 'application/json'): Promise<LightMyRequestResponse> =>
    suite.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', accept }, payload });
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  // POST /v1/vcard is read by the app's parser, POST /v1/qrcodes by its route.
  it.each([
    ['/v1/vcard', JSON.stringify(CARD)],
    ['/v1/qrcodes', JSON.stringify({ contact: CARD })],
  ])('%s reads past a leading byte order mark: the same answer as without it', async (url, json) => {
    const plain = await post(url, Buffer.from(json));
    const marked = await post(url, Buffer.concat([BOM, Buffer.from(json)]));
    expect(plain.statusCode).toBe(200);
    expect(marked.statusCode).toBe(200);
    expect(marked.body).toBe(plain.body);
  });

  it.each(['/v1/vcard', '/v1/qrcodes'])(
    '%s: an empty body, a lone byte order mark, two of them are invalid_json',
    async (url) => {
      for (const payload of [Buffer.alloc(0), BOM, Buffer.concat([BOM, BOM])]) {
        const res = await post(url, payload);
        expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_json']);
      }
    },
  );

  it.each(['/v1/vcard', '/v1/qrcodes'])(
    '%s: bytes that are not UTF-8 are invalid_encoding, deep nesting invalid_json',
    async (url) => {
      const notUtf8 = await post(url, Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]));
      expect([notUtf8.statusCode, notUtf8.json().error.code]).toEqual([400, 'invalid_encoding']);
      const deep = await post(url, Buffer.from(`${'['.repeat(65)}${']'.repeat(65)}`));
      expect([deep.statusCode, deep.json().error.code, deep.json().error.details]).toEqual([
        400,
        'invalid_json',
        { maxDepth: 64 },
      ]);
    },
  );
});
