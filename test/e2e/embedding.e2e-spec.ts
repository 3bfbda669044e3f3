import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { request as httpRequest } from 'node:http';
import { Registry } from 'prom-client';
// The built package, resolved by its name (jest maps it to dist/index.js), as a host imports it.
import { buildOpenApiDocument, VCardPayloadModule } from 'vcard-payload-service';
import { createExpressPlatform } from '../../examples/embedding/express-host';
import { createFastifyPlatform } from '../../examples/embedding/fastify-host';
import type { PlatformSettings } from '../../examples/embedding/platform-settings';
import { readWithIcal } from '../fixtures/vcard/ical-reader';
import { readPng, zbarRead } from '../utils/qr-image-reader';
import { freePort } from '../utils/redis-server';
import { collectEvents, ReceivedEvent } from '../utils/sse-client';

type PlatformFactory = (settings: PlatformSettings) => Promise<INestApplication>;

const HOSTS: Array<[string, PlatformFactory]> = [
  ['Express', createExpressPlatform],
  ['Fastify', createFastifyPlatform],
];

const ADA = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958' };
const ORIGIN = { origin: 'https://web.example' };
const JSON_HEADERS = { 'content-type': 'application/json', ...ORIGIN };

async function listen(
  factory: PlatformFactory,
  requestsPerMinute: number,
): Promise<{ app: INestApplication; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await factory({ publicBaseUrl: base, vcardRequestsPerMinute: requestsPerMinute });
  await app.listen(port, '127.0.0.1');
  return { app, base };
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
}

/** A request with a chosen Host header (fetch does not allow setting it). */
function withHost(
  url: string,
  host: string,
  method: string,
  body?: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: target.pathname,
        headers: {
          host,
          accept: 'application/json, text/event-stream',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The events of a stream until its `complete` or `shutdown` event; `onFirst` runs at the first one. */
const sseEvents = (url: string, onFirst?: () => void): Promise<ReceivedEvent[]> =>
  collectEvents(url, { until: ['complete', 'shutdown'], onEvent: (_event, count) => count === 1 && onFirst?.() });

describe.each(HOSTS)('VCardPayloadModule embedded in a %s platform under the prefix /platform', (name, factory) => {
  let app: INestApplication;
  let base: string;
  let api: string;

  beforeAll(async () => {
    ({ app, base } = await listen(factory, 10_000));
    api = `${base}/platform`;
  });
  afterAll(() => app.close());

  describe('the module routes carry the contract', () => {
    it('POST v1/vcard answers 200 with a card an independent parser reads, CORS and RateLimit headers', async () => {
      const res = await post(`${api}/v1/vcard`, ADA);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
      expect(res.headers.get('ratelimit-limit')).toBe('10000');
      expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(10_000);
      const body = (await res.json()) as { vcard: string; qrPayload: string };
      const card = readWithIcal(body.qrPayload);
      expect(card).toMatchObject({ cards: 1, fn: 'Ada Lovelace', email: 'ada@example.com' });
    });

    it('a rejected field is a 400 in the Error shape with details.fields, docsUrl under the mount path', async () => {
      const res = await post(`${api}/v1/vcard`, { fullName: 'Ada', email: 'not-an-email', nmae: 'x' });
      expect(res.status).toBe(400);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      const { error } = (await res.json()) as {
        error: Record<string, unknown> & { details: { fields: Array<{ field: string }> } };
      };
      expect(error).toMatchObject({
        code: 'invalid_request',
        status: 400,
        docsUrl: `${base}/platform/docs/errors#invalid_request`,
      });
      expect(error.details.fields.map((f) => f.field).sort()).toEqual(['email', 'nmae']);
      const page = await fetch(String(error.docsUrl).split('#')[0]);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('id="invalid_request"');
    });

    it('a batch (JSON, and CSV where the host has no text/csv parser) runs to the end, with links under the mount path', async () => {
      const json = await post(`${api}/v1/batches`, { contacts: [ADA, { fullName: 'Bad', email: 'nope' }] });
      expect(json.status).toBe(202);
      const csvRes = await fetch(`${api}/v1/batches`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', ...ORIGIN },
        body: 'FullName,email\r\n"Hopper, Grace",grace@example.com\r\n',
      });
      // Express hands the module the unread CSV; a Fastify host without a text/csv parser answers 415 itself.
      expect(csvRes.status).toBe(name === 'Express' ? 202 : 415);
      for (const res of name === 'Express' ? [json, csvRes] : [json]) {
        const batch = (await res.json()) as { id: string; links: { self: string; vcf: string } };
        expect(batch.links.self).toBe(`${base}/platform/v1/batches/${batch.id}`);
        let status = '';
        for (let i = 0; i < 100 && status !== 'succeeded'; i++) {
          status = ((await (await fetch(batch.links.self)).json()) as { status: string }).status;
          if (status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(status).toBe('succeeded');
        const vcf = await fetch(batch.links.vcf);
        expect(vcf.status).toBe(200);
        expect(readWithIcal((await vcf.text()).split('END:VCARD')[0] + 'END:VCARD\r\n').fn).toBe(
          res === json ? 'Ada Lovelace' : 'Hopper, Grace',
        );
        const zip = await fetch(`${batch.links.self}/codes.zip`, { headers: ORIGIN });
        expect(zip.status).toBe(200);
        expect(zip.headers.get('content-type')).toBe('application/zip');
        expect(zip.headers.get('access-control-allow-origin')).toBe('*');
        const archive = Buffer.from(await zip.arrayBuffer());
        expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
        const stem = res === json ? '1-Ada-Lovelace' : '1-Hopper-Grace';
        expect(archive.includes(`${stem}.png`) && archive.includes(`${stem}.vcf`)).toBe(true);
      }
    });

    it('Accept: image/png returns the QR code, which zbar reads back as the payload', async () => {
      const res = await post(`${api}/v1/vcard?scale=4`, ADA, { accept: 'image/png' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe('inline; filename="Ada-Lovelace.png"');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      const { qrPayload } = (await (await post(`${api}/v1/vcard`, ADA)).json()) as { qrPayload: string };
      expect((await zbarRead(readPng(Buffer.from(await res.arrayBuffer())))).toString('utf8')).toBe(qrPayload);
      const refused = await post(`${api}/v1/vcard`, ADA, { accept: 'image/gif' });
      expect(refused.status).toBe(406);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_acceptable');
    });

    it('Accept: text/vcard returns the .vcf file', async () => {
      const res = await post(`${api}/v1/vcard`, ADA, { accept: 'text/vcard' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/vcard; charset=utf-8/i);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Ada-Lovelace.vcf"');
      expect(await res.text()).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    });

    it('echoes the Idempotency-Key', async () => {
      const res = await post(`${api}/v1/vcard`, ADA, { 'idempotency-key': 'order-42' });
      expect(res.headers.get('idempotency-key')).toBe('order-42');
    });

    it('pages templates and rejects a bad limit with invalid_query', async () => {
      const page = await fetch(`${api}/v1/templates?limit=3`, { headers: ORIGIN });
      expect(page.status).toBe(200);
      const body = (await page.json()) as { data: unknown[]; pagination: { has_more: boolean; next_cursor: string } };
      expect(body.data).toHaveLength(3);
      expect(body.pagination.has_more).toBe(true);
      const bad = await fetch(`${api}/v1/templates?limit=0`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    });

    it('a job answers 202 with a Location under the mount path that can be followed, replays and conflicts', async () => {
      const created = await post(`${api}/v1/jobs/vcard`, ADA, { 'idempotency-key': 'job-1' });
      expect(created.status).toBe(202);
      const location = created.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^${base}/platform/v1/jobs/job_[0-9A-Z]{26}$`));
      const job = (await created.json()) as { id: string; links: { self: string } };
      expect(job.links.self).toBe(location);
      const polled = await fetch(location);
      expect(polled.status).toBe(200);
      expect(((await polled.json()) as { id: string }).id).toBe(job.id);

      const replay = await post(`${api}/v1/jobs/vcard`, ADA, { 'idempotency-key': 'job-1' });
      expect(replay.status).toBe(202);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(((await replay.json()) as { id: string }).id).toBe(job.id);

      const conflict = await post(`${api}/v1/jobs/vcard`, { fullName: 'Someone Else' }, { 'idempotency-key': 'job-1' });
      expect(conflict.status).toBe(409);
      expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    });

    it('an unknown job is 404 job_not_found', async () => {
      const res = await fetch(`${api}/v1/jobs/job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('job_not_found');
    });

    it('streams progress then complete over SSE, for a job too', async () => {
      const created = (await (await post(`${api}/v1/jobs/vcard`, ADA)).json()) as { id: string };
      const events = await sseEvents(`${api}/v1/stream?jobId=${created.id}`);
      expect(events.map((e) => e.type)).toEqual(['progress', 'progress', 'progress', 'complete']);
      const percents = events.map((e) => e.data.percent as number);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      const complete = events[3].data as { jobId: string; job: { links: { self: string } } };
      expect(complete.jobId).toBe(created.id);
      expect(complete.job.links.self).toBe(`${base}/platform/v1/jobs/${created.id}`);
    });

    it('serves MCP at the mounted path to the official SDK client', async () => {
      const client = new Client({ name: 'embedding-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${api}/mcp`)));
      try {
        const result = (await client.callTool({ name: 'create_vcard_payload', arguments: ADA })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        expect((result.structuredContent as { qrPayload: string }).qrPayload).toContain('FN:Ada Lovelace');
      } finally {
        await client.close();
      }
    });

    it.each(['POST', 'GET', 'DELETE'])(
      'the MCP Host check holds at the mounted path (%s from a foreign Host is 403)',
      async (method) => {
        const body = method === 'POST' ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) : undefined;
        const res = await withHost(`${api}/mcp`, 'evil.example.com', method, body);
        expect(res.status).toBe(403);
        expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toBe('forbidden_host');
      },
    );

    it('a vCard body is imported where the host leaves it unread (Express); a Fastify host without a parser for it answers 415', async () => {
      const res = await fetch(`${api}/v1/vcard`, {
        method: 'POST',
        headers: { 'content-type': 'text/vcard', ...ORIGIN },
        body: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nEMAIL:grace@example.com\r\nEND:VCARD\r\n',
      });
      // docs/import.md#in-a-host-application: a Fastify host registers a pass-through parser for vCard types.
      expect(res.status).toBe(name === 'Express' ? 200 : 415);
      if (name === 'Express') {
        const body = (await res.json()) as { vcard: string; import: { contact: unknown } };
        expect(body.import.contact).toEqual({
          fullName: 'Grace Hopper',
          emails: [{ address: 'grace@example.com', type: 'other' }],
        });
        expect(body.vcard).toContain('FN:Grace Hopper');
      }
    });

    it('a CSV batch is UTF-8 by the same rule as on the standalone app: another declared charset is a 415', async () => {
      const res = await fetch(`${api}/v1/batches`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv; charset=iso-8859-1', ...ORIGIN },
        body: 'fullName\r\nAda\r\n',
      });
      expect(res.status).toBe(415);
      // Express hands the module the unread CSV, which refuses it; a Fastify host without a CSV parser answers itself.
      if (name === 'Express') {
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
      }
    });

    it('answers a CORS preflight on its paths', async () => {
      const res = await fetch(`${api}/v1/vcard`, {
        method: 'OPTIONS',
        headers: {
          ...ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,idempotency-key',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type,idempotency-key');
    });
  });

  describe("the host's own routes keep the host's behaviour", () => {
    it("a host NotFoundException keeps Nest's own shape and message, without the module's headers", async () => {
      const res = await fetch(`${api}/things/7`, { headers: ORIGIN });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Thing 7 not found', error: 'Not Found', statusCode: 404 });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    });

    it("a host ValidationPipe error keeps Nest's shape", async () => {
      const res = await post(`${api}/things`, { name: 'x' });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string[]; statusCode: number; error: string };
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(body.message).toEqual([expect.stringContaining('name')]);
      expect(res.headers.get('ratelimit-remaining')).toBeNull();
    });

    it("an unknown host path is the host's 404, not the module's", async () => {
      const res = await fetch(`${api}/nowhere`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error?: unknown }).error).not.toEqual(
        expect.objectContaining({ code: 'not_found' }),
      );
    });
  });

  describe('OpenAPI', () => {
    it("the host's document contains the module's operations with their schemas", () => {
      const document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('platform').build());
      expect(document.paths['/platform/v1/vcard']?.post?.operationId).toBe('createVCard');
      expect(document.paths['/platform/v1/jobs/{jobId}']?.get).toBeDefined();
      expect(document.components?.schemas?.VCardRequest).toBeDefined();
    });

    it("buildOpenApiDocument covers the module's routes only", () => {
      const document = buildOpenApiDocument(app, { publicBaseUrl: base });
      const paths = Object.keys(document.paths);
      expect(paths).toContain('/platform/v1/vcard');
      expect(paths.some((path) => path.includes('things'))).toBe(false);
      expect(document.servers?.[0].url).toBe(base);
    });
  });
});

const ADAPTERS: Array<[string, () => ExpressAdapter | FastifyAdapter]> = [
  ['Express', () => new ExpressAdapter()],
  ['Fastify', () => new FastifyAdapter()],
];

describe.each(ADAPTERS)("the host's own ThrottlerStorage on %s", (_adapter, adapter) => {
  const storage = new ThrottlerStorageService();
  const apps: INestApplication[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    // Two instances of a platform sharing the host's counter store, as a fleet shares Redis.
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      @Module({
        imports: [
          VCardPayloadModule.forRoot({ publicBaseUrl: base, rateLimit: { max: 3, windowSeconds: 60, storage } }),
        ],
      })
      class SharedCounterPlatform {}
      const app = await NestFactory.create(SharedCounterPlatform, adapter(), { logger: false });
      await app.listen(port, '127.0.0.1');
      apps.push(app);
      bases.push(base);
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    storage.onApplicationShutdown();
  });

  it('counts into the storage the host passed: one budget across both instances, then a 429', async () => {
    const answers: Array<[number, string | null]> = [];
    for (const base of [bases[0], bases[1], bases[0], bases[1]]) {
      const res = await fetch(`${base}/v1/product`);
      answers.push([res.status, res.headers.get('ratelimit-remaining')]);
    }
    expect(answers).toEqual([
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ]);
    expect(storage.storage.size).toBe(1);
  });

  it('refuses an option that is not a ThrottlerStorage', () => {
    @Module({ imports: [VCardPayloadModule.forRoot({ rateLimit: { storage: {} as never } })] })
    class WrongStoragePlatform {}
    return expect(
      NestFactory.create(WrongStoragePlatform, adapter(), { logger: false, abortOnError: false }),
    ).rejects.toThrow(/rateLimit.storage must be a ThrottlerStorage/);
  });
});

describe.each(HOSTS)('the module rate limit in a %s platform', (_adapter, factory) => {
  let app: INestApplication;
  let api: string;

  beforeAll(async () => {
    const listening = await listen(factory, 3);
    app = listening.app;
    api = `${listening.base}/platform`;
  });
  afterAll(() => app.close());

  it('counts module routes only: health, the error catalogue and the host are free, the 4th module request is a 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${api}/v1/health`)).headers.get('ratelimit-limit')).toBeNull();
    for (let i = 0; i < 3; i += 1)
      expect((await fetch(`${api}/docs/errors`)).headers.get('ratelimit-limit')).toBeNull();
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${api}/v1/product`);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await post(`${api}/v1/vcard`, ADA);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // The host's routes are not in the module's budget.
    expect((await fetch(`${api}/things/1`)).status).toBe(404);
    expect((await fetch(`${api}/v1/health`)).status).toBe(200);
  });
});

describe.each(HOSTS)("the module's metrics in a %s platform's own registry", (_adapter, factory) => {
  it('counts the module routes by route pattern in the host registry, and not the host routes', async () => {
    const registry = new Registry();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = await factory({ publicBaseUrl: base, vcardRequestsPerMinute: 1000, metricsRegistry: registry });
    await app.listen(port, '127.0.0.1');
    try {
      for (let i = 0; i < 2; i++) expect((await post(`${base}/platform/v1/vcard`, ADA)).status).toBe(200);
      expect((await post(`${base}/platform/v1/vcard`, { fullName: 'Ada', email: 'nope' })).status).toBe(400);
      expect((await fetch(`${base}/platform/things/1`)).status).toBe(404);
      const requests = (await registry.getMetricsAsJSON()).find(
        (metric) => metric.name === 'vcard_http_requests_total',
      )!;
      const count = (statusClass: string): number =>
        Number(
          requests.values.find(
            (v) =>
              v.labels.route === '/platform/v1/vcard' &&
              v.labels.method === 'POST' &&
              v.labels.status_class === statusClass,
          )?.value ?? 0,
        );
      expect([count('2xx'), count('4xx')]).toEqual([2, 1]);
      expect(requests.values.some((v) => String(v.labels.route).includes('things'))).toBe(false);
      // The module adds its own metrics only: the host decides about process metrics.
      expect((await registry.getMetricsAsJSON()).every((metric) => metric.name.startsWith('vcard_'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe.each(HOSTS)('shutdown of a %s platform', (_adapter, factory) => {
  it('ends an open module stream with its final shutdown event', async () => {
    const { app, base } = await listen(factory, 1000);
    let closing: Promise<void> | undefined;
    const events = await sseEvents(`${base}/platform/v1/stream?intervalMs=1000`, () => (closing = app.close()));
    await closing;
    expect(events.map((event) => event.type)).toEqual(['progress', 'shutdown']);
    expect(events[1].data.message).toMatch(/shutting down/);
  });
});

describe('mounted with RouterModule (VCardPayloadModule.routesAt) on an Express platform without a prefix', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    @Module({ imports: [VCardPayloadModule.forRoot({ publicBaseUrl: base }), VCardPayloadModule.routesAt('contacts')] })
    class RoutedPlatformModule {}
    app = await NestFactory.create(RoutedPlatformModule, new ExpressAdapter(), { logger: false });
    await app.listen(port, '127.0.0.1');
  });
  afterAll(() => app.close());

  it('serves the routes under the path, with links that follow it', async () => {
    const created = await post(`${base}/contacts/v1/jobs/vcard`, ADA);
    expect(created.status).toBe(202);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${base}/contacts/v1/jobs/job_`));
    expect((await fetch(location)).status).toBe(200);
    expect((await fetch(`${base}/v1/health`)).status).toBe(404);
  });

  it('keeps health uncounted and the Host check on MCP at the mounted path', async () => {
    expect((await fetch(`${base}/contacts/v1/health`)).headers.get('ratelimit-limit')).toBeNull();
    expect((await fetch(`${base}/contacts/v1/product`)).headers.get('ratelimit-limit')).toBe('120');
    const res = await withHost(`${base}/contacts/mcp`, 'evil.example.com', 'GET');
    expect(res.status).toBe(403);
  });
});
