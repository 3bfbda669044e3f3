import { Injectable, MessageEvent } from '@nestjs/common';
import { concat, concatMap, defer, EMPTY, from, map, Observable, of, takeUntil, tap, timer } from 'rxjs';
import { ShutdownSignal } from '../../core/lifecycle/shutdown-signal';
import type { StreamOperation } from './dto/stream.query';
import { RECONNECT_DELAY_MS, shutdownEvent } from './stream-events';

export interface StreamOptions {
  /** Pause between events in milliseconds; 0 sends them at once. */
  intervalMs: number;
  /** Id of the last event the client already has ("0" for none). */
  lastId: string;
}

/** The one writer of the service's event streams: every stream ends early, and cleanly, on shutdown. */
@Injectable()
export class StreamService {
  constructor(private readonly shutdown: ShutdownSignal) {}

  /**
   * Sends `events` until they complete, which ends the response. If the application starts
   * shutting down first, the rest is dropped and `last(lastId)` is sent last (lastId: the id of the
   * last event sent), so the server never waits on an open stream.
   */
  send(
    events: Observable<MessageEvent>,
    last: (lastId: string) => MessageEvent,
    lastId = '0',
  ): Observable<MessageEvent> {
    return defer(() => {
      let sent = lastId;
      let cutByShutdown = false;
      const stop$ = this.shutdown.requested$.pipe(tap(() => (cutByShutdown = true)));
      return concat(
        events.pipe(
          takeUntil(stop$),
          tap((event) => (sent = event.id ?? sent)),
        ),
        defer(() => (cutByShutdown ? of(last(sent)) : EMPTY)),
      );
    });
  }

  /** An operation's events in order, paced, the first with the `retry:` hint (see send). */
  open(operation: StreamOperation, events: MessageEvent[], options: StreamOptions): Observable<MessageEvent> {
    const paced = from(events).pipe(
      concatMap((event, index) =>
        index === 0 || options.intervalMs === 0 ? of(event) : timer(options.intervalMs).pipe(map(() => event)),
      ),
      map((event, index) => (index === 0 ? { ...event, retry: RECONNECT_DELAY_MS } : event)),
    );
    return this.send(paced, (lastId) => shutdownEvent(operation, lastId), options.lastId);
  }
}
