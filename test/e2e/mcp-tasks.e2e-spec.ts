import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  type CallToolResult,
  type Progress,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listenTestApp } from '../utils/test-app';

/**
 * Batches as MCP tasks and progress notifications, through the official v1 client: a batch run as a
 * task to its result, progress on the call and on tasks/result, and plain JSON for everything else.
 */

const contacts = (n: number): object[] =>
  Array.from({ length: n }, (_, i) => ({ fullName: `Person ${i}`, email: `p${i}@example.com` }));

describe('MCP tasks and progress for batches', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let client: Client;

  beforeAll(async () => {
    ({ app, baseUrl } = await listenTestApp());
    client = new Client({ name: 'e2e-tasks', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
    await client.listTools();
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const post = (body: object, accept = 'application/json, text/event-stream') =>
    fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, ...body }),
    });

  it('declares tool calls as tasks, and create_vcard_batch as a tool that may run as one', async () => {
    expect(client.getServerCapabilities()?.tasks).toEqual({ requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'create_vcard_batch')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.filter((tool) => tool.execution !== undefined)).toHaveLength(1);
  });

  it('runs a batch as a task, with its status and progress, to its result: the batch, its items and its links', async () => {
    const progress: Progress[] = [];
    const statuses: Task[] = [];
    let result: CallToolResult | undefined;
    const stream = client.experimental.tasks.callToolStream(
      { name: 'create_vcard_batch', arguments: { contacts: contacts(300) } },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p) },
    );
    for await (const message of stream) {
      if (message.type === 'taskCreated' || message.type === 'taskStatus') statuses.push(message.task);
      if (message.type === 'result') result = message.result as CallToolResult;
      if (message.type === 'error') throw message.error;
    }
    const [created] = statuses;
    expect(created.taskId).toMatch(/^batch_[0-9A-Z]{26}\.[A-Za-z0-9_-]+$/);
    expect(created).toMatchObject({ status: 'working', ttl: 900_000, pollInterval: 1000 });
    expect(statuses.at(-1)).toMatchObject({
      status: 'completed',
      statusMessage: '300 of 300 contacts processed (300 succeeded, 0 failed).',
    });
    const batchId = created.taskId.split('.')[0];
    expect(result?.structuredContent).toMatchObject({ id: batchId, status: 'succeeded', progress: { processed: 300 } });
    expect(result?._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId: created.taskId } });
    const [json, items, ...links] = result?.content ?? [];
    expect(JSON.parse((json as { text: string }).text)).toEqual(result?.structuredContent);
    const page = JSON.parse((items as { text: string }).text) as { data: { index: number }[]; pagination: object };
    expect(page.data.map((item) => item.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(page.pagination).toMatchObject({ has_more: true });
    expect(links.map((link) => (link as { name: string }).name)).toEqual(
      expect.arrayContaining(['batch', 'cards.vcf', 'codes.zip']),
    );
    // Same as the polling tools answer, from the same store.
    const polled = await client.callTool({ name: 'get_vcard_batch', arguments: { batchId } });
    expect(polled.structuredContent).toEqual(result?.structuredContent);
    // tasks/result sent this call's progress (its token is in the task id), increasing to the total.
    expect(progress.at(-1)).toMatchObject({ progress: 300, total: 300 });
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
  });

  it('answers tasks/get from the store: an unknown or malformed task id is -32602', async () => {
    const answer = (await (
      await post({
        method: 'tools/call',
        params: { name: 'create_vcard_batch', arguments: { contacts: contacts(3) }, task: {} },
      })
    ).json()) as { result: { task: Task } };
    expect(answer.result).toBeDefined();
    const { task } = answer.result;
    expect(task.taskId).toMatch(/^batch_[0-9A-Z]{26}$/);
    const got = await client.experimental.tasks.getTask(task.taskId);
    expect(got).toMatchObject({ taskId: task.taskId, createdAt: task.createdAt });
    for (const taskId of ['batch_01ARZ3NDEKTSV4RRFFQ69G5FAV', 'nothing', `${task.taskId}.%%`])
      await expect(client.experimental.tasks.getTask(taskId)).rejects.toMatchObject({ code: -32602 });
  });

  it('refuses a task whose batch is refused with -32602 and the Error JSON, and a task of another tool with -32601', async () => {
    const answer = (await (
      await post({
        method: 'tools/call',
        params: { name: 'create_vcard_batch', arguments: { contacts: [] }, task: {} },
      })
    ).json()) as { error: { code: number; data: { error: { code: string } } } };
    expect(answer.error).toMatchObject({ code: -32602, data: { error: { code: 'invalid_request' } } });
    const other = (await (
      await post({ method: 'tools/call', params: { name: 'list_templates', arguments: {}, task: {} } })
    ).json()) as { error: { code: number; message: string } };
    expect(other.error).toEqual({
      code: -32601,
      message: 'Tool list_templates does not run as a task: call it without params.task.',
    });
  });

  it('sends progress for a progressToken on a plain call, over SSE, and answers the finished batch', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'create_vcard_batch', arguments: { contacts: contacts(1000) } },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.structuredContent).toMatchObject({ status: 'succeeded', progress: { processed: 1000 } });
    // How many notifications depends on how fast the batch runs (mcp-progress.spec.ts counts them).
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({
      progress: 1000,
      total: 1000,
      message: expect.stringMatching(/^1000 of 1000/),
    });
    const raw = await post({
      method: 'tools/call',
      params: { name: 'create_vcard_batch', arguments: { contacts: contacts(2) }, _meta: { progressToken: 'p1' } },
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    const events = (await raw.text()).split('\n').filter((line) => line.startsWith('data: '));
    expect(events.map((line) => (JSON.parse(line.slice(6)) as { method?: string }).method)).toEqual([
      'notifications/progress',
      undefined,
    ]);
  });

  it('answers every other message as plain JSON, a batch call without a token included', async () => {
    const plain = await post({
      method: 'tools/call',
      params: { name: 'create_vcard_batch', arguments: { contacts: contacts(1) } },
    });
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(((await plain.json()) as { result: CallToolResult }).result.structuredContent).toMatchObject({
      status: 'queued',
    });
    const other = await post({
      method: 'tools/call',
      params: { name: 'list_templates', arguments: {}, _meta: { progressToken: 3 } },
    });
    expect(other.headers.get('content-type')).toBe('application/json');
  });
});
