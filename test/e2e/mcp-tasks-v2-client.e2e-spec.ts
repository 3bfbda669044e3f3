import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Client,
  specTypeSchemas,
  StreamableHTTPClientTransport,
  type Progress,
  type Task,
} from '@modelcontextprotocol/client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listenTestApp } from '../utils/test-app';

/**
 * The official v2 client (`@modelcontextprotocol/client`) with a batch as a task, progress and the
 * card view. v2 has no runtime for the Tasks extension (its typed methods leave tasks/* out), so
 * tasks/get and tasks/result go through its schema-checked `request()`.
 */

const VERSION = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

const contacts = (n: number): object[] => Array.from({ length: n }, (_, i) => ({ fullName: `Person ${i}` }));

describe('MCP tasks, progress and the view with the official v2 client', () => {
  let app: NestFastifyApplication;
  let client: Client;
  let endpoint: URL;

  beforeAll(async () => {
    let baseUrl: string;
    ({ app, baseUrl } = await listenTestApp());
    endpoint = new URL('/mcp', baseUrl);
    client = new Client({ name: 'e2e-v2-tasks', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(endpoint));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('follows a batch task: polled with tasks/get, its result with progress from tasks/result', async () => {
    // v2 checks every tools/call answer as a CallToolResult and refuses a task's ("content is
    // required when the body carries 'task'"): the call that creates the task is sent as JSON-RPC.
    const created = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_vcard_batch', arguments: { contacts: contacts(120) }, task: {} },
      }),
    });
    const { task } = ((await created.json()) as { result: { task: Task } }).result;
    expect(task).toMatchObject({ taskId: expect.stringMatching(/^batch_/), status: 'working' });
    const polled = await client.request(
      { method: 'tasks/get', params: { taskId: task.taskId } },
      specTypeSchemas.GetTaskResult,
    );
    expect(polled).toMatchObject({ taskId: task.taskId, createdAt: task.createdAt });
    const progress: Progress[] = [];
    const result = await client.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      specTypeSchemas.CallToolResult,
      {
        onprogress: (p) => progress.push(p),
      },
    );
    expect(result.structuredContent).toMatchObject({ status: 'succeeded', progress: { processed: 120, total: 120 } });
    // The request's own token: its progress, to the total, over the SSE answer.
    expect(progress.at(-1)).toMatchObject({ progress: 120, total: 120 });
    const done = await client.request(
      { method: 'tasks/get', params: { taskId: task.taskId } },
      specTypeSchemas.GetTaskResult,
    );
    expect(done.status).toBe('completed');
  });

  it('sends progress for a plain batch call with onprogress', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'create_vcard_batch', arguments: { contacts: contacts(80) } },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.structuredContent).toMatchObject({ status: 'succeeded' });
    expect(progress.at(-1)).toMatchObject({ progress: 80, total: 80 });
  });

  it('reads the card view that create_vcard_qr_code links', async () => {
    const { tools } = await client.listTools();
    const uri = (tools.find((tool) => tool.name === 'create_vcard_qr_code')?._meta?.ui as { resourceUri: string })
      .resourceUri;
    const { contents } = await client.readResource({ uri });
    expect(contents).toEqual([
      expect.objectContaining({
        uri,
        mimeType: 'text/html;profile=mcp-app',
        text: expect.stringMatching(/^<!doctype html>/),
      }),
    ]);
  });
});

/** 2026-07-28 took tasks out of the protocol: progress only, and a batch call stays the polling tool. */
describe('MCP progress on 2026-07-28 with the v2 client pinned to it', () => {
  let app: NestFastifyApplication;
  let client: Client;
  let endpoint: URL;

  beforeAll(async () => {
    let baseUrl: string;
    ({ app, baseUrl } = await listenTestApp());
    endpoint = new URL('/mcp', baseUrl);
    client = new Client(
      { name: 'e2e-v2-modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: VERSION } } },
    );
    await client.connect(new StreamableHTTPClientTransport(endpoint));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  /** A raw 2026-07-28 request, with its envelope and headers. */
  const modern = (id: number, method: string, params: Record<string, unknown>) =>
    fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': VERSION,
        'mcp-method': method,
        ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
        ...(typeof params.taskId === 'string' ? { 'mcp-name': params.taskId } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method,
        params: { ...params, _meta: { ...(params._meta as object), ...ENVELOPE } },
      }),
    });

  it('sends progress for a batch call with onprogress, over SSE, and answers the finished batch', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'create_vcard_batch', arguments: { contacts: contacts(80) } },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.structuredContent).toMatchObject({ status: 'succeeded' });
    expect(progress.at(-1)).toMatchObject({ progress: 80, total: 80 });
  });

  it('offers no tasks: no capability, no execution, tasks/get and tasks/result are -32601, a task param is not read', async () => {
    const discovered = (await (await modern(1, 'server/discover', {})).json()) as {
      result: { capabilities: Record<string, unknown> };
    };
    expect(discovered.result.capabilities.tasks).toBeUndefined();
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => 'execution' in tool)).toEqual([]);
    for (const method of ['tasks/get', 'tasks/result']) {
      const answer = (await (await modern(2, method, { taskId: 'batch_01ARZ3NDEKTSV4RRFFQ69G5FAV' })).json()) as {
        error?: { code: number };
      };
      expect(answer.error?.code).toBe(-32601);
    }
    const call = await modern(3, 'tools/call', {
      name: 'create_vcard_batch',
      arguments: { contacts: contacts(2) },
      task: {},
    });
    expect(call.headers.get('content-type')).toMatch(/^application\/json/);
    const answered = (await call.json()) as { result?: { task?: unknown; structuredContent?: { id?: string } } };
    expect(answered.result?.task).toBeUndefined();
    expect(answered.result?.structuredContent?.id).toMatch(/^batch_/);
  });
});
