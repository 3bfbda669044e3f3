import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERROR_CODES } from '../../src/core/errors/error-codes';
import { codePicture } from '../utils/code-picture';
import { listenTestApp } from '../utils/test-app';

// A flood of scans on an instance whose scan pool holds one scan (one worker, no queue): the scans
// beyond it are refused at once with 503 scanner_busy in the Error shape, with Retry-After, while
// the scan admitted is answered and the JSON routes go on answering; read_qr_code likewise.

const CONTACT = { fullName: 'Ada Lovelace', email: 'ada@example.com' };

describe('POST /v1/scans when every scanner is busy', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let photo: Buffer;

  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp({ RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '0' }));
    const card = await fetch(`${baseUrl}/v1/vcard`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(CONTACT),
    });
    const { qrPayload } = (await card.json()) as { qrPayload: string };
    photo = codePicture(qrPayload, 1200, 900, { left: 300, top: 200, module: 8 }).png;
  });
  afterAll(() => app?.close());

  const post = async (path: string, type: string, body: Uint8Array<ArrayBuffer> | string) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
  };

  it('refuses the scans beyond the pool at once with 503 scanner_busy and Retry-After; a JSON request answers 200 meanwhile', async () => {
    const scans = Array.from({ length: 6 }, () => post('/v1/scans', 'image/png', new Uint8Array(photo)));
    const card = post('/v1/vcard', 'application/json', JSON.stringify(CONTACT));
    const answers = await Promise.all(scans);
    expect((await card).status).toBe(200);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(answers.length - busy.length);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThan(answers.length);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe('1');
      expect(answer.json).toEqual({
        error: {
          code: 'scanner_busy',
          message: ERROR_CODES.scanner_busy.message,
          hint: ERROR_CODES.scanner_busy.hint,
          status: 503,
          docsUrl: 'http://localhost:3000/docs/errors#scanner_busy',
        },
      });
    }
    // Once the flood has drained, a scan is admitted again.
    expect((await post('/v1/scans', 'image/png', new Uint8Array(photo))).status).toBe(200);
  });

  it('refuses read_qr_code calls beyond the pool as tool errors whose code is scanner_busy', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
    try {
      const image = photo.toString('base64');
      const calls = Array.from(
        { length: 4 },
        () => client.callTool({ name: 'read_qr_code', arguments: { image } }) as Promise<CallToolResult>,
      );
      const results = await Promise.all(calls);
      const refused = results.filter((result) => result.isError);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.length).toBeLessThan(results.length);
      for (const result of refused)
        expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
          error: { code: 'scanner_busy', status: 503 },
        });
    } finally {
      await client.close();
    }
  });
});
