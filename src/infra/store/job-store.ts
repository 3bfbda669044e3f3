import type { JobRecord } from './job-record';

/** What ties a job to the Idempotency-Key that created it. */
export interface IdempotencyClaim {
  /** The client's Idempotency-Key. */
  key: string;
  /** SHA-256 of the canonical request; the request itself is never stored beside the key. */
  fingerprint: string;
}

/** A live job found through its Idempotency-Key. */
export interface IdempotentJob<R> {
  job: JobRecord<R>;
  fingerprint: string;
}

/** Result of `insert`: either the job was stored, or a live job already held the key. */
export type InsertOutcome<R> = { inserted: true } | { inserted: false; existing: IdempotentJob<R> };

/**
 * Port for job persistence; the abstract class is the DI token, drivers (memory today, Redis
 * later) extend it. Every driver must pass `describeJobStoreContract`.
 *
 * Jobs hold contact data, so every job expires after the TTL the driver was built with (counted
 * from `insert`), and a driver may evict its oldest jobs to stay within a size bound. An
 * Idempotency-Key lives exactly as long as the job it created. Returned jobs are copies: changing
 * them never changes what is stored.
 */
export abstract class JobStore<R = unknown> {
  /**
   * The job with this id.
   * @returns null when the id is unknown, or the job has expired or was evicted.
   */
  abstract get(id: string): Promise<JobRecord<R> | null>;

  /**
   * The live job created with this Idempotency-Key, with the fingerprint of its request.
   * @returns null when no live job holds the key.
   */
  abstract findByIdempotencyKey(key: string): Promise<IdempotentJob<R> | null>;

  /**
   * Stores a new job (its id must be new) for the TTL, evicting the oldest jobs first if the store
   * is full. With `idempotency`, checking the key and inserting are one atomic step: when a live
   * job already holds the key, nothing is stored and that job is returned instead, so concurrent
   * identical requests create exactly one job.
   */
  abstract insert(job: JobRecord<R>, idempotency?: IdempotencyClaim): Promise<InsertOutcome<R>>;
}
