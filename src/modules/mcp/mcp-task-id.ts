import { isBatchId } from '../batches/batch-id';

/** A progress token as MCP allows it: a string or an integer. */
export type ProgressToken = string | number;

/** The longest progress token a task id carries (longer ones get no progress on polls). */
const MAX_TOKEN_CHARS = 128;

/** What a task id names: its batch, and the progress token of the call that created it, if any. */
export interface TaskIdParts {
  batchId: string;
  progressToken?: ProgressToken;
}

/**
 * A batch task's id: the batch id, and after a dot the call's progress token (base64url JSON), so
 * that whichever instance a poll reaches can send that call's progress without a record of its own.
 * The batch is the task's state; the id is the whole of what is not in the batch.
 */
export function taskId(batchId: string, progressToken?: ProgressToken): string {
  if (progressToken === undefined) return batchId;
  const token = JSON.stringify(progressToken);
  if (token.length > MAX_TOKEN_CHARS) return batchId;
  return `${batchId}.${Buffer.from(token, 'utf8').toString('base64url')}`;
}

/** The parts of a task id; undefined when it is not one this server gives. */
export function taskIdParts(id: unknown): TaskIdParts | undefined {
  if (typeof id !== 'string') return undefined;
  const dot = id.indexOf('.');
  const batchId = dot < 0 ? id : id.slice(0, dot);
  if (!isBatchId(batchId)) return undefined;
  if (dot < 0) return { batchId };
  const encoded = id.slice(dot + 1);
  if (encoded.length === 0 || encoded.length > 2 * MAX_TOKEN_CHARS || !/^[A-Za-z0-9_-]+$/.test(encoded))
    return undefined;
  try {
    const token: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (typeof token === 'string' || Number.isSafeInteger(token))
      return { batchId, progressToken: token as ProgressToken };
  } catch {
    // Not JSON: not an id this server gave.
  }
  return undefined;
}
