/**
 * The bytes of a stream not read yet, pulled a chunk at a time only when a reader needs more: one
 * buffer that grows by doubling and drops what was taken, so a file's bytes are copied once or
 * twice, never once per chunk.
 */
export class ZipBytes {
  private buffer = Buffer.alloc(0);
  private start = 0;
  private end = 0;
  private done = false;

  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  /** The bytes held and not taken. */
  get available(): number {
    return this.end - this.start;
  }

  /** Pulls until `count` bytes are held; false when the stream ends first. */
  async need(count: number): Promise<boolean> {
    while (this.available < count) if (!(await this.more())) return false;
    return true;
  }

  /** Pulls one more chunk; false at the end of the stream. */
  async more(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.append(next.value);
    return true;
  }

  /** The first `count` bytes held, left held (a view: valid until the next pull). */
  peek(count: number): Buffer {
    return this.buffer.subarray(this.start, this.start + count);
  }

  /** The first `count` bytes held (a copy), no longer held. */
  take(count: number): Buffer {
    const taken = Buffer.from(this.buffer.subarray(this.start, this.start + count));
    this.start += count;
    return taken;
  }

  /** Where `pattern` starts among the bytes held, from `from` on; -1 when it is not there yet. */
  indexOf(pattern: Buffer, from: number): number {
    return this.buffer.subarray(this.start, this.end).indexOf(pattern, from);
  }

  /** Reads the rest of the stream, holding nothing. */
  async drain(): Promise<void> {
    this.buffer = Buffer.alloc(0);
    this.start = this.end = 0;
    while (!this.done) {
      const next = await this.chunks.next();
      if (next.done) this.done = true;
    }
  }

  private append(chunk: Buffer): void {
    if (this.end + chunk.length > this.buffer.length) {
      const held = this.available;
      const size = Math.max(held + chunk.length, held * 2, 64 * 1024);
      // Moved to the front of the same buffer when it has room (copy() handles the overlap).
      const grown = size > this.buffer.length ? Buffer.allocUnsafe(size) : this.buffer;
      this.buffer.copy(grown, 0, this.start, this.end);
      this.buffer = grown;
      this.start = 0;
      this.end = held;
    }
    chunk.copy(this.buffer, this.end);
    this.end += chunk.length;
  }
}
