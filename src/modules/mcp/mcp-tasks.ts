import { Inject, Injectable } from '@nestjs/common';
import type { CallToolResult, Result, Server, ServerContext, Task } from '@modelcontextprotocol/server';
import { ApiError } from '../../core/errors/api-error';
import type { BatchRecord } from '../../infra/store/batch-record';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { BatchesService } from '../batches/batches.service';
import type { McpCallContext } from './mcp-call-context';
import type { McpFeature, McpToolCall } from './mcp-feature';
import {
  followBatch,
  isFinished,
  PROGRESS_TOOL,
  progressMessage,
  progressNotification,
  progressTokenOf,
} from './mcp-progress';
import { taskId, taskIdParts, type ProgressToken } from './mcp-task-id';
import { McpTools } from './mcp-tools';

/** How often a client should poll tasks/get, in milliseconds (the SDK client waits this long). */
const POLL_INTERVAL_MS = 1000;
/** Outcomes a finished task's result carries; the rest are list_vcard_batch_items' to page. */
const RESULT_ITEMS = 100;
/** Where a result names the task it belongs to (the Tasks extension's `_meta` key). */
const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

/** A task this server never gave or no longer has, in the words the SDK uses (JSON-RPC -32602). */
const taskNotFound = (): Error =>
  Object.assign(new Error('Task not found: unknown, or expired with its batch.'), { code: -32602 });

/** A task asked of a tool that does not run as one (JSON-RPC -32601, Method not found). */
const notATask = (name: string): Error =>
  Object.assign(new Error(`Tool ${name.slice(0, 64)} does not run as a task: call it without params.task.`), {
    code: -32601,
  });

/** How tasks/get and tasks/result are registered: by method name, each handler with its request. */
type TaskHandlerSetter = (
  method: 'tasks/get' | 'tasks/result',
  handler: (request: { params: { taskId: string } }, ctx: ServerContext) => Promise<Result>,
) => void;

/** Whether a request came in the 2026-07-28 era: its `_meta` carried that revision's envelope. */
const isModern = (ctx: ServerContext): boolean => ctx.mcpReq.envelope !== undefined;

/**
 * The MCP Tasks extension for batches, and progress notifications for a batch call (an McpFeature).
 *
 * - Tasks (2025-11-25, the revision that defines them; 2026-07-28 took them out of the protocol and
 *   the SDK drops the capability and the tools' `execution` from that era's answers, where tasks/get
 *   and tasks/result are -32601): a create_vcard_batch call with a `task` param answers at once with
 *   a task whose id names its batch (mcp-task-id.ts). The batch is the task's state, in the
 *   BatchStore (memory or Redis), so any instance answers tasks/get and tasks/result, and the task
 *   expires with its batch.
 * - Progress (both eras): a call with a `_meta.progressToken` and no task waits for its batch,
 *   sending notifications/progress as its contacts are processed (over an SSE answer:
 *   McpHttpTransport), and answers what get_vcard_batch answers once it has finished.
 *
 * Without either, the call is the polling tool it always was (McpTools answers it).
 */
@Injectable()
export class McpTasks implements McpFeature {
  /** The server's tasks capability: tool calls may be tasks; no list, no cancel (a batch runs to its end). */
  readonly capability = { requests: { tools: { call: {} } } };

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly batches: BatchesService,
    private readonly calls: McpTools,
  ) {}

  /** The tasks capability, tasks/get and tasks/result on one request's server. */
  extend(server: Server, context: McpCallContext): void {
    server.registerCapabilities({ tasks: this.capability });
    // The 2025-11-25 methods, typed out of the SDK's method list (it has no runtime for them) but
    // checked against that revision's schemas; the 2026-07-28 era answers them -32601.
    const serve = server.setRequestHandler.bind(server) as unknown as TaskHandlerSetter;
    serve('tasks/get', async ({ params }) => {
      const parts = taskIdParts(params.taskId);
      if (!parts) throw taskNotFound();
      return this.task(await this.batch(parts.batchId), params.taskId);
    });
    serve('tasks/result', ({ params }, ctx) => this.result(params.taskId, progressTokenOf(params), ctx, context));
  }

  /** A batch call as a task or with progress; undefined for any other call (its tool's feature answers it). */
  takeToolCall(call: McpToolCall, ctx: ServerContext, context: McpCallContext): Promise<Result> | undefined {
    const { name, arguments: args } = call;
    // 2026-07-28 has no tasks: a `task` param there is not this revision's, and the call runs plainly.
    const task = isModern(ctx) ? undefined : call.task;
    const progressToken = progressTokenOf(call);
    // A tool whose taskSupport is forbidden (every other tool): -32601, as the Tasks extension says.
    if (name !== PROGRESS_TOOL && task !== undefined) return Promise.reject(notATask(name));
    if (name !== PROGRESS_TOOL || (task === undefined && progressToken === undefined)) return undefined;
    return task === undefined
      ? this.callWithProgress(args, progressToken as ProgressToken, ctx, context)
      : this.createTask(args, progressToken, context);
  }

  /** Creates the batch and answers its task (CreateTaskResult); a refused batch is a JSON-RPC error. */
  private async createTask(args: unknown, progressToken: ProgressToken | undefined, context: McpCallContext) {
    const batch = await this.created(args, context);
    return { task: this.task(batch, taskId(batch.id, progressToken)) };
  }

  /** Creates the batch, follows it to its end with progress, then answers what get_vcard_batch answers. */
  private async callWithProgress(
    args: unknown,
    progressToken: ProgressToken,
    ctx: ServerContext,
    context: McpCallContext,
  ): Promise<CallToolResult> {
    const created = await this.calls.callTool(PROGRESS_TOOL, args as Record<string, unknown>, context);
    const id = (created.structuredContent as { id?: string } | undefined)?.id;
    if (created.isError || id === undefined) return created;
    await followBatch(
      () => this.batches.get(id),
      ctx.mcpReq.signal,
      (batch) => ctx.mcpReq.notify(progressNotification(progressToken, batch)),
    );
    return this.calls.callTool('get_vcard_batch', { batchId: id }, context);
  }

  /**
   * tasks/result: waits for the batch to finish (sending progress for the request's own token, or
   * the creating call's), then answers the tool's result: the batch as get_vcard_batch answers it,
   * its first outcomes, and the resource links to its files.
   */
  private async result(id: string, own: ProgressToken | undefined, ctx: ServerContext, context: McpCallContext) {
    const parts = taskIdParts(id);
    if (!parts) throw taskNotFound();
    const token = own ?? parts.progressToken;
    const notify = ctx.mcpReq.notify;
    const batch = await followBatch(
      () => this.batch(parts.batchId),
      ctx.mcpReq.signal,
      (now) => (token === undefined ? Promise.resolve() : notify(progressNotification(token, now))),
    );
    if (!isFinished(batch)) throw Object.assign(new Error('The request was cancelled.'), { code: -32603 });
    if (token !== undefined) await notify({ method: 'notifications/tasks/status', params: this.task(batch, id) });
    const found = await this.calls.callTool('get_vcard_batch', { batchId: batch.id }, context);
    const items = await this.calls.callTool(
      'list_vcard_batch_items',
      { batchId: batch.id, limit: RESULT_ITEMS },
      context,
    );
    const [json, ...links] = found.content;
    return {
      ...found,
      content: [json, ...items.content.filter((block) => block.type === 'text'), ...links],
      ...(batch.status === 'failed' ? { isError: true } : {}),
      _meta: { [RELATED_TASK_META_KEY]: { taskId: id } },
    };
  }

  /** The batch a create_vcard_batch call created, or the call's error as a JSON-RPC error. */
  private async created(args: unknown, context: McpCallContext): Promise<BatchRecord> {
    const created = await this.calls.callTool(PROGRESS_TOOL, args as Record<string, unknown>, context);
    const id = (created.structuredContent as { id?: string } | undefined)?.id;
    if (!created.isError && id !== undefined) return this.batch(id);
    const text = created.content[0]?.type === 'text' ? created.content[0].text : '{}';
    const body = JSON.parse(text) as { error?: { message?: string } };
    throw Object.assign(new Error(body.error?.message ?? 'The batch was refused.'), { code: -32602, data: body });
  }

  private async batch(id: string): Promise<BatchRecord> {
    try {
      return await this.batches.get(id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'batch_not_found') throw taskNotFound();
      throw error;
    }
  }

  /** A batch as a task: working until it has finished, then completed or failed; kept as long as the batch. */
  private task(batch: BatchRecord, id: string): Task {
    return {
      taskId: id,
      status: batch.status === 'succeeded' ? 'completed' : batch.status === 'failed' ? 'failed' : 'working',
      statusMessage: progressMessage(batch),
      createdAt: batch.created_at,
      // The store keeps no time of each chunk: the batch's creation until it has finished.
      lastUpdatedAt: batch.completed_at ?? batch.created_at,
      ttl: this.config.jobs.ttlSeconds * 1000,
      pollInterval: POLL_INTERVAL_MS,
    };
  }
}
