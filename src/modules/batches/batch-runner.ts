import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Queue, Worker } from 'bullmq';
import type { EncodeOptions } from '../../lib/vcard';
import type { BatchRecord, BatchSource } from '../../infra/store/batch-record';
import { BATCH_CHUNK_SIZE, BatchProcessor } from './batch-processor';

/** Port: runs a stored batch to completion, chunk by chunk, somewhere. */
export abstract class BatchRunner {
  abstract enqueue(batch: BatchRecord): Promise<void>;
  /** Work waiting or running: what vcard_batch_queue_depth reports. */
  abstract depth(): Promise<number>;
}

/**
 * One instance: batches run in this process, at most MAX_RUNNING at a time (the others wait in
 * order), one chunk of BATCH_CHUNK_SIZE contacts per turn of the event loop, so single requests
 * keep being answered while a batch runs.
 */
export class MemoryBatchRunner extends BatchRunner implements OnApplicationShutdown {
  static readonly MAX_RUNNING = 2;
  private readonly logger = new Logger('BatchRunner');
  private readonly waiting: BatchRecord[] = [];
  private running = 0;
  private stopped = false;

  constructor(private readonly processor: BatchProcessor) {
    super();
  }

  /** Batches waiting for one of the MAX_RUNNING run slots. */
  async depth(): Promise<number> {
    return this.waiting.length;
  }

  async enqueue(batch: BatchRecord): Promise<void> {
    this.waiting.push(batch);
    this.next();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  private next(): void {
    while (!this.stopped && this.running < MemoryBatchRunner.MAX_RUNNING && this.waiting.length > 0) {
      const batch = this.waiting.shift()!;
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  private async run(batch: BatchRecord): Promise<void> {
    try {
      for (let from = 0; from < batch.total && !this.stopped; from += BATCH_CHUNK_SIZE) {
        await yieldToEventLoop();
        const record = await this.processor.processChunk(
          batch.id,
          from,
          Math.min(batch.total, from + BATCH_CHUNK_SIZE),
          batch.template,
          batch.options,
          batch.source,
        );
        if (!record) return; // expired meanwhile
      }
    } catch (error) {
      this.logger.error({
        msg: 'batch run failed',
        batchId: batch.id,
        errorType: error instanceof Error ? error.name : typeof error,
      });
      await this.processor.fail(batch.id).catch(() => undefined);
    }
  }
}

interface ChunkJob {
  batchId: string;
  from: number;
  to: number;
  template?: string;
  options?: EncodeOptions;
  source?: BatchSource;
}

const QUEUE = 'vcard-batch-chunks';
/** BullMQ's keys share one hash tag, like the module's own. */
const PREFIX = '{vcard-bull}';
/**
 * A worker renews its lock on a chunk every LOCK_MS / 2; a chunk whose worker died is found by
 * another instance's stalled-job check (every STALLED_CHECK_MS) once the lock has lapsed, and run
 * again: outcomes are recorded per contact and only once, so nothing is counted twice.
 */
const LOCK_MS = 5000;
const STALLED_CHECK_MS = 2000;

/**
 * Many instances: every chunk of every batch is a BullMQ job on one queue in Redis, and every
 * instance runs a worker, so a batch created on one instance is processed by all of them, and a
 * chunk whose instance died is picked up by another (BullMQ's stalled-job recovery).
 */
export class BullBatchRunner extends BatchRunner implements OnApplicationShutdown {
  private readonly logger = new Logger('BatchRunner');

  private constructor(
    private readonly queue: Queue<ChunkJob>,
    private readonly worker: Worker<ChunkJob>,
    private readonly connections: Redis[],
    private readonly ttlSeconds: number,
    processor: BatchProcessor,
  ) {
    super();
    worker.on('failed', (job, error) => {
      this.logger.warn({
        msg: 'batch chunk failed',
        batchId: job?.data.batchId,
        from: job?.data.from,
        attempts: job?.attemptsMade,
        errorType: error.name,
      });
      // Out of retries: the batch can no longer complete; say so instead of leaving it running.
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1))
        void processor.fail(job.data.batchId).catch(() => undefined);
    });
    // BullMQ reports connection trouble here; the circuit breaker and health report Redis outages.
    worker.on('error', () => undefined);
    queue.on('error', () => undefined);
  }

  /** BullMQ is loaded only when the module runs on Redis. */
  static async start(redis: Redis, processor: BatchProcessor, ttlSeconds: number): Promise<BullBatchRunner> {
    const { Queue, Worker } = await import('bullmq');
    // BullMQ needs connections of its own that wait (blocking commands) and retry.
    const connection = (): Redis =>
      redis.duplicate({
        maxRetriesPerRequest: null,
        enableOfflineQueue: true,
        commandTimeout: undefined,
        lazyConnect: false,
      });
    const queueConnection = connection();
    const workerConnection = connection();
    const queue = new Queue<ChunkJob>(QUEUE, { connection: queueConnection, prefix: PREFIX });
    const worker = new Worker<ChunkJob>(
      QUEUE,
      async (job) => {
        const { batchId, from, to, template, options, source } = job.data;
        await processor.processChunk(batchId, from, to, template, options, source);
      },
      {
        connection: workerConnection,
        prefix: PREFIX,
        concurrency: 1,
        lockDuration: LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        maxStalledCount: 5,
      },
    );
    return new BullBatchRunner(queue, worker, [queueConnection, workerConnection], ttlSeconds, processor);
  }

  /** Chunk jobs waiting, delayed (a retry) or being run, on every instance: the queue is shared. */
  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async enqueue(batch: BatchRecord): Promise<void> {
    const jobs = [];
    for (let from = 0; from < batch.total; from += BATCH_CHUNK_SIZE) {
      jobs.push({
        name: 'chunk',
        data: {
          batchId: batch.id,
          from,
          to: Math.min(batch.total, from + BATCH_CHUNK_SIZE),
          template: batch.template,
          options: batch.options,
          source: batch.source,
        },
        opts: {
          jobId: `${batch.id}-${from}`,
          attempts: 3,
          backoff: { type: 'fixed', delay: 1000 },
          removeOnComplete: true,
          removeOnFail: { age: this.ttlSeconds },
        },
      });
    }
    await this.queue.addBulk(jobs);
  }

  async onApplicationShutdown(): Promise<void> {
    // The chunk in hand is finished (or, past the lock, recovered by another instance).
    await this.worker.close().catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    for (const connection of this.connections) connection.disconnect();
  }
}
