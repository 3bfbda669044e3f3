import type { ActiveLimits, BatchCreation, BatchRecord, IdempotencyClaim, StoredItem } from '../batch-record';
import type { QrStyle } from '../../../lib/qr/style/qr-style';
import { BatchStore } from '../batch-store';

/**
 * The outcomes of a batch, outside the JavaScript heap: each recording is one Buffer holding its
 * outcomes as JSON texts, and typed arrays say where each contact's outcome is. Ten thousand
 * outcome objects kept for JOB_TTL_SECONDS would be copied by every young-generation collection
 * while the batch runs, pausing every other request (bench/README.md, phase 6); a few Buffers are not.
 */
class PackedOutcomes {
  private readonly blocks: Buffer[] = [];
  /** Block of each contact's outcome, -1 while it has none. */
  private readonly blockOf: Int32Array;
  private readonly start: Uint32Array;
  private readonly end: Uint32Array;

  constructor(readonly total: number) {
    this.blockOf = new Int32Array(total).fill(-1);
    this.start = new Uint32Array(total);
    this.end = new Uint32Array(total);
  }

  has(index: number): boolean {
    return this.blockOf[index] !== -1;
  }

  /** Records outcomes for contacts that have none yet (`indexes[i]` gets `items[i]`). */
  record(indexes: number[], items: StoredItem[]): void {
    if (indexes.length === 0) return;
    const texts = items.map((item) => JSON.stringify(item));
    const block = Buffer.from(texts.join(''));
    const number = this.blocks.push(block) - 1;
    let at = 0;
    texts.forEach((text, i) => {
      const length = Buffer.byteLength(text);
      this.blockOf[indexes[i]] = number;
      this.start[indexes[i]] = at;
      this.end[indexes[i]] = at + length;
      at += length;
    });
  }

  get(index: number): StoredItem | null {
    const block = this.blockOf[index];
    if (block === -1 || block === undefined) return null;
    return JSON.parse(this.blocks[block].toString('utf8', this.start[index], this.end[index])) as StoredItem;
  }
}

interface Entry {
  record: BatchRecord;
  contacts: string[];
  outcomes: PackedOutcomes;
  expiresAt: number;
  fingerprint?: string;
  style?: QrStyle;
}

/** How often expired batches are dropped (they are also invisible from the moment they expire). */
const SWEEP_MS = 10_000;

/** Batches in this process's memory, each dropped (contacts, results and all) JOB_TTL_SECONDS after creation. */
export class MemoryBatchStore extends BatchStore {
  private readonly batches = new Map<string, Entry>();
  private readonly idempotency = new Map<string, string>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly ttlSeconds: number) {
    super();
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  // No await in here: checks and insertion happen in one turn of the event loop.
  async create(
    record: BatchRecord,
    contacts: string[],
    limits: ActiveLimits,
    idempotency?: IdempotencyClaim,
  ): Promise<BatchCreation> {
    if (idempotency) {
      const earlier = this.live(this.idempotency.get(idempotency.key));
      if (earlier) return { created: false, existing: { ...earlier.record }, fingerprint: earlier.fingerprint ?? '' };
    }
    const active = this.countActive(record.client);
    if (active.client >= limits.perClient) return { created: false, refused: 'client' };
    if (active.total >= limits.total) return { created: false, refused: 'service' };
    if (idempotency) this.idempotency.set(idempotency.key, record.id);
    this.batches.set(record.id, {
      record: { ...record },
      contacts,
      outcomes: new PackedOutcomes(contacts.length),
      expiresAt: Date.now() + this.ttlSeconds * 1000,
      fingerprint: idempotency?.fingerprint,
    });
    return { created: true };
  }

  async style(id: string): Promise<QrStyle | null> {
    return this.live(id)?.style ?? null;
  }

  async setStyle(id: string, style: QrStyle): Promise<boolean> {
    const entry = this.live(id);
    if (entry) entry.style = style;
    return entry !== undefined;
  }

  async get(id: string): Promise<BatchRecord | null> {
    const entry = this.live(id);
    return entry ? { ...entry.record } : null;
  }

  async findByIdempotencyKey(key: string): Promise<{ record: BatchRecord; fingerprint: string } | null> {
    const entry = this.live(this.idempotency.get(key));
    return entry ? { record: { ...entry.record }, fingerprint: entry.fingerprint ?? '' } : null;
  }

  async contacts(id: string, from: number, to: number): Promise<string[]> {
    return this.live(id)?.contacts.slice(from, to) ?? [];
  }

  async recordResults(id: string, from: number, items: StoredItem[]): Promise<BatchRecord | null> {
    const entry = this.live(id);
    if (!entry) return null;
    const { record, outcomes } = entry;
    const indexes: number[] = [];
    const fresh: StoredItem[] = [];
    items.forEach((item, offset) => {
      const index = from + offset;
      if (index >= outcomes.total || outcomes.has(index)) return;
      indexes.push(index);
      fresh.push(item);
      record.processed += 1;
      if (item.ok) record.succeeded += 1;
      else record.failed += 1;
    });
    outcomes.record(indexes, fresh);
    if (record.processed >= record.total) {
      if (record.status !== 'succeeded') {
        record.status = 'succeeded';
        record.completed_at = new Date().toISOString();
      }
      // Nothing will read the input again.
      entry.contacts = [];
    } else {
      record.status = 'running';
    }
    return { ...record };
  }

  async fail(id: string): Promise<void> {
    const entry = this.live(id);
    if (!entry || entry.record.status === 'succeeded' || entry.record.status === 'failed') return;
    entry.record.status = 'failed';
    entry.record.completed_at = new Date().toISOString();
    entry.contacts = [];
  }

  async items(id: string, from: number, to: number): Promise<Array<StoredItem | null>> {
    const outcomes = this.live(id)?.outcomes;
    if (!outcomes) return [];
    const page: Array<StoredItem | null> = [];
    for (let index = Math.max(0, from); index < Math.min(to, outcomes.total); index++) page.push(outcomes.get(index));
    return page;
  }

  async active(client: string): Promise<{ client: number; total: number }> {
    return this.countActive(client);
  }

  private countActive(client: string): { client: number; total: number } {
    let mine = 0;
    let total = 0;
    for (const entry of this.batches.values()) {
      if (entry.expiresAt <= Date.now() || entry.record.status === 'succeeded' || entry.record.status === 'failed')
        continue;
      total += 1;
      if (entry.record.client === client) mine += 1;
    }
    return { client: mine, total };
  }

  private live(id: string | undefined): Entry | undefined {
    if (id === undefined) return undefined;
    const entry = this.batches.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry;
    this.batches.delete(id);
    return undefined;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, entry] of this.batches) if (entry.expiresAt <= now) this.batches.delete(id);
    for (const [key, id] of this.idempotency) if (!this.batches.has(id)) this.idempotency.delete(key);
  }
}
