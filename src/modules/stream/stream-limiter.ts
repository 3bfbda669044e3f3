import { ServiceMetrics } from '../../core/metrics/service-metrics';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';

export type StreamSlot = { release: () => void } | { refused: 'client' | 'service' };

/**
 * Counts the event streams open per client address and in all, so neither one client nor a crowd
 * can pin an unbounded number of long-lived responses (each holds about 50 KB). A slot is taken
 * before the stream starts and given back when its response closes, however it ends (complete,
 * shutdown, client gone).
 */
@Injectable()
export class StreamLimiter {
  private readonly open = new Map<string, number>();
  private total = 0;
  readonly maxPerClient: number;
  readonly maxTotal: number;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig, metrics: ServiceMetrics) {
    this.maxPerClient = config.streams.maxPerClient;
    this.maxTotal = config.streams.maxTotal;
    metrics.gauge('vcard_sse_streams_open', 'Event streams (GET /v1/stream) open on this instance.', () => this.total);
  }

  /** Takes a slot for `client`: `release` gives it back (once is enough), or which cap refused it. */
  acquire(client: string): StreamSlot {
    const held = this.open.get(client) ?? 0;
    if (held >= this.maxPerClient) return { refused: 'client' };
    if (this.total >= this.maxTotal) return { refused: 'service' };
    this.open.set(client, held + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const now = (this.open.get(client) ?? 1) - 1;
        if (now === 0) this.open.delete(client);
        else this.open.set(client, now);
      },
    };
  }

  /** Streams open now: `client`'s, or all. */
  held(client?: string): number {
    return client === undefined ? this.total : (this.open.get(client) ?? 0);
  }
}
