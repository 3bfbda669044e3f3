import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { MemoryJobStore } from '../../infra/store/memory/memory-job-store';
import type { ServiceConfig } from '../../options/service-config';
import { TemplatesService } from '../templates/templates.service';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { VCardService } from '../vcard/vcard.service';
import { JobsService, StoredVCardResult } from './jobs.service';
import { ServiceMetrics } from '../../core/metrics/service-metrics';

const metrics = (): ServiceMetrics => new ServiceMetrics({ metricsRegistry: null } as ServiceConfig);

Logger.overrideLogger(false);

function newStore(): MemoryJobStore<StoredVCardResult> {
  return new MemoryJobStore<StoredVCardResult>({ ttlSeconds: 60, maxJobs: 10, sweepIntervalMs: 0 });
}

function serviceWith(create: VCardService['create']): { jobs: JobsService; store: MemoryJobStore<StoredVCardResult> } {
  const store = newStore();
  return { jobs: new JobsService(store, { create } as VCardService, metrics()), store };
}

describe('JobsService', () => {
  const vcards = new VCardService({ generatorUrl: 'https://qr.example/' } as ServiceConfig, new TemplatesService());
  const contact = { fullName: 'Ada Lovelace', email: 'ada@example.com', note: 'ü'.repeat(900) };

  it('stores only the QR payload, and reads back exactly the job it created', async () => {
    const store = newStore();
    const jobs = new JobsService(store, vcards, metrics());
    const { job } = await jobs.create(contact, undefined);
    expect(job.result).toEqual(vcards.create(contact));
    expect(job.result!.qr.warnings.length).toBeGreaterThan(0);
    const stored = await store.get(job.id);
    expect(stored).toEqual({ ...job, result: { qrPayload: job.result!.qrPayload } });
    const read = await jobs.get(job.id);
    expect(read).toEqual(job);
    // Byte-identical JSON: the same keys in the same order.
    expect(JSON.stringify(read)).toBe(JSON.stringify(job));
  });

  it('replays an Idempotency-Key with the full result rebuilt from the stored payload', async () => {
    const jobs = new JobsService(newStore(), vcards, metrics());
    const first = await jobs.create(contact, undefined, 'key-1');
    const again = await jobs.create(contact, undefined, 'key-1');
    expect(again).toEqual({ job: first.job, replayed: true });
  });

  it('reads a record stored with the whole response (the format before payload-only records)', async () => {
    const store = new MemoryJobStore<VCardResponseDto>({ ttlSeconds: 60, maxJobs: 10, sweepIntervalMs: 0 });
    const result = vcards.create(contact);
    const id = 'job_01KAQ0Z8J4Y6M2W3N5P7R9T1V3';
    const old = {
      id,
      status: 'succeeded' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
      completedAt: '2026-11-20T10:00:00.001Z',
      result,
    };
    await store.insert(old);
    await expect(new JobsService(store, vcards, metrics()).get(id)).resolves.toEqual(old);
  });

  it('stores a failed job with a null result when encoding throws unexpectedly', async () => {
    const { jobs, store } = serviceWith(() => {
      throw new TypeError('boom');
    });
    const { job } = await jobs.create({ fullName: 'Ada' }, undefined);
    expect(job).toMatchObject({ status: 'failed', result: null, completedAt: expect.any(String) });
    await expect(store.get(job.id)).resolves.toEqual(job);
  });

  it('lets an ApiError through and stores nothing, so the key stays free', async () => {
    const { jobs, store } = serviceWith(() => {
      throw new ApiError('qr_capacity_exceeded');
    });
    await expect(jobs.create({ fullName: 'Ada' }, undefined, 'key')).rejects.toBeInstanceOf(ApiError);
    expect(store.size).toBe(0);
    await expect(store.findByIdempotencyKey('key')).resolves.toBeNull();
  });

  it('answers job_not_found for a malformed id', async () => {
    const { jobs } = serviceWith(() => ({}) as VCardResponseDto);
    await expect(jobs.get('job_nope')).rejects.toMatchObject({ code: 'job_not_found' });
  });
});
