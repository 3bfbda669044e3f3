import { afterAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { RouteQueryCheck } from '../../src/http/route-query-check';
import { hostileContact } from '../fixtures/vcard/contact.arbitrary';
import { richContact } from '../fixtures/vcard/rich-contact.arbitrary';
import { FAST_CHECK_SEED } from '../utils/fast-check-bounds';
import { useTestApp } from '../utils/test-app';

// The standalone server answers a JSON contact posted for the JSON answer without Nest's per-route
// pipeline, its errors rendered by the route's own filter; every other request on the route takes
// Nest's route. Which one answered shows in RouteQueryCheck: the route's guard calls check(), the
// shortcut checkFor() alone.
const JSON_TYPE = { 'content-type': 'application/json' };
const CARD = JSON.stringify({ fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' });

describe('the standalone shortcut for a JSON card', () => {
  const suite = useTestApp();
  const viaNest = jest.spyOn(RouteQueryCheck.prototype, 'check');
  const queryChecks = jest.spyOn(RouteQueryCheck.prototype, 'checkFor');
  beforeEach(() => {
    viaNest.mockClear();
    queryChecks.mockClear();
  });
  afterAll(() => {
    viaNest.mockRestore();
    queryChecks.mockRestore();
  });

  const post = (url: string, headers: Record<string, string>, payload: string): Promise<LightMyRequestResponse> =>
    suite.app.inject({ method: 'POST', url, headers, payload });

  it.each([
    ['/v1/vcard', {}],
    ['/api/v1/vcard', {}],
    ['/v1/vcard?format=vcard4&qrLevel=Q', {}],
    ['/v1/vcard?size=30mm', {}],
    ['/v1/vcard?nfc=ntag215', {}],
    ['/v1/vcard', { accept: 'application/json' }],
    ['/v1/vcard', { accept: 'text/vcard;q=0.5, application/json' }],
  ])('answers POST %s (headers %j) itself, once, without the route guard', async (url, headers) => {
    const res = await post(url, { ...JSON_TYPE, ...headers }, CARD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().vcard).toContain('FN:Ada Lovelace');
    expect(viaNest).not.toHaveBeenCalled();
    expect(queryChecks).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an Idempotency-Key', '/v1/vcard', { 'idempotency-key': 'key-1' }, 200],
    ['a .vcf answer', '/v1/vcard', { accept: 'text/vcard' }, 200],
    ['an image', '/v1/vcard', { accept: 'image/svg+xml' }, 200],
    ['nothing acceptable', '/v1/vcard', { accept: 'image/gif' }, 406],
    ['a query the route rejects', '/v1/vcard?format=nope', {}, 400],
    ['an unknown query parameter', '/v1/vcard?colour=red', {}, 400],
  ])('leaves a request with %s to Nest’s route', async (_what, url, headers, status) => {
    const res = await post(url, { ...JSON_TYPE, ...headers }, CARD);
    expect(res.statusCode).toBe(status);
    expect(viaNest).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an invalid contact', '/v1/vcard', '{"fullName":""}', 'invalid_request'],
    ['a body that is no object', '/v1/vcard', '[]', 'invalid_request'],
    ['a contact over the QR budget', '/v1/vcard?qrVersion=1', CARD, 'qr_budget_exceeded'],
    ['an unknown template', '/v1/vcard?template=nope', CARD, 'invalid_query'],
    [
      'a template the contact lacks fields for',
      '/v1/vcard?template=business-card',
      CARD,
      'template_requirements_not_met',
    ],
  ])('renders the error for %s with the route’s filter', async (_what, url, payload, code) => {
    const res = await post(url, JSON_TYPE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.docsUrl).toBe(`http://localhost:3000/docs/errors#${code}`);
    expect(viaNest).not.toHaveBeenCalled();
  });

  it('leaves a vCard file to Nest’s route, which reads its body itself', async () => {
    const file = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n';
    const res = await post('/v1/vcard', { 'content-type': 'text/vcard' }, file);
    expect(res.statusCode).toBe(200);
    expect(res.json().vcard).toContain('FN:Ada Lovelace');
    expect(viaNest).toHaveBeenCalledTimes(1);
  });

  /** What two answers to the same request must share: all but the headers that differ per request. */
  const comparable = (res: LightMyRequestResponse) => {
    const headers = { ...res.headers };
    for (const name of [
      'idempotency-key',
      'x-request-id',
      'date',
      'ratelimit',
      'ratelimit-remaining',
      'ratelimit-reset',
    ])
      delete headers[name];
    return { status: res.statusCode, headers, body: res.body };
  };

  it('answers every contact and query exactly as Nest’s route does, errors included (fast-check)', async () => {
    // Up to two query parameters, valid more often than not (the invalid ones fall back to Nest's route).
    const parameter = fc.oneof(
      fc.constantFrom('vcard3', 'vcard4', 'mecard', 'nope').map((value) => ['format', value]),
      fc.integer({ min: 5, max: 41 }).map((value) => ['qrVersion', String(value)]),
      fc.constantFrom('L', 'M', 'Q', 'H').map((value) => ['qrLevel', value]),
      fc.constantFrom('ntag216', 'ntag213').map((value) => ['nfc', value]),
      fc.constantFrom('business-card', 'minimal', 'nope').map((value) => ['template', value]),
      fc.constantFrom('30mm', '1.25in', '9mm').map((value) => ['size', value]),
    );
    const query = fc.uniqueArray(parameter, { maxLength: 2, selector: ([name]) => name });
    let shortcut = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: richContact, weight: 3 }, { arbitrary: hostileContact, weight: 1 }),
        query,
        fc.constantFrom('/v1/vcard', '/api/v1/vcard'),
        async (contact, parameters, path) => {
          const url = `${path}?${new URLSearchParams(parameters as [string, string][])}`;
          viaNest.mockClear();
          const direct = await post(url, JSON_TYPE, JSON.stringify(contact));
          if (viaNest.mock.calls.length === 0) shortcut += 1;
          // An Idempotency-Key sends the same request through Nest's route.
          viaNest.mockClear();
          const nest = await post(url, { ...JSON_TYPE, 'idempotency-key': 'same-request' }, JSON.stringify(contact));
          expect(viaNest).toHaveBeenCalledTimes(1);
          expect(comparable(direct)).toEqual(comparable(nest));
        },
      ),
      { numRuns: 200, seed: FAST_CHECK_SEED },
    );
    // The property compared the shortcut's answers, not only Nest's with Nest's.
    expect(shortcut).toBeGreaterThan(60);
  });
});
