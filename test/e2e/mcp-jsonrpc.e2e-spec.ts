import { describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { useTestApp } from '../utils/test-app';

/** Raw JSON-RPC over app.inject(): what an SDK client would never send, and what each POST costs. */

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const BUDGET = 1000;

interface JsonRpcAnswer {
  result?: { content: { type: string }[] };
  error?: { code: number; message: string; data?: { error: { code: string } } };
}

interface Answer {
  status: number;
  remaining: number;
  json: JsonRpcAnswer;
}

async function post(app: NestFastifyApplication, body: unknown): Promise<Answer> {
  const res = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: JSON.stringify(body) });
  return {
    status: res.statusCode,
    remaining: Number(res.headers['ratelimit-remaining']),
    json: res.body === '' ? {} : (res.json() as JsonRpcAnswer),
  };
}

const call = (id: number, name: string, args: unknown): object => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

const qrCall = (id: number): object => call(id, 'create_vcard_qr_code', { fullName: `Person ${id}`, scale: 40 });

/** A batch of 250 contacts: 3 units of the budget beyond its request, were it ever run. */
const batchCall = (id: number): object =>
  call(id, 'create_vcard_batch', {
    contacts: Array.from({ length: 250 }, (_, i) => ({ fullName: `P${i}` })),
  });

describe('MCP: one JSON-RPC message per POST, one unit of the budget per message', () => {
  const suite = useTestApp({ RATE_LIMIT_MAX: String(BUDGET) });

  it('refuses a JSON-RPC batch with 400 and a JSON-RPC error in the Error shape, running none of it', async () => {
    const before = await post(suite.app, { jsonrpc: '2.0', id: 0, method: 'ping' });
    expect(before.status).toBe(200);

    const batch = await post(suite.app, [qrCall(1), batchCall(2), qrCall(3)]);
    expect(batch.status).toBe(400);
    expect(batch.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'The MCP request body is a JSON-RPC batch; send one message per POST.',
        data: {
          error: expect.objectContaining({
            code: 'jsonrpc_batch_refused',
            status: 400,
            hint: expect.stringContaining('in a POST of its own'),
            docsUrl: 'http://localhost:3000/docs/errors#jsonrpc_batch_refused',
          }),
        },
      },
    });
    // The POST cost its one unit; the batch tool inside it (3 more units) never ran.
    expect(batch.remaining).toBe(before.remaining - 1);
    expect((await post(suite.app, { jsonrpc: '2.0', id: 4, method: 'ping' })).remaining).toBe(before.remaining - 2);
  });

  it('refuses an empty array and an array of one the same way', async () => {
    for (const body of [[], [qrCall(1)]]) {
      const answer = await post(suite.app, body);
      expect(answer.status).toBe(400);
      expect(answer.json.error?.data?.error.code).toBe('jsonrpc_batch_refused');
      expect(answer.json.result).toBeUndefined();
    }
  });

  it('charges 50 separate tool calls 50 units', async () => {
    const first = await post(suite.app, qrCall(0));
    expect(first.status).toBe(200);
    let last = first;
    for (let i = 1; i <= 50; i++) {
      last = await post(suite.app, qrCall(i));
      expect(last.status).toBe(200);
      expect(last.json.result?.content[0].type).toBe('image');
    }
    expect(first.remaining - last.remaining).toBe(50);
  });
});
