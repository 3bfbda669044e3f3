import type { MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { BatchStore } from '../../infra/store/batch-store';

/** Pause between two looks at a batch's progress for the event stream: at most 4 events a second. */
const PROGRESS_POLL_MS = 250;

/**
 * Real progress of a batch as events: a `progress` event whenever more contacts are processed
 * (percent = processed / total, never going back), at most four a second, then `complete` with the
 * final counts. Reads the store, so it works from any instance. StreamService writes it.
 */
export function batchProgress(store: BatchStore, batchId: string): Observable<MessageEvent> {
  return new Observable<MessageEvent>((subscriber) => {
    let id = 0;
    let lastProcessed = -1;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const look = async (): Promise<void> => {
      if (stopped) return;
      const now = await store.get(batchId).catch(() => null);
      if (stopped) return;
      if (!now) return subscriber.complete();
      const counts = { total: now.total, processed: now.processed, succeeded: now.succeeded, failed: now.failed };
      if (now.status === 'succeeded' || now.status === 'failed') {
        subscriber.next({
          type: 'complete',
          id: String(++id),
          data: { batchId: now.id, status: now.status, percent: 100, progress: counts },
        });
        return subscriber.complete();
      }
      if (now.processed > lastProcessed) {
        lastProcessed = now.processed;
        const percent = Math.floor((now.processed * 100) / now.total);
        subscriber.next({
          type: 'progress',
          id: String(++id),
          data: { batchId: now.id, status: now.status, percent, progress: counts },
        });
      }
      timer = setTimeout(() => void look(), PROGRESS_POLL_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  });
}

/** The last event of a batch's stream cut by shutdown. */
export function batchShutdownEvent(batchId: string, lastId: string): MessageEvent {
  return {
    type: 'shutdown',
    id: lastId,
    data: { batchId, message: 'The server is shutting down; reconnect later to follow the batch.' },
  };
}
