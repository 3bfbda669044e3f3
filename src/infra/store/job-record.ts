/** Job states. A vCard job walks queued → running → succeeded (or failed) inside one request. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * A job as the store keeps it: plain, JSON-serialisable data, so any driver can hold it.
 * `R` is the result type; the store treats it as opaque.
 */
export interface JobRecord<R = unknown> {
  id: string;
  status: JobStatus;
  /** ISO 8601 timestamps. */
  createdAt: string;
  completedAt: string | null;
  result: R | null;
}
