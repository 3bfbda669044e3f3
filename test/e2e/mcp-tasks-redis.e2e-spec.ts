import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RedisServer } from '../utils/redis-server';
import { startAll } from '../utils/start-all';
import { describeWithRedis } from '../utils/system-program';
import { buildTestApp } from '../utils/test-app';

// A batch task on two instances sharing a real Redis: created on one, polled and its result read
// (with progress) on the other. The task is its batch, in the shared store: no instance keeps it.

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

interface Message {
  id?: number;
  method?: string;
  params?: { progress?: number; total?: number; status?: string };
  result?: Record<string, unknown> & { task?: { taskId: string; status: string } };
  error?: { code: number };
}

/** One POST's messages: the JSON answer, or every event of the SSE answer. */
async function post(app: NestFastifyApplication, method: string, params: object): Promise<Message[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: HEADERS,
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  if (String(res.headers['content-type']).startsWith('application/json')) return [res.json() as Message];
  return res.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Message);
}

describeWithRedis()('MCP batch tasks across instances (REDIS_URL)', () => {
  let redis: RedisServer;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  beforeAll(async () => {
    redis = await RedisServer.start();
    const env = { REDIS_URL: redis.url };
    [a, b] = await startAll([buildTestApp(env), buildTestApp(env)], (app) => app.close());
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('creates a task on one instance, and the other answers tasks/get and tasks/result', async () => {
    const contacts = Array.from({ length: 150 }, (_, i) => ({ fullName: `Person ${i}` }));
    const [created] = await post(a, 'tools/call', { name: 'create_vcard_batch', arguments: { contacts }, task: {} });
    const task = created.result?.task as { taskId: string; status: string };
    expect(task.status).toBe('working');

    const [polled] = await post(b, 'tasks/get', { taskId: task.taskId });
    expect(polled.result).toMatchObject({ taskId: task.taskId, ttl: 900_000 });

    const messages = await post(b, 'tasks/result', { taskId: task.taskId, _meta: { progressToken: 'on-b' } });
    const result = messages.at(-1)?.result as { structuredContent: { id: string; status: string } };
    expect(result.structuredContent).toMatchObject({ id: task.taskId, status: 'succeeded' });
    const progress = messages.filter((message) => message.method === 'notifications/progress');
    expect(progress.at(-1)?.params).toMatchObject({ progress: 150, total: 150 });
    expect(messages.filter((message) => message.method === 'notifications/tasks/status').at(-1)?.params).toMatchObject({
      status: 'completed',
    });

    // The task is its batch: the first instance's REST route answers it too.
    const batch = await a.inject({ method: 'GET', url: `/v1/batches/${task.taskId}` });
    expect(batch.json()).toMatchObject({ id: task.taskId, status: 'succeeded' });
    const [done] = await post(a, 'tasks/get', { taskId: task.taskId });
    expect(done.result).toMatchObject({ status: 'completed' });
  });
});
