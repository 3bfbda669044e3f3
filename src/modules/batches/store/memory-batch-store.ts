import type { ActiveLimits, BatchCreation, BatchRecord, IdempotencyClaim, StoredItem } from '../batch-record';
import { BatchStore } from './batch-store';

interface Entry {
  record: BatchRecord;
  contacts: string[];
  items: Array<StoredItem | null>;
  expiresAt: number;
  fingerprint?: string;
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
  async create(record: BatchRecord, contacts: string[], limits: ActiveLimits, idempotency?: IdempotencyClaim): Promise<BatchCreation> {
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
      items: new Array<StoredItem | null>(contacts.length).fill(null),
      expiresAt: Date.now() + this.ttlSeconds * 1000,
      fingerprint: idempotency?.fingerprint,
    });
    return { created: true };
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
    const { record } = entry;
    items.forEach((item, offset) => {
      const index = from + offset;
      if (index >= entry.items.length || entry.items[index] !== null) return;
      entry.items[index] = item;
      record.processed += 1;
      if (item.ok) record.succeeded += 1;
      else record.failed += 1;
    });
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
    return this.live(id)?.items.slice(from, to) ?? [];
  }

  async active(client: string): Promise<{ client: number; total: number }> {
    return this.countActive(client);
  }

  private countActive(client: string): { client: number; total: number } {
    let mine = 0;
    let total = 0;
    for (const entry of this.batches.values()) {
      if (entry.expiresAt <= Date.now() || entry.record.status === 'succeeded' || entry.record.status === 'failed') continue;
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
