import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { Observable, ReplaySubject } from 'rxjs';

/** Longest wait, once shutdown begins, for held responses to finish (a client may not be reading). */
const DRAIN_TIMEOUT_MS = 1000;

/**
 * Tells long-lived responses (SSE streams) that the application is shutting down, so they can
 * send a last event and end instead of holding the server open.
 */
@Injectable()
export class ShutdownSignal implements BeforeApplicationShutdown {
  private readonly subject = new ReplaySubject<void>(1);
  private readonly held = new Set<Promise<void>>();

  /** Emits once and completes when shutdown begins; a late subscriber gets it at once. */
  readonly requested$: Observable<void> = this.subject.asObservable();

  /**
   * Makes shutdown wait (at most DRAIN_TIMEOUT_MS) for `response` to close after the signal. The
   * HTTP server closes only idle connections; a stream still flushing its last event when the
   * server closes would keep a keep-alive connection open until the client drops it.
   */
  holdUntilClosed(response: ServerResponse): void {
    if (response.closed) return;
    const closed = new Promise<void>((resolve) => response.once('close', resolve));
    this.held.add(closed);
    void closed.then(() => this.held.delete(closed));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.subject.next();
    this.subject.complete();
    if (this.held.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_TIMEOUT_MS)));
    await Promise.race([Promise.all(this.held), timeout]);
    clearTimeout(timer);
  }
}
