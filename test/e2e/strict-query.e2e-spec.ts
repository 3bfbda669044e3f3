import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildTestApp } from '../utils/test-app';

// A route's query parameters are those it declares (@RouteQuery); any other is 400 invalid_query
// naming it, on every module route, judged before the body.

const JSON_HEADERS = { 'content-type': 'application/json' };
const IDS: Record<string, string> = {
  jobId: 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  batchId: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  id: 'business-card',
};

describe('strict query parameters', () => {
  let app: NestFastifyApplication;
  let routes: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    app = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, (_, name: string) => IDS[name]),
      })),
    );
    // Module routes the document leaves out (not API operations), strict all the same.
    routes.push({ method: 'GET', path: '/livez' }, { method: 'GET', path: '/docs/errors' });
  });
  afterAll(() => app.close());

  it('every module handler reads its query through its declaration, never raw', () => {
    const raw: string[] = [];
    for (const module of app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as { prototype: object; name: string };
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>;
          for (const key of Object.keys(args))
            if (key.startsWith(`${RouteParamtypes.QUERY}:`)) raw.push(`${controller.name}.${name}`);
        }
      }
    }
    expect(raw).toEqual([]);
  });

  it('names the first unknown parameter, in query order, on every route and under /api', async () => {
    expect(routes.length).toBeGreaterThan(12);
    for (const { method, path } of routes) {
      for (const prefix of ['', '/api']) {
        const url = `${path.startsWith('/v1/') ? prefix : ''}${path}?fromat=mecard&qrversion=4`;
        const res = await app.inject({
          method,
          url,
          headers: JSON_HEADERS,
          payload: method === 'POST' ? '{}' : undefined,
        });
        expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 400`);
        const { error } = res.json() as { error: { code: string; details: unknown; hint: string } };
        expect(error.code).toBe('invalid_query');
        expect(error.details).toEqual({ parameter: 'fromat', issue: 'unknown' });
        expect(error.hint).toMatch(/^Remove fromat/);
      }
    }
  });

  it('?qrversion=4&fromat=mecard on POST /v1/vcard is refused, not answered as vCard 3.0 without a budget', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/vcard?qrversion=4&fromat=mecard',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ fullName: 'Ada Lovelace' }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { details: unknown } }).error.details).toEqual({
      parameter: 'qrversion',
      issue: 'unknown',
    });
  });

  it('the declared parameters still work, and a bad value names its parameter', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/v1/vcard?qrVersion=40&format=mecard&qrLevel=H&scale=2&margin=0',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ fullName: 'Ada Lovelace' }),
    });
    expect(ok.statusCode).toBe(200);
    const bad = await app.inject({ method: 'GET', url: '/v1/templates?limit=26' });
    expect(bad.json()).toMatchObject({
      error: {
        code: 'invalid_query',
        message: 'The query parameter limit is invalid: limit must be a whole number from 1 to 25',
        details: { parameter: 'limit', issue: 'range' },
      },
    });
  });
});
