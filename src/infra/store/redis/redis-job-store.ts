import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import type { RedisCircuit } from './redis-circuit';
import type { JobRecord } from '../job-record';
import { IdempotencyClaim, IdempotentJob, InsertOutcome, JobStore } from '../job-store';
import { storeUnavailable } from '../store-unavailable';

/** Options of the Redis job store. */
export interface RedisJobStoreOptions {
  ttlSeconds: number;
  maxJobs: number;
  /** Key prefix; the hash tag keeps every key of one store in one cluster slot. */
  keyPrefix?: string;
  /** Fails commands at once while Redis does not answer (and times out the ones that hang). */
  circuit?: RedisCircuit;
}

/**
 * Check-key, evict-oldest and insert in one server-side step, so concurrent requests on any
 * number of instances create one job per Idempotency-Key and the store never exceeds maxJobs.
 * The order set is scored by a sequence, not time: expired ids in it are the oldest, so they are
 * popped first and cost nothing but a no-op DEL.
 * KEYS: prefix. ARGV: id, job JSON, fingerprint, ttl ms, maxJobs, idempotency key hash or "".
 */
const INSERT_SCRIPT = `
local p = KEYS[1]
local ttl = tonumber(ARGV[4])
if ARGV[6] ~= '' then
  local holder = redis.call('GET', p .. 'idem:' .. ARGV[6])
  if holder then
    local existing = redis.call('HMGET', p .. 'job:' .. holder, 'data', 'fp')
    if existing[1] then return existing end
  end
end
local order = p .. 'order'
while redis.call('ZCARD', order) >= tonumber(ARGV[5]) do
  local oldest = redis.call('ZPOPMIN', order)[1]
  local jobKey = p .. 'job:' .. oldest
  local idem = redis.call('HGET', jobKey, 'idem')
  if idem and idem ~= '' and redis.call('GET', p .. 'idem:' .. idem) == oldest then
    redis.call('DEL', p .. 'idem:' .. idem)
  end
  redis.call('DEL', jobKey)
end
local jobKey = p .. 'job:' .. ARGV[1]
redis.call('HSET', jobKey, 'data', ARGV[2], 'fp', ARGV[3], 'idem', ARGV[6])
redis.call('PEXPIRE', jobKey, ttl)
if ARGV[6] ~= '' then redis.call('SET', p .. 'idem:' .. ARGV[6], ARGV[1], 'PX', ttl) end
redis.call('ZADD', order, redis.call('INCR', p .. 'seq'), ARGV[1])
return false
`;

/** Client-chosen keys are hashed: bounded key size, and the raw key is never stored. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * JobStore shared by every instance through Redis. Jobs expire through Redis TTLs; when Redis is
 * unreachable every method fails with 503 service_unavailable.
 */
export class RedisJobStore<R = unknown> extends JobStore<R> {
  private readonly prefix: string;
  private readonly ttlMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisJobStoreOptions,
  ) {
    super();
    this.prefix = options.keyPrefix ?? '{vcard-jobs}:';
    this.ttlMs = options.ttlSeconds * 1000;
  }

  async get(id: string): Promise<JobRecord<R> | null> {
    const data = await this.call(() => this.redis.hget(`${this.prefix}job:${id}`, 'data'));
    return data === null ? null : (JSON.parse(data) as JobRecord<R>);
  }

  async findByIdempotencyKey(key: string): Promise<IdempotentJob<R> | null> {
    const id = await this.call(() => this.redis.get(`${this.prefix}idem:${keyHash(key)}`));
    if (id === null) return null;
    const [data, fingerprint] = await this.call(() => this.redis.hmget(`${this.prefix}job:${id}`, 'data', 'fp'));
    return data === null || fingerprint === null ? null : { job: JSON.parse(data) as JobRecord<R>, fingerprint };
  }

  async insert(job: JobRecord<R>, idempotency?: IdempotencyClaim): Promise<InsertOutcome<R>> {
    const existing = (await this.call(() =>
      this.redis.eval(
        INSERT_SCRIPT,
        1,
        this.prefix,
        job.id,
        JSON.stringify(job),
        idempotency?.fingerprint ?? '',
        this.ttlMs,
        this.options.maxJobs,
        idempotency ? keyHash(idempotency.key) : '',
      ),
    )) as [string, string] | null;
    if (existing === null) return { inserted: true };
    return { inserted: false, existing: { job: JSON.parse(existing[0]) as JobRecord<R>, fingerprint: existing[1] } };
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await (this.options.circuit ? this.options.circuit.run(command) : command());
    } catch {
      throw storeUnavailable();
    }
  }
}
