import type { BatchRecord } from '../../infra/store/batch-record';
import { taskIdParts, type ProgressToken } from './mcp-task-id';

/** Pause between two looks at a batch while a call waits for it: at most ten notifications a second. */
export const FOLLOW_POLL_MS = 100;

/** The one tool that runs long enough to report progress: a batch. */
export const PROGRESS_TOOL = 'create_vcard_batch';

/** A message's `_meta.progressToken`, when it has a valid one. */
export function progressTokenOf(params: unknown): ProgressToken | undefined {
  const meta = (params as { _meta?: { progressToken?: unknown } } | undefined)?._meta;
  const token = meta?.progressToken;
  return typeof token === 'string' || Number.isSafeInteger(token) ? (token as ProgressToken) : undefined;
}

/**
 * Whether this POST's message will send progress before its answer, so the answer must be an SSE
 * stream: a create_vcard_batch call with a progress token, or a tasks/result for a batch task with
 * one (its own, or the one of the call that created the task). Every other message is answered as
 * plain JSON.
 */
export function sendsProgress(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown; taskId?: unknown } };
  if (method === 'tools/call') return params?.name === PROGRESS_TOOL && progressTokenOf(params) !== undefined;
  if (method !== 'tasks/result') return false;
  return progressTokenOf(params) !== undefined || taskIdParts(params?.taskId)?.progressToken !== undefined;
}

/** A finished batch: every contact has its outcome, or it failed. */
export const isFinished = (batch: BatchRecord): boolean => batch.status === 'succeeded' || batch.status === 'failed';

/** The words of a batch's progress, for a progress notification and a task's statusMessage. */
export const progressMessage = (batch: BatchRecord): string =>
  `${batch.processed} of ${batch.total} contacts processed (${batch.succeeded} succeeded, ${batch.failed} failed).`;

/** The MCP progress notification for a batch's count. */
export function progressNotification(progressToken: ProgressToken, batch: BatchRecord) {
  return {
    method: 'notifications/progress' as const,
    params: { progressToken, progress: batch.processed, total: batch.total, message: progressMessage(batch) },
  };
}

/**
 * Looks at a batch until it has finished (or the signal aborts the wait), calling `onProgress`
 * each time more contacts are processed: the count never goes back, so each notification is larger
 * than the one before, as MCP requires. Reads the store, so it follows a batch any instance runs.
 */
export async function followBatch(
  look: () => Promise<BatchRecord>,
  signal: AbortSignal,
  onProgress: (batch: BatchRecord) => Promise<void>,
): Promise<BatchRecord> {
  let reported = 0;
  for (;;) {
    const batch = await look();
    if (batch.processed > reported) {
      reported = batch.processed;
      await onProgress(batch);
    }
    if (isFinished(batch) || signal.aborted) return batch;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, FOLLOW_POLL_MS);
      signal.addEventListener('abort', done, { once: true });
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}
