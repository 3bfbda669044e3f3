import { describe, expect, it } from '@jest/globals';
import type { BatchRecord } from '../../infra/store/batch-record';
import { followBatch, sendsProgress } from './mcp-progress';
import { taskId } from './mcp-task-id';

const batch = (processed: number, status: BatchRecord['status'] = 'running'): BatchRecord => ({
  id: 'batch_01ARZ3NDEKTSV4RRFFQ69G5FAV',
  status,
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: null,
  total: 100,
  processed,
  succeeded: processed,
  failed: 0,
  client: '127.0.0.1',
});

describe('followBatch', () => {
  it('reports each larger count once, never a count twice, until the batch has finished', async () => {
    const looks = [batch(0, 'queued'), batch(0), batch(50), batch(50), batch(75), batch(100, 'succeeded')];
    const reported: number[] = [];
    const last = await followBatch(
      () => Promise.resolve(looks.shift() as BatchRecord),
      new AbortController().signal,
      (now) => Promise.resolve(void reported.push(now.processed)),
    );
    expect(reported).toEqual([50, 75, 100]);
    expect(last.status).toBe('succeeded');
  });

  it('stops waiting when the signal aborts', async () => {
    const abort = new AbortController();
    const waiting = followBatch(
      () => Promise.resolve(batch(10)),
      abort.signal,
      () => Promise.resolve(),
    );
    abort.abort();
    await expect(waiting).resolves.toMatchObject({ status: 'running' });
  });
});

describe('sendsProgress', () => {
  const call = (params: object) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
  it('streams only a batch call with a token, and tasks/result for a task with one', () => {
    expect(sendsProgress(call({ name: 'create_vcard_batch', _meta: { progressToken: 1 } }))).toBe(true);
    expect(sendsProgress(call({ name: 'create_vcard_batch' }))).toBe(false);
    expect(sendsProgress(call({ name: 'list_templates', _meta: { progressToken: 'x' } }))).toBe(false);
    expect(sendsProgress(call({ name: 'create_vcard_batch', _meta: { progressToken: 1.5 } }))).toBe(false);
    const id = 'batch_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const result = (params: object) => ({ jsonrpc: '2.0', id: 2, method: 'tasks/result', params });
    expect(sendsProgress(result({ taskId: taskId(id, 7) }))).toBe(true);
    expect(sendsProgress(result({ taskId: id }))).toBe(false);
    expect(sendsProgress(result({ taskId: id, _meta: { progressToken: 'own' } }))).toBe(true);
    expect(sendsProgress([call({ name: 'create_vcard_batch', _meta: { progressToken: 1 } })])).toBe(false);
    expect(sendsProgress(null)).toBe(false);
  });
});
