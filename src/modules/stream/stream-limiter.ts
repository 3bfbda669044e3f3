import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';

/**
 * Counts the event streams each client address holds open, so one client cannot pin an unbounded
 * number of long-lived responses (and their memory). A slot is taken before the stream starts and
 * given back when its response closes, however it ends (complete, shutdown, client gone).
 */
@Injectable()
export class StreamLimiter {
  private readonly open = new Map<string, number>();
  readonly maxPerClient: number;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.maxPerClient = config.streams.maxPerClient;
  }

  /** Takes a slot for `client`: the function that gives it back (call it once), or null when the client is at its cap. */
  acquire(client: string): (() => void) | null {
    const held = this.open.get(client) ?? 0;
    if (held >= this.maxPerClient) return null;
    this.open.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.open.get(client) ?? 1) - 1;
      if (now === 0) this.open.delete(client);
      else this.open.set(client, now);
    };
  }

  /** Streams `client` holds open now. */
  held(client: string): number {
    return this.open.get(client) ?? 0;
  }
}
