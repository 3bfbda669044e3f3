import type { JobRecord, JobStatus } from '../../infra/store/job-record';

/** The public Job shape (documented by JobDto), as plain data. */
export interface JobView<R> {
  id: string;
  object: 'job';
  status: JobStatus;
  created_at: string;
  completed_at: string | null;
  links: { self: string };
  result: R | null;
}

/**
 * The public Job shape of a stored job, with `links.self` set to `selfUrl`. No Nest or Swagger
 * imports, so the bench's bare-Fastify yardstick answers with the very same function.
 */
export function toJobView<R>(job: JobRecord<R>, selfUrl: string): JobView<R> {
  return {
    id: job.id,
    object: 'job',
    status: job.status,
    created_at: job.createdAt,
    completed_at: job.completedAt,
    links: { self: selfUrl },
    result: job.result,
  };
}
