import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConsoleLogger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/standalone/create-app';
import { TEST_ENV } from '../utils/test-app';

/** The production JSON logger, with its output captured instead of written to stdout. */
class CapturingLogger extends ConsoleLogger {
  readonly lines: string[] = [];
  constructor() {
    super({ json: true, colors: false });
  }
  protected override printMessages(...args: Parameters<ConsoleLogger['printMessages']>): void {
    const [messages, context, logLevel] = args;
    for (const message of messages) {
      this.lines.push(JSON.stringify({ level: logLevel, context, message }));
    }
  }
}

describe('structured request logs', () => {
  let app: NestFastifyApplication;
  const logger = new CapturingLogger();
  const secret = 'Quintessa Marlowe-Fitzgerald';
  beforeAll(async () => {
    app = await createApp({ env: { ...TEST_ENV, LOG_LEVEL: 'info' }, logger });
  });
  afterAll(() => app.close());

  it('writes one JSON line per request with method, route pattern, status, latency and request id', async () => {
    logger.lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/templates/business-card',
      headers: { 'x-request-id': 'req-abc.1' },
    });
    expect(res.headers['x-request-id']).toBe('req-abc.1');
    const generated = await app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    logger.lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/v1/templates/business-card',
      headers: { 'x-request-id': 'req-abc.1' },
    });
    const requestLines = logger.lines.map((l) => JSON.parse(l)).filter((l) => l.context === 'http');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0].message).toEqual({
      msg: 'request',
      requestId: 'req-abc.1',
      method: 'GET',
      route: '/v1/templates/:id',
      status: 200,
      latencyMs: expect.any(Number),
    });
  });

  it('never logs contact values, even for errors, query strings or crashes', async () => {
    logger.lines.length = 0;
    const headers = { 'content-type': 'application/json' };
    const body = JSON.stringify({ fullName: secret, email: `${secret.split(' ')[0]}@example.com`, note: secret });
    await app.inject({ method: 'POST', url: '/v1/vcard', headers, payload: body });
    await app.inject({
      method: 'POST',
      url: `/v1/vcard?template=${encodeURIComponent(secret)}`,
      headers,
      payload: body,
    });
    await app.inject({
      method: 'POST',
      url: '/v1/vcard',
      headers,
      payload: JSON.stringify({ fullName: secret, phone: secret }),
    });
    await app.inject({ method: 'GET', url: `/v1/${encodeURIComponent(secret)}` });
    expect(logger.lines.length).toBeGreaterThanOrEqual(4);
    const all = logger.lines.join('\n');
    expect(all).not.toContain('Quintessa');
    expect(all).not.toContain('Marlowe');
  });
});
