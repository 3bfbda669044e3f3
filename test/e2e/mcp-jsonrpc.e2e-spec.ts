import { describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { useTestApp } from '../utils/test-app';

/** Raw JSON-RPC over app.inject(): what an SDK client would never send, and what each POST costs. */

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const BUDGET = 1000;

interface JsonRpcAnswer {
  id?: number | null;
  result?: { content: { type: string; text?: string }[]; isError?: boolean; tools?: unknown[] };
  error?: { code: number; message: string; data?: { error: { code: string } } };
}

interface Answer {
  status: number;
  remaining: number;
  json: JsonRpcAnswer;
}

async function post(app: NestFastifyApplication, body: unknown): Promise<Answer & { bytes: number }> {
  const res = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: JSON.stringify(body) });
  return {
    status: res.statusCode,
    bytes: res.rawPayload.length,
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

/** The Error JSON of a refused tool call (isError, the error as its one text block). */
function toolError(answer: Answer): { code: string; details?: { fields?: { field: string; issue: string }[] } } {
  expect(answer.json.result?.isError).toBe(true);
  return (JSON.parse(answer.json.result!.content[0].text!) as { error: { code: string } }).error;
}

describe("MCP: tools/call params and the tools' own schemas", () => {
  const suite = useTestApp();

  it('answers a tools/call without a name, its arguments a string, with -32602 and a short message', async () => {
    for (const params of [{ arguments: 'x' }, { name: 'list_templates', arguments: 'x' }, { name: 42 }, undefined]) {
      const answer = await post(suite.app, { jsonrpc: '2.0', id: 9, method: 'tools/call', params });
      expect(answer.status).toBe(200);
      expect(answer.json.id).toBe(9);
      expect(answer.json.error?.code).toBe(-32602);
      expect(answer.json.error?.message).toMatch(/^Invalid tools\/call params: /);
      // No validator's report: a sentence, not a dump of issues.
      expect(answer.json.error!.message.length).toBeLessThan(120);
      expect(answer.json.error!.message).not.toMatch(/invalid_type|expected|\n/);
    }
    const both = await post(suite.app, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: 'x' } });
    expect(both.json.error?.message).toBe(
      'Invalid tools/call params: params.name must be a tool name; params.arguments must be an object.',
    );
  });

  it('refuses an argument no tool schema names, for every tool (additionalProperties: false)', async () => {
    const valid: Record<string, Record<string, unknown>> = {
      create_vcard_payload: { fullName: 'A' },
      create_vcard_qr_code: { fullName: 'A' },
      import_vcard: { vcard: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n' },
      list_templates: {},
      get_product_context: {},
      create_vcard_batch: { contacts: [{ fullName: 'A' }] },
      get_vcard_batch: { batchId: 'batch_01J0000000000000000000000' },
      list_vcard_batch_items: { batchId: 'batch_01J0000000000000000000000' },
      read_qr_code: { image: 'iVBORw0KGgo=' },
    };
    const list = await post(suite.app, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = list.json.result!.tools as { name: string; inputSchema: { additionalProperties?: boolean } }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(valid).sort());
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties).toBe(false);
      const answer = await post(suite.app, call(1, tool.name, { ...valid[tool.name], x: 1 }));
      const error = toolError(answer);
      // The contact's and the query's own words: invalid_request naming x, or invalid_query naming it.
      expect(['invalid_request', 'invalid_query']).toContain(error.code);
      expect(JSON.stringify(error)).toContain('"x"');
    }
    const product = toolError(await post(suite.app, call(2, 'get_product_context', { x: 1 })));
    expect(product).toMatchObject({ code: 'invalid_request', details: { fields: [{ field: 'x', issue: 'unknown' }] } });
  });

  it('answers tools/list in at most 24,000 bytes', async () => {
    const list = await post(suite.app, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(list.status).toBe(200);
    expect(list.json.result!.tools).toHaveLength(9);
    expect(list.bytes).toBeLessThanOrEqual(24_000);
  });
});
