import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CONTACT_FIELDS } from '../fixtures/vcard/contact.arbitrary';
import { useTestApp } from '../utils/test-app';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('bad input never produces a 500: each is a 400 naming the offending field', () => {
  const suite = useTestApp();

  const post = (payload: string) =>
    suite.app.inject({ method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload });

  it.each([
    ['an array', '[{"fullName":"A"}]'],
    ['a string', '"Ada"'],
    ['a number', '42'],
    ['null', 'null'],
    ['true', 'true'],
  ])('a body that is %s', async (_name, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.details.fields[0].field).toBe('(body)');
  });

  it.each(CONTACT_FIELDS.map((field) => [field]))('wrong types for %s', async (field) => {
    for (const value of [1, true, [], ['x'], { nested: 'x' }, 1.5]) {
      const body = { fullName: 'Ada', [field]: value };
      const res = await post(JSON.stringify(body));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([{ field, issue: 'type', message: `${field} must be a string` }]);
    }
  });

  it.each(CONTACT_FIELDS.map((field) => [field]))('an unpaired surrogate in %s', async (field) => {
    // The lone surrogate arrives as a JSON \u escape, which is legal JSON.
    const body = field === 'fullName' ? '{"fullName":"\\ud83d"}' : `{"fullName":"Ada","${field}":"x\\udc00y"}`;
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toContainEqual(
      expect.objectContaining({ field, issue: 'invalid_unicode' }),
    );
  });

  it('unknown fields are each listed, not silently dropped', async () => {
    const res = await post(JSON.stringify({ fullname: 'Ada', mobile: '123', fullName: 'Ada' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'fullname', issue: 'unknown', message: 'fullname is not a known field' },
      { field: 'mobile', issue: 'unknown', message: 'mobile is not a known field' },
    ]);
  });

  // ValidationPipe deletes prototype/constructor from the input and class-transformer skips keys
  // naming an inherited method, so without a check of their own these vanished with a 200.
  it.each(['toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'constructor', 'prototype'])(
    'an unknown field named like an Object.prototype member (%s) is rejected too',
    async (key) => {
      for (const url of ['/v1/vcard', '/v1/jobs/vcard']) {
        const res = await suite.app.inject({
          method: 'POST',
          url,
          headers: JSON_HEADERS,
          payload: `{"fullName":"Ada",${JSON.stringify(key)}:"x"}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details.fields).toEqual([
          { field: key, issue: 'unknown', message: `${key} is not a known field` },
        ]);
      }
    },
  );

  it('such a key is listed after the errors class-validator finds, in one response', async () => {
    const res = await post(JSON.stringify({ fullName: 'Ada', valueOf: 1, email: 'not-an-email', mobile: '1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'mobile', issue: 'unknown', message: 'mobile is not a known field' },
      expect.objectContaining({ field: 'email', issue: 'format' }),
      { field: 'valueOf', issue: 'unknown', message: 'valueOf is not a known field' },
    ]);
  });

  it('a query parameter named like an Object.prototype member is rejected like any unknown one', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/v1/templates?toString=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_query',
      details: { parameter: 'toString', issue: 'unknown' },
    });
  });

  it('over-long values are rejected per field with the limit in the message', async () => {
    const res = await post(JSON.stringify({ fullName: 'a'.repeat(257), note: 'n'.repeat(2001) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'fullName', issue: 'too_long', message: 'fullName must be at most 256 characters' },
      { field: 'note', issue: 'too_long', message: 'note must be at most 2000 characters' },
    ]);
  });

  it.each([
    ['email', 'not-an-email'],
    ['email', 'a@b'],
    ['website', 'javascript:alert(1)'],
    ['website', 'data:text/html,hi'],
    ['website', 'ftp://example.com'],
    ['phone', '12'],
    ['phone', '+1 555 CALL NOW'],
  ])('%s=%j is a format error', async (field, value) => {
    const res = await post(JSON.stringify({ fullName: 'Ada', [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([expect.objectContaining({ field, issue: 'format' })]);
  });

  it('empty or whitespace-only optional fields are treated as absent', async () => {
    const res = await post(JSON.stringify({ fullName: 'Ada', email: '', note: ' \n\t ', organization: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().qrPayload).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ada;;;\r\nFN:Ada\r\nEND:VCARD\r\n');
  });

  it('property: arbitrary JSON bodies get 200 or a well-formed 4xx, never a 5xx', async () => {
    const fieldValue = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ maxLength: 3000 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const body = fc.oneof(
      fc.record(
        Object.fromEntries(CONTACT_FIELDS.map((f) => [f, fieldValue])) as Record<string, fc.Arbitrary<unknown>>,
        {
          requiredKeys: [],
        },
      ),
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(fc.string({ maxLength: 10 }), fieldValue, { maxKeys: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const res = await post(JSON.stringify(value));
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 400) {
          const { error } = res.json();
          expect(error.status).toBe(400);
          expect(['invalid_request', 'qr_capacity_exceeded', 'invalid_json']).toContain(error.code);
          if (error.code === 'invalid_request') expect(error.details.fields.length).toBeGreaterThan(0);
        } else {
          expect(res.json().qrPayload.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
