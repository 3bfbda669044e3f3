import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { MemoryJobStore } from '../../infra/store/memory/memory-job-store';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import type { VCardService } from '../vcard/vcard.service';
import { JobsService } from './jobs.service';

Logger.overrideLogger(false);

function serviceWith(create: VCardService['create']): { jobs: JobsService; store: MemoryJobStore<VCardResponseDto> } {
  const store = new MemoryJobStore<VCardResponseDto>({ ttlSeconds: 60, maxJobs: 10, sweepIntervalMs: 0 });
  return { jobs: new JobsService(store, { create } as VCardService), store };
}

describe('JobsService', () => {
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
