import iconv from 'iconv-lite';

/**
 * Buffer's own latin1 decoder, which toString('latin1', start, end) calls after checking its
 * arguments: called once per line, the checks cost as much as the decoding.
 */
type LatinSlicing = Buffer & { latin1Slice(start: number, end: number): string };

/** The byte order mark a file started with, if any. */
export type FileBom = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * Receives the file's physical lines as latin1 text (one character per byte, so nothing is
 * decoded yet and nothing is lost), without the line break. A line longer than the piece size
 * arrives in several pieces: `starts` on its first, `ends` on its last.
 */
export type LinePieceSink = (text: string, line: number, starts: boolean, ends: boolean) => void;

const LF = 0x0a;
const CR = 0x0d;
/** A line break split across two pieces must not be kept as text: at most this many CRs wait. */
const HELD_CRS = 2;

/**
 * Splits a byte stream into physical lines (LF, CRLF, or the CRCRLF some iPhones write). A UTF-16
 * file (by its BOM) is turned into UTF-8 first, so every later step sees ASCII-compatible bytes.
 * Memory: a line is held only up to `pieceBytes`; longer ones are passed on in pieces.
 */
export class PhysicalLines {
  /** The file's BOM, known once the first bytes were seen. */
  bom: FileBom | undefined;
  private sniffed = false;
  private head: Buffer = Buffer.alloc(0);
  private utf16: ReturnType<typeof iconv.getDecoder> | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private line = 1;
  private starts = true;

  constructor(
    private readonly sink: LinePieceSink,
    private readonly pieceBytes = 64 * 1024,
  ) {}

  write(chunk: Uint8Array): void {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, bytes]);
      if (this.head.length >= 3) this.split(this.sniff(this.head));
      return;
    }
    this.split(this.utf16 === undefined ? bytes : Buffer.from(this.utf16.write(bytes), 'utf8'));
  }

  end(): void {
    if (!this.sniffed) this.split(this.sniff(this.head));
    if (this.utf16 !== undefined) this.split(Buffer.from(this.utf16.end() ?? '', 'utf8'));
    if (this.pendingBytes > 0 || !this.starts) {
      const rest = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      this.emit(rest, 0, withoutTrailingCrs(rest, 0, rest.length), true);
    }
  }

  /** Decides the file's encoding from its first bytes; returns the bytes after the BOM. */
  private sniff(head: Buffer): Buffer {
    this.sniffed = true;
    this.head = Buffer.alloc(0);
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
      this.bom = 'utf-8';
      return head.subarray(3);
    }
    const utf16 =
      head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : undefined;
    if (utf16 === undefined) return head;
    this.bom = utf16;
    this.utf16 = iconv.getDecoder(utf16);
    return Buffer.from(this.utf16.write(head.subarray(2)), 'utf8');
  }

  private split(bytes: Buffer): void {
    let start = 0;
    let lf = bytes.indexOf(LF, start);
    while (lf !== -1) {
      if (this.pendingBytes > 0) {
        this.pending.push(bytes.subarray(start, lf));
        const line = Buffer.concat(this.pending, this.pendingBytes + lf - start);
        this.pending = [];
        this.pendingBytes = 0;
        this.emit(line, 0, withoutTrailingCrs(line, 0, line.length), true);
      } else {
        this.emit(bytes, start, withoutTrailingCrs(bytes, start, lf), true);
      }
      start = lf + 1;
      lf = bytes.indexOf(LF, start);
    }
    if (start < bytes.length) {
      // Copied: the caller may reuse its chunk once write() returns.
      this.pending.push(Buffer.from(bytes.subarray(start)));
      this.pendingBytes += bytes.length - start;
      if (this.pendingBytes > this.pieceBytes) this.flushPiece();
    }
  }

  /** Passes on the start of an overlong line, keeping back the CRs that may belong to its break. */
  private flushPiece(): void {
    const text = Buffer.concat(this.pending, this.pendingBytes);
    const keep = Math.max(withoutTrailingCrs(text, 0, text.length), text.length - HELD_CRS);
    this.pending = keep < text.length ? [text.subarray(keep)] : [];
    this.pendingBytes = text.length - keep;
    this.emit(text, 0, keep, false);
  }

  private emit(bytes: Buffer, start: number, end: number, ends: boolean): void {
    this.sink((bytes as LatinSlicing).latin1Slice(start, end), this.line, this.starts, ends);
    this.starts = ends;
    if (ends) this.line++;
  }
}

function withoutTrailingCrs(bytes: Buffer, start: number, end: number): number {
  while (end > start && bytes[end - 1] === CR) end--;
  return end;
}
