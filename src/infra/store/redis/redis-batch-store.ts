import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import type { QrStyle } from '../../../lib/qr/style/qr-style';
import { storeUnavailable } from '../store-unavailable';
import type { RedisCircuit } from './redis-circuit';
import type {
  ActiveLimits,
  BatchCreation,
  BatchRecord,
  BatchStatus,
  IdempotencyClaim,
  StoredItem,
} from '../batch-record';
import { BatchStore } from '../batch-store';

/**
 * Claims the Idempotency-Key (if any) and stores the batch, its contacts and its place among the
 * active batches, in one server-side step.
 * Refuses it when the client or the service is at its limit of unfinished batches.
 * KEYS: none (all keys share the prefix's hash tag). ARGV: prefix, id, record JSON, ttl ms,
 * key hash ('' for none), fingerprint, client, now ms, limit per client, limit in all, contacts JSON...
 */
const CREATE_SCRIPT = `
local p, id, ttl = ARGV[1], ARGV[2], tonumber(ARGV[4])
if ARGV[5] ~= '' then
  local earlier = redis.call('GET', p .. 'idem:' .. ARGV[5])
  if earlier then
    local data = redis.call('HMGET', p .. 'b:' .. earlier, 'meta', 'status', 'processed', 'succeeded', 'failed', 'completed_at', 'fp')
    if data[1] then return data end
  end
end
redis.call('ZREMRANGEBYSCORE', p .. 'active', '-inf', ARGV[8])
redis.call('ZREMRANGEBYSCORE', p .. 'active:' .. ARGV[7], '-inf', ARGV[8])
if redis.call('ZCARD', p .. 'active:' .. ARGV[7]) >= tonumber(ARGV[9]) then return {'refused', 'client'} end
if redis.call('ZCARD', p .. 'active') >= tonumber(ARGV[10]) then return {'refused', 'service'} end
if ARGV[5] ~= '' then redis.call('SET', p .. 'idem:' .. ARGV[5], id, 'PX', ttl) end
local b = p .. 'b:' .. id
redis.call('HSET', b, 'meta', ARGV[3], 'status', 'queued', 'processed', 0, 'succeeded', 0, 'failed', 0, 'completed_at', '', 'fp', ARGV[6])
redis.call('PEXPIRE', b, ttl)
for i = 11, #ARGV, 1000 do
  redis.call('RPUSH', b .. ':in', unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('PEXPIRE', b .. ':in', ttl)
local expires = tonumber(ARGV[8]) + ttl
redis.call('ZADD', p .. 'active', expires, id)
redis.call('ZADD', p .. 'active:' .. ARGV[7], expires, id)
redis.call('PEXPIRE', p .. 'active:' .. ARGV[7], ttl)
return false
`;

/**
 * Records outcomes idempotently (HSETNX per contact), counts only the new ones, and completes the
 * batch when every contact has one. ARGV: prefix, id, from, now ISO, client, item JSON...
 * Returns the status fields, or false when the batch is gone.
 */
const RECORD_SCRIPT = `
local p, id, from = ARGV[1], ARGV[2], tonumber(ARGV[3])
local b = p .. 'b:' .. id
if redis.call('EXISTS', b) == 0 then return false end
local ok, bad = 0, 0
for i = 6, #ARGV do
  if redis.call('HSETNX', b .. ':out', from + i - 6, ARGV[i]) == 1 then
    if string.sub(ARGV[i], 1, 9) == '{"ok":tru' then ok = ok + 1 else bad = bad + 1 end
  end
end
redis.call('PEXPIRE', b .. ':out', redis.call('PTTL', b))
local processed = redis.call('HINCRBY', b, 'processed', ok + bad)
redis.call('HINCRBY', b, 'succeeded', ok)
redis.call('HINCRBY', b, 'failed', bad)
local meta = cjson.decode(redis.call('HGET', b, 'meta'))
if processed >= meta.total then
  if redis.call('HGET', b, 'status') ~= 'succeeded' then
    redis.call('HSET', b, 'status', 'succeeded', 'completed_at', ARGV[4])
    redis.call('DEL', b .. ':in')
    redis.call('ZREM', p .. 'active', id)
    redis.call('ZREM', p .. 'active:' .. ARGV[5], id)
  end
else
  redis.call('HSET', b, 'status', 'running')
end
return redis.call('HMGET', b, 'meta', 'status', 'processed', 'succeeded', 'failed', 'completed_at', 'fp')
`;

/** Marks a batch failed unless it has finished. ARGV: prefix, id, now ISO. */
const FAIL_SCRIPT = `
local p, id = ARGV[1], ARGV[2]
local b = p .. 'b:' .. id
local status = redis.call('HGET', b, 'status')
if not status or status == 'succeeded' or status == 'failed' then return 0 end
redis.call('HSET', b, 'status', 'failed', 'completed_at', ARGV[3])
redis.call('DEL', b .. ':in')
local meta = cjson.decode(redis.call('HGET', b, 'meta'))
redis.call('ZREM', p .. 'active', id)
redis.call('ZREM', p .. 'active:' .. meta.client, id)
return 1
`;

/** Counts the active batches of a client and in all, after dropping expired ones. ARGV: prefix, client, now ms. */
const ACTIVE_SCRIPT = `
local p = ARGV[1]
redis.call('ZREMRANGEBYSCORE', p .. 'active', '-inf', ARGV[3])
redis.call('ZREMRANGEBYSCORE', p .. 'active:' .. ARGV[2], '-inf', ARGV[3])
return { redis.call('ZCARD', p .. 'active:' .. ARGV[2]), redis.call('ZCARD', p .. 'active') }
`;

type Fields = [string | null, string | null, string | null, string | null, string | null, string | null, string | null];

/** The fixed part of a record, stored once as JSON ('meta'); the counters and status are hash fields. */
type Meta = Pick<
  BatchRecord,
  'id' | 'created_at' | 'total' | 'template' | 'client' | 'options' | 'source' | 'ignoredColumns'
>;

function toRecord(fields: Fields): BatchRecord | null {
  const [meta, status, processed, succeeded, failed, completedAt] = fields;
  if (!meta) return null;
  return {
    ...(JSON.parse(meta) as Meta),
    status: (status ?? 'queued') as BatchStatus,
    processed: Number(processed ?? 0),
    succeeded: Number(succeeded ?? 0),
    failed: Number(failed ?? 0),
    completed_at: completedAt || null,
  };
}

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Batches in Redis, shared by every instance: the record and counters in a hash, the contacts in
 * a list (deleted once every contact has an outcome), the outcomes in a hash by index; every key
 * expires JOB_TTL_SECONDS after creation. Commands go through the module's circuit breaker: while
 * Redis does not answer, batch routes answer 503 at once.
 */
export class RedisBatchStore extends BatchStore {
  private readonly prefix = '{vcard-batches}:';

  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly circuit: RedisCircuit | null,
  ) {
    super();
  }

  async create(
    record: BatchRecord,
    contacts: string[],
    limits: ActiveLimits,
    idempotency?: IdempotencyClaim,
  ): Promise<BatchCreation> {
    const meta: Meta = {
      id: record.id,
      created_at: record.created_at,
      total: record.total,
      ...(record.template !== undefined ? { template: record.template } : {}),
      client: record.client,
      ...(record.options ? { options: record.options } : {}),
      ...(record.source !== undefined ? { source: record.source } : {}),
      ...(record.ignoredColumns !== undefined ? { ignoredColumns: record.ignoredColumns } : {}),
    };
    const earlier = (await this.call(
      (redis) =>
        redis.eval(
          CREATE_SCRIPT,
          0,
          this.prefix,
          record.id,
          JSON.stringify(meta),
          this.ttlSeconds * 1000,
          idempotency ? keyHash(idempotency.key) : '',
          idempotency?.fingerprint ?? '',
          record.client,
          Date.now(),
          limits.perClient,
          limits.total,
          ...contacts,
        ),
      // A large batch takes longer to store than the circuit's per-command budget.
      false,
    )) as Fields | null;
    if (!earlier) return { created: true };
    if (earlier[0] === 'refused') return { created: false, refused: earlier[1] as 'client' | 'service' };
    return { created: false, existing: toRecord(earlier)!, fingerprint: earlier[6] ?? '' };
  }

  async get(id: string): Promise<BatchRecord | null> {
    const fields = (await this.call((redis) =>
      redis.hmget(`${this.prefix}b:${id}`, 'meta', 'status', 'processed', 'succeeded', 'failed', 'completed_at', 'fp'),
    )) as Fields;
    return toRecord(fields);
  }

  async style(id: string): Promise<QrStyle | null> {
    const json = await this.call((redis) => redis.get(`${this.prefix}style:${id}`));
    return json === null ? null : (JSON.parse(json) as QrStyle);
  }

  /** Kept beside the batch's hash until the batch expires (the hash's remaining time to live). */
  async setStyle(id: string, style: QrStyle): Promise<boolean> {
    const left = await this.call((redis) => redis.pttl(`${this.prefix}b:${id}`));
    if (left <= 0) return false;
    await this.call((redis) => redis.set(`${this.prefix}style:${id}`, JSON.stringify(style), 'PX', left));
    return true;
  }

  async findByIdempotencyKey(key: string): Promise<{ record: BatchRecord; fingerprint: string } | null> {
    const id = await this.call((redis) => redis.get(`${this.prefix}idem:${keyHash(key)}`));
    if (id === null) return null;
    const fields = (await this.call((redis) =>
      redis.hmget(`${this.prefix}b:${id}`, 'meta', 'status', 'processed', 'succeeded', 'failed', 'completed_at', 'fp'),
    )) as Fields;
    const record = toRecord(fields);
    return record ? { record, fingerprint: fields[6] ?? '' } : null;
  }

  async contacts(id: string, from: number, to: number): Promise<string[]> {
    return this.call((redis) => redis.lrange(`${this.prefix}b:${id}:in`, from, to - 1));
  }

  async recordResults(id: string, from: number, items: StoredItem[]): Promise<BatchRecord | null> {
    const client = (await this.get(id))?.client ?? '';
    const fields = (await this.call((redis) =>
      redis.eval(
        RECORD_SCRIPT,
        0,
        this.prefix,
        id,
        from,
        new Date().toISOString(),
        client,
        ...items.map((item) => JSON.stringify(item)),
      ),
    )) as Fields | null;
    return fields ? toRecord(fields) : null;
  }

  async fail(id: string): Promise<void> {
    await this.call((redis) => redis.eval(FAIL_SCRIPT, 0, this.prefix, id, new Date().toISOString()), false);
  }

  async items(id: string, from: number, to: number): Promise<Array<StoredItem | null>> {
    if (to <= from) return [];
    const indexes = Array.from({ length: to - from }, (_, i) => String(from + i));
    const values = await this.call((redis) => redis.hmget(`${this.prefix}b:${id}:out`, ...indexes));
    return values.map((json) => (json === null ? null : (JSON.parse(json) as StoredItem)));
  }

  async active(client: string): Promise<{ client: number; total: number }> {
    const [mine, total] = (await this.call((redis) =>
      redis.eval(ACTIVE_SCRIPT, 0, this.prefix, client, Date.now()),
    )) as [number, number];
    return { client: mine, total };
  }

  private async call<T>(command: (redis: Redis) => Promise<T>, timed = true): Promise<T> {
    try {
      if (this.circuit?.isOpen) throw new Error('circuit open');
      return await (timed && this.circuit ? this.circuit.run(command) : command(this.redis));
    } catch {
      throw storeUnavailable();
    }
  }
}
