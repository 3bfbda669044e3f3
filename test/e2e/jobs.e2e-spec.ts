import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { JobStore } from '../../src/infra/store/job-store';
import { MemoryJobStore } from '../../src/infra/store/memory/memory-job-store';
import { OpenApiContract } from '../utils/openapi-contract';
import { buildTestApp } from '../utils/test-app';

const JSON_HEADERS = { 'content-type': 'application/json' };
const ADA = { fullName: 'Ada Lovelace', email: 'ada@example.com', organization: 'Analytical Engines' };
const JOB_ID = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;
const BASE = 'http://localhost:3000';

function createJob(
  app: NestFastifyApplication,
  payload: unknown = ADA,
  headers: Record<string, string> = {},
  url = '/v1/jobs/vcard',
) {
  return app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, ...headers }, payload: payload as object });
}

function storedJobs(app: NestFastifyApplication): number {
  return (app.get(JobStore) as MemoryJobStore).size;
}

describe('Jobs: POST /v1/jobs/vcard and GET /v1/jobs/:jobId', () => {
  let app: NestFastifyApplication;
  let contract: OpenApiContract;
  beforeAll(async () => {
    app = await buildTestApp();
    contract = await OpenApiContract.load(app);
  });
  afterAll(() => app.close());

  describe.each(['', '/api'])('under prefix "%s"', (prefix) => {
    it('creates a finished job (202) whose Location answers 200 with the same body', async () => {
      const created = await createJob(app, ADA, {}, `${prefix}/v1/jobs/vcard`);
      expect(created.statusCode).toBe(202);
      const job = created.json();
      contract.expectResponse('POST', '/v1/jobs/vcard', 202, job);
      expect(job).toMatchObject({ object: 'job', status: 'succeeded' });
      expect(job.id).toMatch(JOB_ID);
      expect(new Date(job.created_at).toISOString()).toBe(job.created_at);
      expect(Date.parse(job.completed_at)).toBeGreaterThanOrEqual(Date.parse(job.created_at));
      expect(created.headers.location).toBe(`${BASE}${prefix}/v1/jobs/${job.id}`);
      expect(job.links.self).toBe(created.headers.location);
      expect(created.headers['idempotent-replayed']).toBeUndefined();
      expect(created.headers['ratelimit-remaining']).toBeDefined();

      const direct = await app.inject({ method: 'POST', url: '/v1/vcard', headers: JSON_HEADERS, payload: ADA });
      expect(job.result).toEqual(direct.json());

      const polled = await app.inject({ method: 'GET', url: new URL(created.headers.location as string).pathname });
      expect(polled.statusCode).toBe(200);
      contract.expectResponse('GET', '/v1/jobs/{jobId}', 200, polled.json());
      expect(polled.json()).toEqual(job);
    });
  });

  it('builds links.self from the prefix of the request that reads the job', async () => {
    const { id } = (await createJob(app, ADA, {}, '/api/v1/jobs/vcard')).json();
    const plain = await app.inject({ method: 'GET', url: `/v1/jobs/${id}` });
    expect(plain.json().links.self).toBe(`${BASE}/v1/jobs/${id}`);
  });

  it('issues distinct, time-ordered ids', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await createJob(app)).json().id);
    expect(new Set(ids).size).toBe(5);
    expect([...ids].sort()).toEqual(ids);
  });

  it.each([
    ['an unknown id', 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB'],
    ['a lower-case id', 'job_01kaj4y9x3m7q2r8t5v6w0z1ab'],
    ['an id with a letter outside Crockford base32', 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AU'],
    ['a too short id', 'job_01KAJ4Y9X3M7'],
    ['an id without the prefix', '01KAJ4Y9X3M7Q2R8T5V6W0Z1AB'],
    ['garbage', 'x%20y'],
  ])('answers 404 job_not_found for %s', async (_, id) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/jobs/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    contract.expectResponse('GET', '/v1/jobs/{jobId}', 404, res.json());
    expect(res.json().error).toMatchObject({ code: 'job_not_found', status: 404 });
  });

  it('rejects invalid input with 400 and creates no job', async () => {
    const before = storedJobs(app);
    const missing = await createJob(app, { email: 'ada@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('invalid_request');
    const template = await app.inject({
      method: 'POST',
      url: '/v1/jobs/vcard?template=business-card',
      headers: JSON_HEADERS,
      payload: { fullName: 'Ada' },
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().error.code).toBe('template_requirements_not_met');
    const tooBig = await createJob(app, {
      fullName: 'Ada',
      note: 'n'.repeat(2000),
      address: 'a'.repeat(512),
      organization: 'o'.repeat(256),
      title: 't'.repeat(256),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.code).toBe('qr_capacity_exceeded');
    expect(storedJobs(app)).toBe(before);
  });

  it('rejects an invalid Idempotency-Key with 400 and creates no job', async () => {
    const before = storedJobs(app);
    for (const key of ['k'.repeat(256), 'has space', 'naïve']) {
      const res = await createJob(app, ADA, { 'idempotency-key': key });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_idempotency_key');
    }
    expect(storedJobs(app)).toBe(before);
  });

  describe('Idempotency-Key', () => {
    it('replays the same job for the same key and body, under either prefix', async () => {
      const key = 'replay-1';
      const first = await createJob(app, ADA, { 'idempotency-key': key });
      expect(first.statusCode).toBe(202);
      expect(first.headers['idempotency-key']).toBe(key);
      expect(first.headers['idempotent-replayed']).toBeUndefined();

      // Same request: key order and surrounding whitespace do not matter once cleaned.
      const same = { organization: 'Analytical Engines', email: 'ada@example.com', fullName: '  Ada Lovelace ' };
      const again = await createJob(app, same, { 'idempotency-key': key }, '/api/v1/jobs/vcard');
      expect(again.statusCode).toBe(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['idempotency-key']).toBe(key);
      expect(again.json().id).toBe(first.json().id);
      expect(again.json().result).toEqual(first.json().result);
      expect(again.headers.location).toBe(`${BASE}/api/v1/jobs/${first.json().id}`);
    });

    it('answers 409 idempotency_key_reused for the same key with another body or template', async () => {
      const key = 'conflict-1';
      expect((await createJob(app, ADA, { 'idempotency-key': key })).statusCode).toBe(202);
      const other = await createJob(app, { ...ADA, title: 'Countess' }, { 'idempotency-key': key });
      expect(other.statusCode).toBe(409);
      contract.expectResponse('POST', '/v1/jobs/vcard', 409, other.json());
      expect(other.json().error.code).toBe('idempotency_key_reused');
      const template = await app.inject({
        method: 'POST',
        url: '/v1/jobs/vcard?template=minimal',
        headers: { ...JSON_HEADERS, 'idempotency-key': key },
        payload: ADA,
      });
      expect(template.statusCode).toBe(409);
    });

    it('does not bind a key to a request that failed validation', async () => {
      const key = 'failed-first';
      expect((await createJob(app, { fullName: '' }, { 'idempotency-key': key })).statusCode).toBe(400);
      const res = await createJob(app, ADA, { 'idempotency-key': key });
      expect(res.statusCode).toBe(202);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    });

    it('creates exactly one job for 50 concurrent identical requests', async () => {
      const before = storedJobs(app);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => createJob(app, ADA, { 'idempotency-key': 'concurrent-1' })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(202));
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
      expect(storedJobs(app)).toBe(before + 1);
    });
  });
});

describe('Jobs: expiry and eviction', () => {
  let app: NestFastifyApplication;
  afterEach(() => app.close());

  it('expires jobs and their Idempotency-Key after JOB_TTL_SECONDS', async () => {
    app = await buildTestApp({ JOB_TTL_SECONDS: '1' });
    const first = await createJob(app, ADA, { 'idempotency-key': 'ttl' });
    const { id } = first.json();
    expect((await app.inject({ method: 'GET', url: `/v1/jobs/${id}` })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await app.inject({ method: 'GET', url: `/v1/jobs/${id}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.code).toBe('job_not_found');
    // The key expired with its job: the same key now creates a new job, even with another body.
    const next = await createJob(app, { fullName: 'Grace Hopper' }, { 'idempotency-key': 'ttl' });
    expect(next.statusCode).toBe(202);
    expect(next.json().id).not.toBe(id);
  });

  it('evicts the oldest job beyond MAX_JOBS', async () => {
    app = await buildTestApp({ MAX_JOBS: '2' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createJob(app)).json().id);
    const statuses = await Promise.all(
      ids.map(async (id) => (await app.inject({ method: 'GET', url: `/v1/jobs/${id}` })).statusCode),
    );
    expect(statuses).toEqual([404, 200, 200]);
  });
});
