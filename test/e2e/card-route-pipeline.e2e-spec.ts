import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { Observable } from 'rxjs';
import { VCardController } from '../../src/modules/vcard/vcard.controller';
import { createApp } from '../../src/standalone/create-app';
import { TEST_ENV } from '../utils/test-app';

// POST /v1/vcard is a Nest route like every other: whatever an app adds to Nest's pipeline (a
// global guard, a global interceptor, an interceptor on the route itself) runs on every request
// to it, whatever its body, its answer or its error. The enhancers are added as an app adds them,
// to the app createApp() builds for main.ts, before Nest builds its routes.

/** Which enhancer saw which request, by the request's marker header, in the order they ran. */
const seen: string[] = [];
const markerOf = (context: ExecutionContext): string =>
  String(context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers['x-test-marker']);

class CountingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    seen.push(`guard ${markerOf(context)}`);
    return true;
  }
}

class CountingInterceptor implements NestInterceptor {
  constructor(private readonly name: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    seen.push(`${this.name} ${markerOf(context)}`);
    return next.handle();
  }
}

const ROUTE_INTERCEPTOR = new CountingInterceptor('route interceptor');
const JSON_TYPE = { 'content-type': 'application/json' };
const CARD = JSON.stringify({ fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' });
const FILE = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n';

describe('every POST /v1/vcard goes through the enhancers an app adds', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    // As a decorator on the handler would: the route's own interceptor, beside the module's guard and filter.
    const create = Object.getOwnPropertyDescriptor(VCardController.prototype, 'create');
    if (create === undefined) throw new Error('VCardController has no create()');
    UseInterceptors(ROUTE_INTERCEPTOR)(VCardController.prototype, 'create', create);
    app = await createApp({
      env: TEST_ENV,
      configure: (nest) => {
        nest.useGlobalGuards(new CountingGuard());
        nest.useGlobalInterceptors(new CountingInterceptor('global interceptor'));
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    Reflect.deleteMetadata(INTERCEPTORS_METADATA, VCardController.prototype.create);
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const post = (
    marker: string,
    url: string,
    headers: Record<string, string>,
    payload: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'POST', url, headers: { ...headers, 'x-test-marker': marker }, payload });

  it.each([
    ['a JSON contact for JSON', '/v1/vcard', JSON_TYPE, CARD, 200, 'application/json; charset=utf-8'],
    ['the same under /api', '/api/v1/vcard', JSON_TYPE, CARD, 200, 'application/json; charset=utf-8'],
    ['a JSON contact with a size', '/v1/vcard?size=30mm', JSON_TYPE, CARD, 200, 'application/json; charset=utf-8'],
    ['a vCard file', '/v1/vcard', { 'content-type': 'text/vcard' }, FILE, 200, 'application/json; charset=utf-8'],
    ['a .vcf answer', '/v1/vcard', { ...JSON_TYPE, accept: 'text/vcard' }, CARD, 200, 'text/vcard; charset=utf-8'],
    ['a PNG', '/v1/vcard', { ...JSON_TYPE, accept: 'image/png' }, CARD, 200, 'image/png'],
    ['an SVG at 30 mm', '/v1/vcard?size=30mm', { ...JSON_TYPE, accept: 'image/svg+xml' }, CARD, 200, 'image/svg+xml'],
    ['a PDF', '/v1/vcard?size=30mm', { ...JSON_TYPE, accept: 'application/pdf' }, CARD, 200, 'application/pdf'],
    ['an invalid contact', '/v1/vcard', JSON_TYPE, '{"fullName":""}', 400, 'application/json; charset=utf-8'],
    [
      'nothing acceptable',
      '/v1/vcard',
      { ...JSON_TYPE, accept: 'image/gif' },
      CARD,
      406,
      'application/json; charset=utf-8',
    ],
    [
      'an invalid Idempotency-Key',
      '/v1/vcard',
      { ...JSON_TYPE, 'idempotency-key': 'no spaces' },
      CARD,
      400,
      'application/json; charset=utf-8',
    ],
  ])(
    '%s: the global guard, the global interceptor and the route interceptor, once each',
    async (marker, url, headers, payload, status, type) => {
      const res = await post(marker, url, headers, payload);
      expect([res.statusCode, res.headers['content-type']]).toEqual([status, type]);
      // A global guard runs before the route's own guard, which may refuse the query; the
      // interceptors only around a handler that the guards let through.
      const expected =
        marker === 'a query the route rejects'
          ? [`guard ${marker}`]
          : [`guard ${marker}`, `global interceptor ${marker}`, `route interceptor ${marker}`];
      expect(seen).toEqual(expected);
    },
  );

  it('answers a JSON card with the module’s own filter and headers, the enhancers in place', async () => {
    const res = await post('headers', '/v1/vcard', { ...JSON_TYPE, 'idempotency-key': 'key-1' }, CARD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotency-key']).toBe('key-1');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json().vcard).toContain('FN:Ada Lovelace');
    const refused = await post('headers', '/v1/vcard?qrVersion=1', JSON_TYPE, CARD);
    expect(refused.json().error.code).toBe('qr_budget_exceeded');
    expect(refused.json().error.docsUrl).toBe('http://localhost:3000/docs/errors#qr_budget_exceeded');
  });
});
