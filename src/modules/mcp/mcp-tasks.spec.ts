import { describe, expect, it } from '@jest/globals';
import type { CallToolResult, Server } from '@modelcontextprotocol/server';
import { ApiError } from '../../core/errors/api-error';
import type { BatchRecord } from '../../infra/store/batch-record';
import type { ServiceConfig } from '../../options/service-config';
import type { BatchesService } from '../batches/batches.service';
import type { McpCallContext } from './mcp-call-context';
import { McpTasks } from './mcp-tasks';
import type { McpTools } from './mcp-tools';

const ID = 'batch_01ARZ3NDEKTSV4RRFFQ69G5FAV';

const record = (status: BatchRecord['status'], processed: number): BatchRecord => ({
  id: ID,
  status,
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: status === 'succeeded' || status === 'failed' ? '2026-01-01T00:00:01.000Z' : null,
  total: 4,
  processed,
  succeeded: status === 'failed' ? 1 : processed,
  failed: status === 'failed' ? processed - 1 : 0,
  client: '127.0.0.1',
});

type Handler = (request: { params: Record<string, unknown> }, extra: object) => Promise<unknown>;

/** The tasks/get and tasks/result handlers McpTasks registers, over a store that answers `looks` in turn. */
function tasksOver(looks: BatchRecord[]) {
  const batches = {
    get: (id: string) => {
      if (id !== ID) return Promise.reject(new ApiError('batch_not_found'));
      return Promise.resolve(looks.length > 1 ? (looks.shift() as BatchRecord) : looks[0]);
    },
  } as unknown as BatchesService;
  const tools = {
    callTool: (name: string): Promise<CallToolResult> =>
      Promise.resolve({
        structuredContent: { id: ID, tool: name },
        content: [
          { type: 'text', text: name },
          ...(name === 'get_vcard_batch'
            ? [{ type: 'resource_link' as const, uri: `vcard-batch://${ID}`, name: 'batch' }]
            : []),
        ],
      }),
  } as unknown as McpTools;
  const config = { jobs: { ttlSeconds: 60 } } as ServiceConfig;
  const handlers: Handler[] = [];
  const server = {
    registerCapabilities: () => undefined,
    setRequestHandler: (_method: string, handler: Handler) => handlers.push(handler),
  } as unknown as Server;
  new McpTasks(config, batches, tools).extend(server, {} as McpCallContext);
  const notifications: unknown[] = [];
  const extra = {
    mcpReq: {
      signal: new AbortController().signal,
      notify: (notification: unknown) => Promise.resolve(void notifications.push(notification)),
    },
  };
  const [get, result] = handlers;
  return {
    get: (taskId: unknown) => get({ params: { taskId } }, extra),
    result: (params: Record<string, unknown>) => result({ params }, extra),
    notifications,
  };
}

describe('McpTasks', () => {
  it('maps a batch to a task: working while queued or running, then completed or failed', async () => {
    for (const [status, expected] of [
      ['queued', 'working'],
      ['running', 'working'],
      ['succeeded', 'completed'],
      ['failed', 'failed'],
    ] as const) {
      const batch = record(status, status === 'queued' ? 0 : 4);
      await expect(tasksOver([batch]).get(ID)).resolves.toEqual({
        taskId: ID,
        status: expected,
        statusMessage: `${batch.processed} of 4 contacts processed (${batch.succeeded} succeeded, ${batch.failed} failed).`,
        createdAt: batch.created_at,
        lastUpdatedAt: batch.completed_at ?? batch.created_at,
        ttl: 60_000,
        pollInterval: 1000,
      });
    }
  });

  it('answers -32602 for a task it never gave or no longer has', async () => {
    for (const id of ['batch_01BX5ZZKBKACTAV9WEVGEMMVRZ', 'x', 3])
      await expect(tasksOver([record('queued', 0)]).get(id)).rejects.toMatchObject({ code: -32602 });
  });

  it("waits for the batch, sends the creating call's progress and the final status, then the tool's result", async () => {
    const tasks = tasksOver([record('queued', 0), record('running', 2), record('succeeded', 4)]);
    const taskId = `${ID}.${Buffer.from('"tok"').toString('base64url')}`;
    const result = (await tasks.result({ taskId })) as CallToolResult;
    expect(tasks.notifications).toEqual([
      expect.objectContaining({
        method: 'notifications/progress',
        params: expect.objectContaining({ progressToken: 'tok', progress: 2 }),
      }),
      expect.objectContaining({
        method: 'notifications/progress',
        params: expect.objectContaining({ progress: 4, total: 4 }),
      }),
      { method: 'notifications/tasks/status', params: expect.objectContaining({ taskId, status: 'completed' }) },
    ]);
    // The batch's JSON, then the first outcomes, then the links.
    expect(result.content.map((block) => (block.type === 'text' ? block.text : block.type))).toEqual([
      'get_vcard_batch',
      'list_vcard_batch_items',
      'resource_link',
    ]);
    expect(result.isError).toBeUndefined();
    expect(result._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId } });
  });

  it('answers a failed batch as an error result, and sends nothing without a token', async () => {
    const tasks = tasksOver([record('failed', 4)]);
    const result = (await tasks.result({ taskId: ID })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(tasks.notifications).toEqual([]);
  });
});
