import { afterAll, beforeAll, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import Redis from 'ioredis';
import { RedisServer } from '../utils/redis-server';
import { collectEvents } from '../utils/sse-client';
import { SpawnedService } from '../utils/spawned-service';
import { startAll } from '../utils/start-all';
import { describeWithRedis } from '../utils/system-program';

// Batches on Redis with BullMQ: two instances of the built service (as npm start runs it) share a
// real redis-server. A batch created on one is processed by both, watched, paged and downloaded
// from the other; an instance killed mid-batch leaves its chunk to the other (stalled-job
// recovery), and every contact still has exactly one outcome.

const JSON_HEADERS = { 'content-type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Batch {
  id: string;
  status: string;
  progress: { total: number; processed: number; succeeded: number; failed: number };
  links: { self: string; stream: string };
}

function contacts(n: number, badEvery = 50): Array<Record<string, string>> {
  return Array.from({ length: n }, (_, i) => ({
    fullName: `Person ${i}`,
    email: i % badEvery === badEvery - 1 ? `not-an-email-${i}` : `person${i}@example.com`,
  }));
}

function cardNames(vcf: string): string[] {
  const parsed = ICAL.parse(vcf) as unknown[];
  const components = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][];
  return components.map((jcal) => String(new ICAL.Component(jcal).getFirstPropertyValue('fn')));
}

async function createBatch(
  service: SpawnedService,
  body: string,
  headers: Record<string, string> = JSON_HEADERS,
): Promise<Response> {
  return fetch(`${service.baseUrl}/v1/batches`, { method: 'POST', headers, body });
}

async function finished(service: SpawnedService, id: string, timeoutMs = 30_000): Promise<Batch> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const batch = (await (await fetch(`${service.baseUrl}/v1/batches/${id}`)).json()) as Batch & { error?: unknown };
    if (batch.error) throw new Error(`GET batch: ${JSON.stringify(batch.error)}`);
    if (batch.status === 'succeeded' || batch.status === 'failed') return batch;
    await sleep(100);
  }
  throw new Error('the batch did not finish');
}

async function allItems(service: SpawnedService, id: string): Promise<Array<{ index: number; status: string }>> {
  const items: Array<{ index: number; status: string }> = [];
  let cursor = '';
  for (;;) {
    const page = (await (
      await fetch(`${service.baseUrl}/v1/batches/${id}/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
    ).json()) as {
      data: Array<{ index: number; status: string }>;
      pagination: { next_cursor: string | null };
    };
    items.push(...page.data);
    if (!page.pagination.next_cursor) return items;
    cursor = encodeURIComponent(page.pagination.next_cursor);
  }
}

describeWithRedis()('batches on Redis and BullMQ, two instances', () => {
  let redis: RedisServer;
  let a: SpawnedService;
  let b: SpawnedService;
  beforeAll(async () => {
    redis = await RedisServer.start();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: '1000000' };
    [a, b] = await startAll([SpawnedService.start(env), SpawnedService.start(env)], (service) => service.kill());
  }, 60_000);
  afterAll(async () => {
    a?.kill();
    b?.kill();
    await redis?.stop();
  });

  it('created on one instance: watched (real EventSource), paged and downloaded from the other', async () => {
    const input = contacts(3000);
    const created = (await (await createBatch(a, JSON.stringify({ contacts: input }))).json()) as Batch;
    const events = await collectEvents(`${b.baseUrl}/v1/stream?batchId=${created.id}`, { timeoutMs: 30_000 });
    expect(events[events.length - 1]).toMatchObject({
      type: 'complete',
      data: { percent: 100, progress: { total: 3000, processed: 3000, succeeded: 2940, failed: 60 } },
    });
    const percents = events.filter((event) => event.type === 'progress').map((event) => event.data.percent);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThan(percents[i - 1]);

    const items = await allItems(b, created.id);
    expect(items.map((item) => item.index)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(items.filter((item) => item.status === 'failed')).toHaveLength(60);

    const vcf = await fetch(`${b.baseUrl}/v1/batches/${created.id}/cards.vcf`);
    expect(vcf.status).toBe(200);
    expect(cardNames(await vcf.text())).toEqual(
      input.filter((contact) => !contact.email.startsWith('not-')).map((contact) => contact.fullName),
    );
    expect(((await (await fetch(`${a.baseUrl}/v1/batches/${created.id}`)).json()) as Batch).progress.processed).toBe(
      3000,
    );
  }, 60_000);

  it('CSV on one instance; the same Idempotency-Key replays it on the other, another body is 409', async () => {
    const csv = 'fullName,email\r\n"Hopper, Grace",grace@example.com\r\nAda,ada@example.com\r\n';
    const headers = { 'content-type': 'text/csv', 'idempotency-key': 'csv-import-1' };
    const first = await createBatch(b, csv, headers);
    expect(first.status).toBe(202);
    const replay = await createBatch(a, csv, headers);
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as Batch).id).toBe(((await first.json()) as Batch).id);
    const other = await createBatch(a, `${csv}Bob,bob@example.com\r\n`, headers);
    expect(other.status).toBe(409);
  });

  it('?nfc= travels with the batch through Redis: items read on the other instance carry their nfc block', async () => {
    const small = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0958', note: 'Bring the punched cards.' };
    const large = { ...small, organization: 'Analytical Engines', email: 'ada@example.com', title: 'Countess' };
    const res = await fetch(`${a.baseUrl}/v1/batches?nfc=ntag213`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ contacts: [small, large] }),
    });
    expect(res.status).toBe(202);
    const created = (await res.json()) as Batch;
    expect(await finished(b, created.id)).toMatchObject({ progress: { succeeded: 1, failed: 1 } });
    const page = (await (await fetch(`${b.baseUrl}/v1/batches/${created.id}/items`)).json()) as {
      data: Array<{ result?: { nfc?: unknown }; error?: { code: string } }>;
    };
    const direct = await fetch(`${b.baseUrl}/v1/vcard?nfc=ntag213`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(small),
    });
    expect(page.data[0].result).toEqual(await direct.json());
    expect(page.data[0].result?.nfc).toMatchObject({ tag: 'ntag213', capacity: 144 });
    expect(page.data[1].error?.code).toBe('nfc_capacity_exceeded');
  });

  it('an instance killed right after accepting a batch: the other finishes it, every contact exactly once', async () => {
    const input = contacts(10_000);
    const res = await createBatch(a, JSON.stringify({ contacts: input }));
    expect(res.status).toBe(202);
    a.child.kill('SIGKILL');
    const created = (await res.json()) as Batch;
    const done = await finished(b, created.id, 45_000);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: { total: 10_000, processed: 10_000, succeeded: 9800, failed: 200 },
    });
    const items = await allItems(b, created.id);
    expect(items.map((item) => item.index)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(items.every((item) => item.status !== 'pending')).toBe(true);
    const names = cardNames(await (await fetch(`${b.baseUrl}/v1/batches/${created.id}/cards.vcf`)).text());
    expect(names).toHaveLength(9800);
    expect(new Set(names).size).toBe(9800);
  }, 90_000);

  it('the limit of unfinished batches per client holds across instances, even for requests at the same moment', async () => {
    const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: '1000000', BATCH_MAX_ACTIVE_PER_CLIENT: '1' };
    const [first, second] = await startAll([SpawnedService.start(env), SpawnedService.start(env)], (service) =>
      service.kill(),
    );
    try {
      const body = JSON.stringify({ contacts: contacts(10_000) });
      const answers = await Promise.all([createBatch(first, body), createBatch(second, body)]);
      expect(answers.map((res) => res.status).sort()).toEqual([202, 429]);
      const refused = answers.find((res) => res.status === 429)!;
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too_many_batches');
      const accepted = (await answers.find((res) => res.status === 202)!.json()) as Batch;
      await finished(first, accepted.id);
      // Finished, it no longer counts.
      const again = await createBatch(second, JSON.stringify({ contacts: contacts(3) }));
      expect(again.status).toBe(202);
    } finally {
      first.kill();
      second.kill();
    }
  }, 60_000);

  it('expires with JOB_TTL_SECONDS: the batch, its contacts and its outcomes leave Redis', async () => {
    // The rate-limit counters are shared through Redis too: the same budget as the others.
    const short = await SpawnedService.start({ REDIS_URL: redis.url, JOB_TTL_SECONDS: '2', RATE_LIMIT_MAX: '1000000' });
    const client = new Redis(redis.url);
    try {
      const created = (await (await createBatch(short, JSON.stringify({ contacts: contacts(10) }))).json()) as Batch;
      await finished(short, created.id);
      expect((await client.keys(`*${created.id}*`)).length).toBeGreaterThanOrEqual(2);
      await sleep(2200);
      expect((await fetch(`${short.baseUrl}/v1/batches/${created.id}`)).status).toBe(404);
      expect(await client.keys(`*${created.id}*`)).toEqual([]);
    } finally {
      client.disconnect();
      short.kill();
    }
  }, 30_000);
});
