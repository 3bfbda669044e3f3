import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import type { JobRecord } from '../../infra/store/job-record';
import { IdempotentJob, JobStore } from '../../infra/store/job-store';
import type { ContactFields } from '../../lib/contact';
import { toStoredCard, type EncodeOptions, type StoredCard } from '../../lib/vcard';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import type { ImportedBody, ImportReport } from '../vcard/vcard-import.service';
import { VCardService } from '../vcard/vcard.service';
import { ServiceMetrics } from '../../core/metrics/service-metrics';
import { isJobId, newJobId } from './job-id';
import { requestFingerprint } from '../vcard/request-fingerprint';

export type VCardJob = JobRecord<VCardResponseDto>;

/**
 * What the store keeps of a job's result: the QR payload (and, for a rich card, what it leaves out). It holds the
 * card; the .vcf text, the QR figures and the constant fields are rebuilt from it on the way out
 * (VCardService.fromStored), so a job takes about half the memory (in the store's heap or in
 * Redis) and every reader still gets exactly the response the job was created with. A record
 * stored with the whole response (before this format) is read the same way: it has qrPayload too.
 */
export type StoredVCardResult = StoredCard & Pick<VCardResponseDto, 'import'>;
export type StoredVCardJob = JobRecord<StoredVCardResult>;

/** A created job, and whether it was an earlier job replayed for the same Idempotency-Key. */
export interface JobCreation {
  job: VCardJob;
  replayed: boolean;
}

/** Creates and reads vCard jobs. Encoding goes through VCardService, like every other channel. */
@Injectable()
export class JobsService {
  private readonly logger = new Logger('JobsService');

  constructor(
    private readonly store: JobStore<StoredVCardResult>,
    private readonly vcards: VCardService,
    private readonly metrics: ServiceMetrics,
  ) {}

  /**
   * Runs a job to completion and stores it. With an Idempotency-Key, an earlier job for the same
   * request is returned instead (a different request with that key is 409). The early lookup only
   * saves work; the store's atomic insert decides, so concurrent identical requests still make one job.
   * A job made from a vCard body (`imported`) keeps its import report in its result, and its
   * fingerprint covers the body (its bytes and content type) rather than the contact.
   */
  async create(
    contact: ContactFields,
    templateId: string | undefined,
    idempotencyKey?: string,
    options: EncodeOptions = {},
    imported?: ImportedBody,
  ): Promise<JobCreation> {
    if (idempotencyKey === undefined) {
      const job = this.run(contact, templateId, options, imported?.report);
      await this.store.insert(toStored(job, options));
      this.metrics.jobs.labels(job.status).inc();
      return { job, replayed: false };
    }
    const content = imported === undefined ? canonicalContact(contact) : `vcard ${imported.content}`;
    const fingerprint = requestFingerprint(templateId, options, [content]);
    const earlier = await this.store.findByIdempotencyKey(idempotencyKey);
    if (earlier) return this.replay(earlier, fingerprint);

    const job = this.run(contact, templateId, options, imported?.report);
    const outcome = await this.store.insert(toStored(job, options), { key: idempotencyKey, fingerprint });
    if (!outcome.inserted) return this.replay(outcome.existing, fingerprint);
    this.metrics.jobs.labels(job.status).inc();
    return { job, replayed: false };
  }

  /** The job with this id; 404 job_not_found when malformed, unknown, expired or evicted. */
  async get(jobId: string): Promise<VCardJob> {
    const job = isJobId(jobId) ? await this.store.get(jobId) : null;
    if (!job) throw new ApiError('job_not_found');
    return this.fromStored(job);
  }

  private replay(earlier: IdempotentJob<StoredVCardResult>, fingerprint: string): JobCreation {
    if (earlier.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
    return { job: this.fromStored(earlier.job), replayed: true };
  }

  private fromStored(job: StoredVCardJob): VCardJob {
    const stored = job.result;
    if (stored === null) return { ...job, result: null };
    const result = this.vcards.fromStored(stored);
    return { ...job, result: stored.import === undefined ? result : { ...result, import: stored.import } };
  }

  /**
   * queued → running → succeeded | failed. Creation is deterministic and fast, so the job finishes
   * here and only its final state is stored. An ApiError (template requirements, QR capacity) is
   * the client's to fix: it propagates as a 400 and no job exists.
   */
  private run(
    contact: ContactFields,
    templateId: string | undefined,
    options: EncodeOptions,
    report?: ImportReport,
  ): VCardJob {
    const queued: VCardJob = {
      id: newJobId(),
      status: 'queued',
      createdAt: new Date().toISOString(),
      completedAt: null,
      result: null,
    };
    const running: VCardJob = { ...queued, status: 'running' };
    try {
      const created = this.vcards.create(contact, templateId, options);
      const result = report === undefined ? created : { ...created, import: report };
      return { ...running, status: 'succeeded', completedAt: new Date().toISOString(), result };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The error type only: its message could quote contact values.
      this.logger.error({
        msg: 'vcard job failed',
        jobId: queued.id,
        errorType: error instanceof Error ? error.name : typeof error,
      });
      return { ...running, status: 'failed', completedAt: new Date().toISOString(), result: null };
    }
  }
}

/** The contact as canonical JSON (keys sorted): equal contacts give equal texts whatever their key order. */
function canonicalContact(contact: ContactFields): string {
  const fields = Object.entries(contact).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(fields));
}

function toStored(job: VCardJob, options: EncodeOptions): StoredVCardJob {
  const result = job.result;
  if (result === null) return { ...job, result: null };
  const stored = toStoredCard(result, options.level);
  return { ...job, result: result.import === undefined ? stored : { ...stored, import: result.import } };
}
