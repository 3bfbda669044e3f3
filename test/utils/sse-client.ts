import { EventSource } from 'eventsource';

export interface ReceivedEvent {
  type: string;
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: Record<string, any>;
  at: number;
}

const EVENT_TYPES = ['progress', 'complete', 'shutdown'];

/**
 * Reads a stream with the real EventSource client until one of `until` arrives, then closes it,
 * as a browser app should (a normal end would otherwise make EventSource reconnect). Rejects on a
 * stream error or after `timeoutMs`.
 */
export function collectEvents(
  url: string,
  options: { until?: string[]; onEvent?: (event: ReceivedEvent, count: number) => void; timeoutMs?: number } = {},
): Promise<ReceivedEvent[]> {
  const until = options.until ?? ['complete'];
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    const source = new EventSource(url);
    const events: ReceivedEvent[] = [];
    const timer = setTimeout(() => {
      source.close();
      reject(new Error(`no ${until.join('/')} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
    }, timeoutMs);
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        const received = { type, id: event.lastEventId, data: JSON.parse(event.data), at: Date.now() };
        events.push(received);
        options.onEvent?.(received, events.length);
        if (until.includes(type)) {
          clearTimeout(timer);
          source.close();
          resolve(events);
        }
      });
    }
    source.onerror = (error) => {
      clearTimeout(timer);
      source.close();
      reject(
        new Error(`stream failed (${error.code ?? 'no status'}): ${error.message}; got ${JSON.stringify(events)}`),
      );
    };
  });
}
