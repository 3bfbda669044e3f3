/* eslint-disable @typescript-eslint/no-explicit-any -- this suite walks the OpenAPI document as free-form JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODE_NAMES } from '../../src/core/errors/error-codes';
import { buildTestApp } from '../utils/test-app';

describe('OpenAPI document and docs pages', () => {
  let app: NestFastifyApplication;
  let doc: Record<string, any>;
  beforeAll(async () => {
    app = await buildTestApp();
    doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result).toEqual({ valid: true });
  });

  it('matches the committed openapi/openapi.json (run `npm run build && npm run openapi:write` after a contract change)', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8'));
    expect(doc).toEqual(committed);
  });

  it('carries a date-form API version and both server prefixes', () => {
    expect(doc.info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.servers.map((s: { url: string }) => s.url)).toEqual([
      'http://localhost:3000',
      'http://localhost:3000/api',
    ]);
  });

  it('documents every operation with an operationId, a success response and error responses', () => {
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        expect(`${method} ${path} ${op.operationId}`).toMatch(/^\w+ \S+ [a-zA-Z]+$/);
        const statuses = Object.keys(op.responses);
        // The error example answers 400 by design; every other operation documents its success.
        const success = op.operationId === 'getErrorExample' ? '400' : '2';
        expect(statuses.some((s) => s.startsWith(success))).toBe(true);
        // Health and the probes are not rate-limited; health documents its 503 only, as before.
        const errors = path === '/v1/health' ? [] : ['/livez', '/readyz'].includes(path) ? ['500'] : ['429', '500'];
        expect(statuses).toEqual(expect.arrayContaining(errors));
      }
    }
  });

  it('says that request bodies reject unknown properties, as the validation does', () => {
    const body = doc.paths['/v1/vcard'].post.requestBody.content['application/json'].schema.$ref;
    expect(body).toBe('#/components/schemas/VCardRequest');
    expect(doc.components.schemas.VCardRequest.additionalProperties).toBe(false);
    expect(doc.components.schemas.VCardRequest.required).toEqual(['fullName']);
  });

  it('gives POST /v1/batches its JSON and CSV request examples, byte for byte', () => {
    const content = doc.paths['/v1/batches'].post.requestBody.content;
    expect(JSON.stringify(content['application/json'].example)).toBe(
      '{"contacts":[{"fullName":"Ada Lovelace","email":"ada@example.com"},{"fullName":"Grace Hopper"}]}',
    );
    expect(content['text/csv'].example).toBe(
      'fullName,organization,email\r\nAda Lovelace,Analytical Engines,ada@example.com\r\n"Hopper, Grace",US Navy,grace@example.com\r\n',
    );
  });

  it('names every registered error code in the Error schema enum', () => {
    expect(doc.components.schemas.ErrorObject.properties.code.enum.sort()).toEqual([...ERROR_CODE_NAMES].sort());
  });

  it('serves Swagger UI at /docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger-ui/i);
  });

  it('serves an error catalogue with an anchor for every code (the docsUrl target)', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/errors' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const code of ERROR_CODE_NAMES) expect(res.body).toContain(`id="${code}"`);
  });
});
