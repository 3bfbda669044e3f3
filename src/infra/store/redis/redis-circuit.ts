import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** Longest wait for one Redis command before it counts as failed: a Redis that hangs is a Redis that is down. */
export const REDIS_COMMAND_TIMEOUT_MS = 50;
/** Consecutive failures that open the circuit. */
const FAILURES_TO_OPEN = 2;
/** While open, how often one PING checks whether Redis answers again. */
const PROBE_INTERVAL_MS = 500;

export class RedisUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RedisUnavailableError';
  }
}

/**
 * A circuit breaker in front of Redis. Every command gets REDIS_COMMAND_TIMEOUT_MS; after
 * FAILURES_TO_OPEN failures in a row (timeouts or errors) the circuit opens, and from then on
 * every command fails at once, without touching the connection, so requests stay as fast as
 * without Redis: the rate limiter falls back to this instance's memory, jobs answer 503 at once,
 * health reports the store down. A PING every PROBE_INTERVAL_MS closes it again when Redis
 * answers. One line is logged when it opens and one when it closes.
 */
export class RedisCircuit {
  private readonly logger = new Logger('RedisCircuit');
  private failures = 0;
  private probe: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly timeoutMs = REDIS_COMMAND_TIMEOUT_MS,
  ) {}

  get isOpen(): boolean {
    return this.probe !== null;
  }

  /**
   * Runs `command` unless the circuit is open; rejects with RedisUnavailableError when it fails, hangs or is not
   * tried.
   */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (this.isOpen) throw new RedisUnavailableError('circuit open');
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        command(this.redis),
        new Promise<never>((_resolve, reject) => {
          // The rejection waits for the event loop's check phase: a reply that arrived while the
          // loop was blocked (a long synchronous step, a GC pause) is read in the poll phase before
          // it and wins the race, so only a Redis that really did not answer counts as failed.
          timer = setTimeout(
            () => setImmediate(() => reject(new RedisUnavailableError('command timed out'))),
            this.timeoutMs,
          );
        }),
      ]);
      this.failures = 0;
      return result;
    } catch (error) {
      this.failures += 1;
      if (this.failures >= FAILURES_TO_OPEN) this.open();
      throw error instanceof RedisUnavailableError ? error : new RedisUnavailableError('command failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops probing (application shutdown). */
  close(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  private open(): void {
    if (this.isOpen) return;
    this.logger.warn({
      msg: 'Redis does not answer: circuit open; rate limiting per instance, jobs unavailable',
      timeoutMs: this.timeoutMs,
    });
    let probing = false;
    this.probe = setInterval(() => {
      if (probing) return;
      probing = true;
      let timer: NodeJS.Timeout | undefined;
      Promise.race([
        this.redis.ping(),
        new Promise<never>(
          (_resolve, reject) => (timer = setTimeout(() => reject(new Error('timeout')), this.timeoutMs * 4)),
        ),
      ])
        .then(() => {
          this.close();
          this.failures = 0;
          this.logger.log({ msg: 'Redis answers again: circuit closed' });
        })
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          probing = false;
        });
    }, PROBE_INTERVAL_MS);
    this.probe.unref();
  }
}
