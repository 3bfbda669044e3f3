import { describe, expect, it } from '@jest/globals';
import { lastValueFrom, toArray } from 'rxjs';
import { ShutdownSignal } from '../../core/lifecycle/shutdown-signal';
import { streamEvents } from './stream-events';
import { StreamService } from './stream.service';

describe('StreamService', () => {
  it('sends every event, the first with the retry hint, then completes', async () => {
    const service = new StreamService(new ShutdownSignal());
    const sent = await lastValueFrom(
      service
        .open('create_vcard_payload', streamEvents('create_vcard_payload'), { intervalMs: 0, lastId: '0' })
        .pipe(toArray()),
    );
    expect(sent.map((e) => [e.type, e.id, e.retry])).toEqual([
      ['progress', '1', 3000],
      ['progress', '2', undefined],
      ['progress', '3', undefined],
      ['complete', '4', undefined],
    ]);
  });

  it('sends only the shutdown event to a stream opened after shutdown began, repeating the last id', async () => {
    const signal = new ShutdownSignal();
    await signal.beforeApplicationShutdown();
    const service = new StreamService(signal);
    const events = streamEvents('get_product_context').slice(2);
    const sent = await lastValueFrom(
      service.open('get_product_context', events, { intervalMs: 0, lastId: '2' }).pipe(toArray()),
    );
    expect(sent).toEqual([
      {
        type: 'shutdown',
        id: '2',
        retry: 3000,
        data: { operation: 'get_product_context', message: expect.stringMatching(/shutting down/) },
      },
    ]);
  });
});
