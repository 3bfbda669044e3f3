import type { OnModuleDestroy } from '@nestjs/common';
import type { JobRecord } from '../job-record';
import { IdempotencyClaim, IdempotentJob, InsertOutcome, JobStore } from '../job-store';

/** Options of the in-memory job store. */
export interface MemoryJobStoreOptions {
  /** Lifetime of a job (and of its Idempotency-Key), from insertion. */
  ttlSeconds: number;
  /** Most jobs kept at once; the oldest is evicted to make room. */
  maxJobs: number;
  /** Current time in milliseconds; injectable so expiry is testable without waiting. */
  now?: () => number;
  /** How often expired jobs are swept, in milliseconds; 0 turns the sweep off (reads still expire). */
  sweepIntervalMs?: number;
}

interface Entry {
  /**
   * The record as JSON text: one flat string per job instead of an object graph (a third less
   * memory for a typical card, and one allocation for the collector to move instead of a dozen).
   * Parsing on the way out also gives every reader its own copy, as structuredClone did.
   */
  json: string;
  expiresAt: number;
  idempotency?: IdempotencyClaim;
}

/**
 * Single-process JobStore. A Map keeps insertion order, and every job gets the same TTL, so the
 * first entry is both the oldest (evicted first when full, O(1)) and the next to expire (the sweep
 * stops at the first live entry). Memory is bounded by maxJobs whatever the request rate.
 *
 * Each method does all its work synchronously, so `insert`'s check-and-insert cannot interleave
 * with another request on the one JavaScript thread.
 */
export class MemoryJobStore<R = unknown> extends JobStore<R> implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  private readonly jobIdByKey = new Map<string, string>();
  private readonly ttlMs: number;
  private readonly maxJobs: number;
  private readonly now: () => number;
  private readonly sweeper?: NodeJS.Timeout;

  constructor(options: MemoryJobStoreOptions) {
    super();
    this.ttlMs = options.ttlSeconds * 1000;
    this.maxJobs = options.maxJobs;
    this.now = options.now ?? Date.now;
    const sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
    if (sweepIntervalMs > 0) {
      // unref(): the sweep must never keep the process alive.
      this.sweeper = setInterval(() => this.sweepExpired(), sweepIntervalMs).unref();
    }
  }

  /** Number of jobs held, expired ones not yet swept included. */
  get size(): number {
    return this.entries.size;
  }

  async get(id: string): Promise<JobRecord<R> | null> {
    const entry = this.liveEntry(id);
    return entry ? (JSON.parse(entry.json) as JobRecord<R>) : null;
  }

  async findByIdempotencyKey(key: string): Promise<IdempotentJob<R> | null> {
    return this.jobHoldingKey(key);
  }

  async insert(job: JobRecord<R>, idempotency?: IdempotencyClaim): Promise<InsertOutcome<R>> {
    const existing = idempotency && this.jobHoldingKey(idempotency.key);
    if (existing) return { inserted: false, existing };
    while (this.entries.size >= this.maxJobs) this.delete(this.entries.keys().next().value!);
    this.entries.set(job.id, {
      json: JSON.stringify(job),
      expiresAt: this.now() + this.ttlMs,
      idempotency: idempotency && { ...idempotency },
    });
    if (idempotency) this.jobIdByKey.set(idempotency.key, job.id);
    return { inserted: true };
  }

  /** Drops every expired job now (the timer does this periodically). */
  sweepExpired(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.delete(id);
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private jobHoldingKey(key: string): IdempotentJob<R> | null {
    const id = this.jobIdByKey.get(key);
    const entry = id === undefined ? undefined : this.liveEntry(id);
    if (!entry?.idempotency) return null;
    return { job: JSON.parse(entry.json) as JobRecord<R>, fingerprint: entry.idempotency.fingerprint };
  }

  /** The entry if it has not expired; an expired one is deleted on the way (lazy expiry). */
  private liveEntry(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.delete(id);
    return undefined;
  }

  private delete(id: string): void {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    const key = entry?.idempotency?.key;
    if (key !== undefined && this.jobIdByKey.get(key) === id) this.jobIdByKey.delete(key);
  }
}
