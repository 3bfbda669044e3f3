import { describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { useTestApp } from '../utils/test-app';

/**
 * The 2026-07-28 revision in raw JSON-RPC over app.inject(): no initialize, each request carries its
 * protocol version and the client's capabilities in `_meta` and the MCP-Protocol-Version, Mcp-Method
 * (and Mcp-Name) headers; results carry `resultType`, lists `ttlMs` and `cacheScope`.
 */

const VERSION = '2026-07-28';
const BUDGET = 1000;

interface JsonRpcAnswer {
  id?: number | null;
  result?: Record<string, unknown> & { structuredContent?: unknown; content?: { type: string }[] };
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

interface Answer {
  status: number;
  bytes: number;
  remaining: number;
  contentType: string;
  json: JsonRpcAnswer;
}

const meta = (version = VERSION) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-e2e', version: '1.0.0' },
});

/** A 2026-07-28 request and the headers a client sends with it (Mcp-Name mirrors params.name or uri). */
function modern(method: string, params: Record<string, unknown> = {}, version = VERSION) {
  const name = (params.name ?? params.uri) as string | undefined;
  return {
    body: { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: meta(version) } },
    headers: {
      'mcp-protocol-version': version,
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    } as Record<string, string>,
  };
}

async function post(
  app: NestFastifyApplication,
  { body, headers }: { body: unknown; headers: Record<string, string> },
): Promise<Answer> {
  const res = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    payload: JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    bytes: res.rawPayload.length,
    remaining: Number(res.headers['ratelimit-remaining']),
    contentType: String(res.headers['content-type']),
    json: res.json() as JsonRpcAnswer,
  };
}

describe('MCP 2026-07-28: stateless requests', () => {
  const suite = useTestApp({ RATE_LIMIT_MAX: String(BUDGET) });

  it('describes the server on server/discover, cacheable, with its identity in _meta', async () => {
    const answer = await post(suite.app, modern('server/discover'));
    expect(answer.status).toBe(200);
    expect(answer.json.result).toMatchObject({
      supportedVersions: [VERSION],
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: expect.stringContaining('create_vcard_qr_code'),
      resultType: 'complete',
      ttlMs: 600_000,
      cacheScope: 'public',
      _meta: {
        'io.modelcontextprotocol/serverInfo': {
          name: 'vcard-payload-service',
          icons: [expect.objectContaining({ mimeType: 'image/svg+xml' })],
        },
      },
    });
  });

  it('answers every list with resultType, ttlMs and cacheScope; tools/list stays under 24,000 bytes', async () => {
    const lists: [string, string][] = [
      ['tools/list', 'tools'],
      ['prompts/list', 'prompts'],
      ['resources/list', 'resources'],
      ['resources/templates/list', 'resourceTemplates'],
    ];
    for (const [method, key] of lists) {
      const answer = await post(suite.app, modern(method));
      expect(answer.status).toBe(200);
      expect(answer.json.result).toMatchObject({ resultType: 'complete', ttlMs: 600_000, cacheScope: 'public' });
      expect(answer.json.result?.[key]).toEqual(expect.arrayContaining([expect.any(Object)]));
      if (method === 'tools/list') expect(answer.bytes).toBeLessThanOrEqual(24_000);
    }
  });

  it('calls a tool with no initialize: the REST answer as structuredContent, one unit of the budget per call', async () => {
    const contact = { fullName: 'Ada Lovelace', email: 'ada@example.com' };
    const first = await post(suite.app, modern('tools/call', { name: 'create_vcard_payload', arguments: contact }));
    const second = await post(suite.app, modern('tools/call', { name: 'create_vcard_payload', arguments: contact }));
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.json.result?.resultType).toBe('complete');
      // Tool results are not cacheable: no cache fields.
      expect(answer.json.result).not.toHaveProperty('ttlMs');
    }
    expect(second.remaining).toBe(first.remaining - 1);
    const rest = await suite.app.inject({ method: 'POST', url: '/v1/vcard', payload: contact });
    expect(first.json.result?.structuredContent).toEqual(rest.json());
  });

  it('reads a resource and refuses an unknown one with -32602 naming its uri', async () => {
    const read = await post(suite.app, modern('resources/read', { uri: 'vcard://product' }));
    expect(read.json.result).toMatchObject({ resultType: 'complete', contents: [{ uri: 'vcard://product' }] });
    const missing = await post(suite.app, modern('resources/read', { uri: 'vcard://nothing' }));
    expect(missing.json.error).toMatchObject({ code: -32602, data: { uri: 'vcard://nothing' } });
  });

  it('answers a malformed tools/call with the one-line -32602 of the 2025 era', async () => {
    const answer = await post(suite.app, modern('tools/call', { arguments: 'x' }));
    expect(answer.json.error).toEqual({
      code: -32602,
      message: 'Invalid tools/call params: params.name must be a tool name; params.arguments must be an object.',
    });
  });

  it('refuses a protocol version it does not serve with -32022, naming the ones it does', async () => {
    const answer = await post(suite.app, modern('tools/list', {}, '2027-01-01'));
    expect(answer.status).toBe(400);
    expect(answer.json.id).toBe(7);
    expect(answer.json.error).toMatchObject({
      code: -32022,
      data: { supported: [VERSION], requested: '2027-01-01' },
    });
  });
});

describe('MCP 2026-07-28: the Mcp-Method, Mcp-Name and MCP-Protocol-Version headers', () => {
  const suite = useTestApp({ RATE_LIMIT_MAX: String(BUDGET) });
  const call = () => modern('tools/call', { name: 'get_product_context', arguments: {} });

  it('answers when the headers mirror the body', async () => {
    expect((await post(suite.app, call())).json.result?.structuredContent).toEqual(expect.any(Object));
  });

  it.each([
    ['Mcp-Method names another method', { 'mcp-method': 'tools/list' }],
    ['Mcp-Name names another tool', { 'mcp-name': 'list_templates' }],
    ['MCP-Protocol-Version disagrees with _meta', { 'mcp-protocol-version': '2025-11-25' }],
  ])('refuses a request whose %s: 400, -32020 (header mismatch), nothing run', async (_, headers) => {
    const request = call();
    const answer = await post(suite.app, { body: request.body, headers: { ...request.headers, ...headers } });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.code).toBe(-32020);
    expect(answer.json.result).toBeUndefined();
  });

  it.each(['mcp-protocol-version', 'mcp-method', 'mcp-name'])('refuses a request without %s (-32020)', async (name) => {
    const request = call();
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([header]) => header !== name));
    const answer = await post(suite.app, { body: request.body, headers });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.code).toBe(-32020);
  });

  it('refuses initialize sent with a 2026-07-28 MCP-Protocol-Version header (-32020)', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const answer = await post(suite.app, { body, headers: { 'mcp-protocol-version': VERSION } });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.code).toBe(-32020);
  });

  it('still answers a 2025-era client on the same endpoint: initialize, then a request without _meta', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const init = await post(suite.app, { body, headers: {} });
    expect(init.contentType).toMatch(/^application\/json/);
    expect(init.json.result).toMatchObject({ protocolVersion: '2025-11-25' });
    expect(init.json.result).not.toHaveProperty('resultType');
    const list = await post(suite.app, {
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      headers: { 'mcp-protocol-version': '2025-11-25' },
    });
    expect(list.json.result).not.toHaveProperty('ttlMs');
    expect(list.json.result?.tools).toHaveLength(9);
  });
});
