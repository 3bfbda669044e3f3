import { afterAll, beforeAll, expect, it } from '@jest/globals';
import Redis from 'ioredis';
import { RedisServer } from '../../../../test/utils/redis-server';
import { describeWithRedis } from '../../../../test/utils/system-program';
import type { StoredItem } from '../batch-record';
import { RedisBatchStore } from './redis-batch-store';
import { queuedBatch } from '../../../../test/fixtures/batch-record';

const LIMITS = { perClient: 2, total: 3 };

describeWithRedis()('RedisBatchStore against a real redis-server', () => {
  let server: RedisServer;
  let redis: Redis;
  beforeAll(async () => {
    server = await RedisServer.start();
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    redis.disconnect();
    await server.stop();
  });

  it('stores contacts in order, records each outcome once however often its chunk runs, and completes', async () => {
    const store = new RedisBatchStore(redis, 60, null);
    const batch = queuedBatch(5);
    // As sent: the texts are stored and returned as they are, spacing and all.
    const contacts = [0, 1, 2, 3, 4].map((n) => `{ "fullName": "P${n}" }`);
    expect(await store.create(batch, contacts, LIMITS)).toEqual({ created: true });
    expect(await store.contacts(batch.id, 1, 4)).toEqual(contacts.slice(1, 4));
    const first: StoredItem[] = [
      { ok: true, qrPayload: 'a' },
      { ok: false, error: { code: 'invalid_request' } },
      { ok: true, qrPayload: 'c' },
    ];
    expect(await store.recordResults(batch.id, 0, first)).toMatchObject({
      status: 'running',
      processed: 3,
      succeeded: 2,
      failed: 1,
    });
    // The same chunk again (a crashed worker's chunk recovered), with other outcomes: the first stay.
    expect(
      await store.recordResults(batch.id, 0, [
        { ok: true, qrPayload: 'x' },
        { ok: true, qrPayload: 'y' },
        { ok: true, qrPayload: 'z' },
      ]),
    ).toMatchObject({ processed: 3, succeeded: 2 });
    const done = await store.recordResults(batch.id, 3, [
      { ok: true, qrPayload: 'd' },
      { ok: true, qrPayload: 'e' },
    ]);
    expect(done).toMatchObject({ status: 'succeeded', processed: 5, succeeded: 4, failed: 1 });
    expect(done!.completed_at).not.toBeNull();
    expect((await store.items(batch.id, 0, 5)).map((item) => (item?.ok ? item.qrPayload : item?.error.code))).toEqual([
      'a',
      'invalid_request',
      'c',
      'd',
      'e',
    ]);
    // Finished: the contacts are gone, the outcomes stay until expiry, and it no longer counts as active.
    expect(await store.contacts(batch.id, 0, 5)).toEqual([]);
    expect(await store.active(batch.client)).toEqual({ client: 0, total: 0 });
  });

  it('refuses over the limits in the create step; Idempotency-Key replays; fail() finishes a batch as failed', async () => {
    await redis.flushall();
    const store = new RedisBatchStore(redis, 60, null);
    const a = queuedBatch(2);
    const b = queuedBatch(2);
    expect(await store.create(a, ['{}', '{}'], LIMITS, { key: 'k1', fingerprint: 'f1' })).toEqual({ created: true });
    expect(await store.create(b, ['{}', '{}'], LIMITS)).toEqual({ created: true });
    expect(await store.create(queuedBatch(2), ['{}'], LIMITS)).toEqual({ created: false, refused: 'client' });
    expect(await store.create(queuedBatch(2, '198.51.100.7'), ['{}'], LIMITS)).toEqual({ created: true });
    expect(await store.create(queuedBatch(2, '198.51.100.8'), ['{}'], LIMITS)).toEqual({
      created: false,
      refused: 'service',
    });
    const replay = await store.create(queuedBatch(2), ['{}'], LIMITS, { key: 'k1', fingerprint: 'other' });
    expect(replay).toMatchObject({ created: false, existing: { id: a.id }, fingerprint: 'f1' });
    expect(await store.findByIdempotencyKey('k1')).toMatchObject({ record: { id: a.id }, fingerprint: 'f1' });
    await store.fail(b.id);
    expect(await store.get(b.id)).toMatchObject({ status: 'failed' });
    expect(await store.active(a.client)).toEqual({ client: 1, total: 2 });
    // A finished batch is not failed afterwards.
    await store.recordResults(a.id, 0, [
      { ok: true, qrPayload: 'a' },
      { ok: true, qrPayload: 'b' },
    ]);
    await store.fail(a.id);
    expect(await store.get(a.id)).toMatchObject({ status: 'succeeded' });
  });

  it('keeps a style beside the batch until the batch expires; none for an unknown batch', async () => {
    const store = new RedisBatchStore(redis, 60, null);
    const batch = queuedBatch(1);
    expect(await store.setStyle(batch.id, { modules: 'dots' })).toBe(false);
    await store.create(batch, ['{ "fullName": "P" }'], LIMITS);
    expect(await store.style(batch.id)).toBeNull();
    expect(await store.setStyle(batch.id, { modules: 'dots', colors: { dark: '#123' } })).toBe(true);
    expect(await store.style(batch.id)).toEqual({ modules: 'dots', colors: { dark: '#123' } });
    // It expires with the batch (the batch's time to live when it was set, 60 s here).
    const styleTtl = await redis.pttl(`{vcard-batches}:style:${batch.id}`);
    expect(styleTtl).toBeGreaterThan(50_000);
    expect(styleTtl).toBeLessThanOrEqual(60_000);
  });
});
