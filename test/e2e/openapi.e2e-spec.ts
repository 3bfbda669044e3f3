/* eslint-disable @typescript-eslint/no-explicit-any -- this suite walks the OpenAPI document as free-form JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODE_NAMES } from '../../src/core/errors/error-codes';
import { jpegFile, pngFile, qrcodeRaster } from '../utils/scan-images';
import { webpFile } from '../utils/scan-webp-images';
import { zipArchive } from '../utils/zip-archive';
import { buildTestApp } from '../utils/test-app';

/** A body that is a file: a binary string, or a form whose properties hold one. */
function isFileBody(media: any): boolean {
  const schema = media.schema ?? {};
  return schema.format === 'binary' || Object.values<any>(schema.properties ?? {}).some((p) => p.format === 'binary');
}

/** The Content-Type a file body of `type` is sent with (a form carries its boundary). */
const contentTypeOf = (type: string): string => (type === 'multipart/form-data' ? `${type}; boundary=tryitout` : type);

/**
 * The file a user picks in Try it out for a file body: a code the npm qrcode package drew, as PNG,
 * JPEG, WebP, a form or a ZIP holding it (a batch of one badge).
 */
async function fileFor(type: string): Promise<Buffer> {
  const raster = qrcodeRaster('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n');
  if (type === 'image/jpeg') return jpegFile(raster);
  if (type === 'image/webp') return webpFile(raster);
  const png = pngFile(raster);
  if (type.includes('zip')) return zipArchive([{ name: 'badge.png', data: png }]);
  if (type !== 'multipart/form-data') return png;
  const head =
    '--tryitout\r\nContent-Disposition: form-data; name="file"; filename="code.png"\r\nContent-Type: image/png\r\n\r\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), png, Buffer.from('\r\n--tryitout--\r\n', 'latin1')]);
}

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

  it('lists every media type each route takes and answers', () => {
    const vcardBody = ['text/vcard', 'text/x-vcard', 'text/directory'];
    const codes = ['image/png', 'image/svg+xml', 'application/pdf', 'application/postscript'];
    const expected: Record<string, { takes: string[]; gives: string[] }> = {
      'post /v1/vcard': {
        takes: ['application/json', ...vcardBody],
        gives: ['application/json', 'text/vcard', ...codes, 'application/octet-stream'],
      },
      'post /v1/qrcodes': { takes: ['application/json'], gives: ['application/json', ...codes] },
      'post /v1/jobs/vcard': { takes: ['application/json', ...vcardBody], gives: ['application/json'] },
      'post /v1/batches': {
        takes: ['application/json', 'text/csv', ...vcardBody, 'application/zip', 'application/x-zip-compressed'],
        gives: ['application/json'],
      },
      'post /v1/scans': {
        takes: ['image/png', 'image/jpeg', 'image/webp', 'multipart/form-data'],
        gives: ['application/json'],
      },
      'put /v1/batches/{batchId}/style': { takes: ['application/json'], gives: [] },
      'get /v1/batches/{batchId}/cards.vcf': { takes: [], gives: ['text/vcard'] },
      'get /v1/batches/{batchId}/codes.zip': { takes: [], gives: ['application/zip'] },
      'get /v1/batches/{batchId}/sheet.pdf': { takes: [], gives: ['application/pdf'] },
      'get /v1/stream': { takes: [], gives: ['text/event-stream'] },
    };
    const listed = Object.fromEntries(
      Object.keys(expected).map((key) => {
        const [method, path] = key.split(' ');
        const operation = doc.paths[path][method];
        const success = Object.entries<any>(operation.responses).filter(([status]) => status.startsWith('2'));
        return [
          key,
          {
            takes: Object.keys(operation.requestBody?.content ?? {}).sort(),
            gives: [...new Set(success.flatMap(([, answer]) => Object.keys(answer.content ?? {})))].sort(),
          },
        ];
      }),
    );
    const sorted = Object.fromEntries(
      Object.entries(expected).map(([key, { takes, gives }]) => [key, { takes: takes.sort(), gives: gives.sort() }]),
    );
    expect(listed).toEqual(sorted);
  });

  it('gives every request body an example for each media type, so Try it out never sends a generated sample', () => {
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        for (const [type, media] of Object.entries<any>(operation.requestBody?.content ?? {})) {
          // A file (an image to scan): Swagger UI asks for one to upload, and generates no sample.
          if (isFileBody(media)) continue;
          const example = media.example ?? Object.values<any>(media.examples ?? {})[0]?.value;
          expect({ operation: `${method} ${path} ${type}`, example: example !== undefined }).toEqual({
            operation: `${method} ${path} ${type}`,
            example: true,
          });
          expect(JSON.stringify(example)).not.toContain('"string"');
        }
      }
    }
  });

  it('answers every operation without a path parameter 2xx as Try it out sends it untouched (the error example its error)', async () => {
    const answers: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      if (path.includes('{')) continue;
      for (const [method, operation] of Object.entries<any>(item)) {
        // What Swagger UI fills in: each parameter's example, else its schema's default.
        const query = new URLSearchParams();
        for (const parameter of operation.parameters ?? []) {
          const value = parameter.example ?? parameter.schema?.example ?? parameter.schema?.default;
          if (parameter.in === 'query' && value !== undefined) query.set(parameter.name, String(value));
        }
        const bodies = Object.entries<any>(operation.requestBody?.content ?? {});
        for (const [type, media] of bodies.length > 0 ? bodies : [[undefined, undefined]]) {
          const success = Object.entries<any>(operation.responses).find(([status]) => status.startsWith('2'));
          for (const accept of Object.keys(success?.[1].content ?? { 'application/json': {} })) {
            const example = media && isFileBody(media) ? await fileFor(type!) : media?.example;
            const res = await app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${path}${query.size > 0 ? `?${query}` : ''}`,
              headers: { accept, ...(type === undefined ? {} : { 'content-type': contentTypeOf(type) }) },
              ...(example === undefined
                ? {}
                : {
                    payload:
                      typeof example === 'string' || Buffer.isBuffer(example) ? example : JSON.stringify(example),
                  }),
            });
            answers.push(`${method} ${path} ${type ?? '-'} ${accept} ${res.statusCode}`);
          }
        }
      }
    }
    expect(answers.length).toBeGreaterThan(40);
    const failed = answers.filter((answer) => !/ 2\d\d$/.test(answer));
    expect(failed).toEqual(['get /v1/errors/example - application/json 400']);
    // Over 40 requests, styled codes and sheets among them, one after another: seconds on a quiet
    // machine, more than the default 30 s on a loaded one.
  }, 180_000);

  it('fills in nothing for Try it out that changes the answer: the card and the code are those of a bare request', async () => {
    for (const [path, type] of [
      ['/v1/vcard', 'application/json'],
      ['/v1/vcard', 'image/png'],
      ['/v1/qrcodes', 'image/png'],
    ]) {
      const operation = doc.paths[path].post;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        const value = parameter.example ?? parameter.schema?.example ?? parameter.schema?.default;
        if (parameter.in === 'query' && value !== undefined) query.set(parameter.name, String(value));
      }
      const payload = JSON.stringify(operation.requestBody.content['application/json'].example);
      const send = (url: string) =>
        app.inject({ method: 'POST', url, headers: { accept: type, 'content-type': 'application/json' }, payload });
      const [filled, bare] = [await send(`${path}?${query}`), await send(path)];
      expect([path, type, filled.statusCode]).toEqual([path, type, 200]);
      expect(filled.rawPayload.equals(bare.rawPayload)).toBe(true);
    }
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
