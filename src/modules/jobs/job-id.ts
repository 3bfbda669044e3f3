import { monotonicFactory } from 'ulid';

const JOB_ID = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;
const nextUlid = monotonicFactory();

/** A new job id: `job_` + ULID (sortable by creation time, 80 random bits). */
export function newJobId(): string {
  return `job_${nextUlid()}`;
}

/** True for a well-formed job id (upper-case Crockford base32, as issued). */
export function isJobId(value: string): boolean {
  return JOB_ID.test(value);
}
