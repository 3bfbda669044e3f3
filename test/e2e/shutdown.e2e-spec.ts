import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { EventSource } from 'eventsource';
import { SpawnedService } from '../utils/spawned-service';

describe('the built service, as npm start and the Dockerfile run it', () => {
  let service: SpawnedService;
  let child: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    service = await SpawnedService.start({ LOG_LEVEL: 'silent' });
    child = service.child;
    baseUrl = service.baseUrl;
  }, 150_000);

  afterAll(() => service.kill());

  it('with PUBLIC_BASE_URL unset, every link it hands out follows PORT; GET / is the playground', async () => {
    const port = new URL(baseUrl).port;
    const headers = { 'content-type': 'application/json' };
    const card = (await (
      await fetch(`${baseUrl}/v1/vcard`, { method: 'POST', headers, body: '{"fullName":"Ada"}' })
    ).json()) as {
      generatorUrl: string;
    };
    expect(card.generatorUrl).toBe(`http://localhost:${port}/`);
    const job = await fetch(`${baseUrl}/v1/jobs/vcard`, { method: 'POST', headers, body: '{"fullName":"Ada"}' });
    expect(job.status).toBe(202);
    expect(job.headers.get('location')).toMatch(new RegExp(`^http://localhost:${port}/v1/jobs/job_`));
    const error = (await (await fetch(`${baseUrl}/v1/jobs/nope`)).json()) as { error: { docsUrl: string } };
    expect(error.error.docsUrl).toMatch(new RegExp(`^http://localhost:${port}/docs/errors#`));
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('on SIGTERM ends an open stream with a shutdown event and exits 0 within 2 s', async () => {
    const exited = service.exited;
    let sigtermAt = 0;
    const received: Array<{ type: string; id: string; data: Record<string, unknown> }> = [];
    await new Promise<void>((resolve, reject) => {
      const source = new EventSource(`${baseUrl}/v1/stream?intervalMs=1000`);
      const timer = setTimeout(() => {
        source.close();
        reject(new Error(`no shutdown event; got ${JSON.stringify(received)}`));
      }, 5000);
      for (const type of ['progress', 'complete', 'shutdown']) {
        source.addEventListener(type, (event) => {
          received.push({ type, id: event.lastEventId, data: JSON.parse(event.data) });
          if (received.length === 1) {
            sigtermAt = Date.now();
            child.kill('SIGTERM');
          }
          if (type !== 'progress') {
            clearTimeout(timer);
            source.close();
            resolve();
          }
        });
      }
    });
    const exit = await exited;
    expect(received.map((e) => [e.type, e.id])).toEqual([
      ['progress', '1'],
      ['shutdown', '1'],
    ]);
    expect(received[1].data).toMatchObject({ operation: 'create_vcard_payload' });
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sigtermAt).toBeLessThan(2000);
  });
});
