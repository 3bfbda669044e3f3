import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { collectEvents, ReceivedEvent } from '../utils/sse-client';
import { listenTestApp } from '../utils/test-app';

type Received = ReceivedEvent;

/** The shared EventSource reader, closing the stream at `complete` (or the types in `until`). */
const collect = (
  url: string,
  options: { until?: string[]; onEvent?: (e: Received) => void } = {},
): Promise<Received[]> =>
  collectEvents(url, { until: options.until, onEvent: options.onEvent && ((event) => options.onEvent!(event)) });

/** Splits a raw event-stream body into its frames (field → value). */
function frames(body: string): Array<Record<string, string>> {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      Object.fromEntries(
        block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      ),
    );
}

describe('GET /v1/stream (Server-Sent Events)', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
  });
  afterAll(() => app.close());

  it.each(['/v1/stream', '/api/v1/stream'])(
    '%s sends accepted, validated, encoded, complete, with ids, then ends',
    async (path) => {
      const events = await collect(`${baseUrl}${path}`);
      expect(events.map((e) => [e.type, e.id])).toEqual([
        ['progress', '1'],
        ['progress', '2'],
        ['progress', '3'],
        ['complete', '4'],
      ]);
      expect(events.map((e) => e.data)).toEqual([
        { operation: 'create_vcard_payload', step: 'accepted', percent: 10, message: expect.any(String) },
        { operation: 'create_vcard_payload', step: 'validated', percent: 45, message: expect.any(String) },
        { operation: 'create_vcard_payload', step: 'encoded', percent: 80, message: expect.any(String) },
        { operation: 'create_vcard_payload', percent: 100, message: expect.any(String) },
      ]);
    },
  );

  it('echoes operation=get_product_context in every event', async () => {
    const events = await collect(`${baseUrl}/v1/stream?operation=get_product_context`);
    expect(events).toHaveLength(4);
    for (const event of events) expect(event.data.operation).toBe('get_product_context');
  });

  it('?jobId= streams that job: complete carries jobId and the finished Job', async () => {
    const created = await fetch(`${baseUrl}/api/v1/jobs/vcard`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Ada Lovelace' }),
    });
    const job = (await created.json()) as { id: string };
    const events = await collect(`${baseUrl}/api/v1/stream?jobId=${job.id}`);
    expect(events.map((e) => e.type)).toEqual(['progress', 'progress', 'progress', 'complete']);
    const complete = events[3].data;
    expect(complete).toMatchObject({ operation: 'create_vcard_payload', percent: 100, jobId: job.id });
    expect(complete.job).toEqual(job);
  });

  it('answers a browser-style cross-origin request with CORS and RateLimit headers, a retry hint, and an end', async () => {
    const res = await fetch(`${baseUrl}/v1/stream`, {
      headers: { origin: 'https://example.org', accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/i);
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      expect(res.headers.get(name)).toMatch(/^\d+$/);
    }
    // Reading the whole body returns only because the server ends the stream after `complete`.
    const parsed = frames(await res.text());
    expect(parsed.map((f) => f.event)).toEqual(['progress', 'progress', 'progress', 'complete']);
    expect(parsed[0].retry).toBe('3000');
    expect(parsed.map((f) => f.id)).toEqual(['1', '2', '3', '4']);
  });

  it.each([
    ['operation=nope', 'operation'],
    ['operation=', 'operation'],
    ['operation=create_vcard_payload&operation=get_product_context', 'operation'],
    ['intervalMs=2001', 'intervalMs'],
    ['intervalMs=-1', 'intervalMs'],
    ['intervalMs=1.5', 'intervalMs'],
    ['jobId=job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB&operation=get_product_context', 'operation'],
  ])('?%s is a 400 invalid_query JSON error, not an event stream', async (query, parameter) => {
    const res = await fetch(`${baseUrl}/v1/stream?${query}`, { headers: { origin: 'https://example.org' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const body = (await res.json()) as { error: unknown };
    expect(body.error).toMatchObject({ code: 'invalid_query', status: 400, details: { parameter } });
  });

  it.each(['job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB', 'not-a-job'])(
    '?jobId=%s (unknown or malformed) is a 404 JSON error',
    async (jobId) => {
      const res = await fetch(`${baseUrl}/v1/stream?jobId=${jobId}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('job_not_found');
    },
  );

  it('EventSource gives up (no reconnect loop) on the invalid-operation error', async () => {
    await expect(collect(`${baseUrl}/v1/stream?operation=nope`)).rejects.toThrow(/\(400\)/);
  });

  it('resumes after Last-Event-ID, and answers 204 (stop reconnecting) once everything was sent', async () => {
    const resumed = await fetch(`${baseUrl}/v1/stream`, { headers: { 'last-event-id': '2' } });
    const parsed = frames(await resumed.text());
    expect(parsed.map((f) => [f.event, f.id])).toEqual([
      ['progress', '3'],
      ['complete', '4'],
    ]);
    expect(parsed[0].retry).toBe('3000');
    const done = await fetch(`${baseUrl}/v1/stream`, { headers: { 'last-event-id': '4' } });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
  });

  it('paces events with ?intervalMs=', async () => {
    const start = Date.now();
    const events = await collect(`${baseUrl}/v1/stream?intervalMs=150`);
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    // Three pauses of 150 ms separate the four events, so the last cannot arrive sooner.
    expect(events[3].at - start).toBeGreaterThanOrEqual(450);
  });
});

describe('GET /v1/stream during shutdown (in process)', () => {
  it('ends an open stream with a final shutdown event, and the app closes promptly', async () => {
    const { app, baseUrl } = await listenTestApp();
    let closing: Promise<void> | undefined;
    let closeStarted = 0;
    const events = await collect(`${baseUrl}/v1/stream?intervalMs=1000`, {
      until: ['shutdown', 'complete'],
      onEvent: (event) => {
        if (event.id === '1') {
          closeStarted = Date.now();
          closing = app.close();
        }
      },
    });
    await closing;
    // Well under the 1 s drain bound: the stream ended at once instead of timing out.
    expect(Date.now() - closeStarted).toBeLessThan(900);
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['progress', '1'],
      ['shutdown', '1'],
    ]);
    expect(events[1].data).toEqual({
      operation: 'create_vcard_payload',
      message: expect.stringMatching(/shutting down/),
    });
  });
});
