import { describe, expect, it } from '@jest/globals';
import { taskId, taskIdParts } from './mcp-task-id';

const BATCH = 'batch_01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('task ids', () => {
  it('are the batch id, with the progress token after a dot when the call had one', () => {
    expect(taskId(BATCH)).toBe(BATCH);
    expect(taskIdParts(taskId(BATCH))).toEqual({ batchId: BATCH });
    for (const token of [0, 42, 'abc', 'ü/.+=', Number.MAX_SAFE_INTEGER])
      expect(taskIdParts(taskId(BATCH, token))).toEqual({ batchId: BATCH, progressToken: token });
    expect(taskId(BATCH, 7)).toMatch(/^batch_[0-9A-Z]{26}\.[A-Za-z0-9_-]+$/);
  });

  it('leave out a token too long to carry', () => {
    expect(taskId(BATCH, 'x'.repeat(200))).toBe(BATCH);
  });

  it('are refused when this server did not give them', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const id of [
      undefined,
      7,
      '',
      'batch_x',
      `${BATCH}.`,
      `${BATCH}.%%`,
      `${BATCH}.${encode('{}')}`,
      `${BATCH}.${encode('1.5')}`,
      `${BATCH}.${encode('nope')}`,
    ])
      expect(taskIdParts(id)).toBeUndefined();
  });
});
