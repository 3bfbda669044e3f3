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

/** Turns a list of events into an SSE Observable that ends early, and cleanly, on shutdown. */
@Injectable()
export class StreamService {
  constructor(private readonly shutdown: ShutdownSignal) {}

  /**
   * Emits `events` in order (the first with the `retry:` hint), then completes, which ends the
   * response. If the application starts shutting down first, the remaining events are dropped
   * and a `shutdown` event is sent last, so the server never waits on an open stream.
   */
  open(operation: StreamOperation, events: MessageEvent[], options: StreamOptions): Observable<MessageEvent> {
    return defer(() => {
      let lastId = options.lastId;
      let cutByShutdown = false;
      const paced = from(events).pipe(
        concatMap((event, index) =>
          index === 0 || options.intervalMs === 0 ? of(event) : timer(options.intervalMs).pipe(map(() => event)),
        ),
        map((event, index) => (index === 0 ? { ...event, retry: RECONNECT_DELAY_MS } : event)),
      );
      const stop$ = this.shutdown.requested$.pipe(tap(() => (cutByShutdown = true)));
      return concat(
        paced.pipe(
          takeUntil(stop$),
          tap((event) => (lastId = event.id ?? lastId)),
        ),
        defer(() => (cutByShutdown ? of(shutdownEvent(operation, lastId)) : EMPTY)),
      );
    });
  }
}
