import { CardAssembly } from './card-assembly';
import { PhysicalLines } from './physical-lines';
import { findValueColonIn, isDataUri, startLogicalLine, type LogicalLine } from './logical-line';
import { findValueColon, headerEncoding, parsePropertyHeader, type PropertyHeader } from './property-header';
import {
  DEFAULT_MAX_CARD_BYTES,
  DEFAULT_MAX_LINE_BYTES,
  type ReadEvent,
  type ReadIssue,
  type VCardReaderOptions,
} from './read-event';

const SPACE = 0x20;
const TAB = 0x09;
const EQUALS = 0x3d;
const HASH = 0x23;
const COMPONENT = /^(BEGIN|END)[ \t]*:[ \t]*([A-Za-z0-9-]+)[ \t]*$/i;
const END_VCARD = /^END[ \t]*:[ \t]*VCARD[ \t]*$/i;
// A card nested in a nested card, begun on its AGENT line (the first level is CardAssembly's).
const NESTED_AGENT = /^(?:[A-Za-z0-9-]+\.)?AGENT(?:;[^:]*)?:[ \t]*BEGIN[ \t]*:[ \t]*VCARD[ \t]*$/i;
// 2.1 writes base64 continuation lines without indentation and ends the value with a blank line.
const BASE64_LINE = /^[A-Za-z0-9+/=]+[ \t]*$/;
const HEADER_CACHE_SIZE = 1024;

/**
 * Reads vCards from bytes pushed in chunks of any size: each write() returns the events (whole
 * cards, or cards that cannot be read) completed by that chunk, end() the rest. Memory stays
 * bounded by `maxLineBytes` per kept line and `maxCardBytes` per card, whatever the input: a
 * base64 value or `data:` URI is dropped as it arrives, however long, and so are the lines of a
 * card that already failed.
 */
export class VCardStreamReader {
  private readonly lines = new PhysicalLines((text, line, starts, ends) => this.onPiece(text, line, starts, ends));
  private readonly maxLineBytes: number;
  private readonly maxCardBytes: number;
  private readonly contentTypeCharset: string | undefined;
  private events: ReadEvent[] = [];
  private emittedAny = false;
  private card: CardAssembly | undefined;
  private logical: LogicalLine | undefined;
  /** After a card failed: its remaining lines are skipped up to its END or the next BEGIN. */
  private discarding = false;
  /** A component other than a vCard (SOGo's BEGIN:VLIST) being skipped, by name. */
  private foreign: string | undefined;
  /** A `no_begin` was already given for the current run of properties outside any card. */
  private strayReported = false;
  /** Parsed headers by their text: an export repeats a few dozen headers thousands of times. */
  private readonly headers = new Map<string, PropertyHeader | null>();

  constructor(options: VCardReaderOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.maxCardBytes = Math.max(options.maxCardBytes ?? DEFAULT_MAX_CARD_BYTES, this.maxLineBytes);
    this.contentTypeCharset = options.contentTypeCharset;
  }

  write(chunk: Uint8Array): ReadEvent[] {
    this.lines.write(chunk);
    return this.take();
  }

  end(): ReadEvent[] {
    this.lines.end();
    this.finishLogical();
    if (this.card !== undefined) this.fail(this.card.startLine, 'no_end');
    if (!this.emittedAny) this.emit({ kind: 'error', line: 1, issue: 'no_begin' });
    return this.take();
  }

  private take(): ReadEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private emit(event: ReadEvent): void {
    this.events.push(event);
    this.emittedAny = true;
  }

  /** Ends the open card with an error; its remaining lines are skipped. */
  private fail(line: number, issue: ReadIssue): void {
    this.emit({ kind: 'error', line, issue });
    this.card = undefined;
    this.discarding = true;
  }

  private onPiece(text: string, line: number, starts: boolean, ends: boolean): void {
    if (!starts) {
      this.extend(text);
      return;
    }
    const logical = this.logical;
    if (logical !== undefined) {
      if (this.continues(logical, text)) return;
      this.finishLogical();
    }
    if (text === '') return;
    const component = ends && startsLikeComponent(text.charCodeAt(0)) ? COMPONENT.exec(text) : null;
    if (component !== null) {
      const name = component[2].toUpperCase();
      if (component[1].toUpperCase() === 'BEGIN') this.onBegin(name, line);
      else this.onEnd(name, line);
      return;
    }
    if (this.foreign !== undefined || this.discarding) return;
    const card = this.card;
    if (card === undefined) this.onStrayLine(text, line);
    else if (card.nestDepth === 0) this.startProperty(text, line);
    else if (NESTED_AGENT.test(text)) card.nestDepth++;
  }

  /** Whether the new physical line continues the property being read (and takes it in if so). */
  private continues(logical: LogicalLine, text: string): boolean {
    const first = text.charCodeAt(0);
    // A soft line break first: the next line's leading blank is text ("come=" / " to the aid").
    if (logical.quotedPrintable && logical.lastChar === EQUALS && !END_VCARD.test(text)) {
      // Kept as `=` CRLF, the break quoted-printable decoding drops: cutting the `=` would copy the whole text.
      this.extend('\r\n');
      this.extend(text);
      return true;
    }
    if (first === SPACE || first === TAB) {
      this.extend(text.slice(1));
      return true;
    }
    return logical.base64 && BASE64_LINE.test(text);
  }

  private onBegin(name: string, line: number): void {
    const card = this.card;
    if (name !== 'VCARD') {
      if (card === undefined && !this.discarding) this.foreign ??= name;
      return;
    }
    this.foreign = undefined;
    this.discarding = false;
    if (card !== undefined) {
      if (card.nestDepth > 0) {
        card.nestDepth++;
        return;
      }
      if (card.agentWaiting !== undefined) {
        card.agentWaiting.inline = true;
        card.agentWaiting = undefined;
        card.nestDepth = 1;
        return;
      }
      this.emit({ kind: 'error', line: card.startLine, issue: 'no_end' });
    }
    this.card = new CardAssembly(line);
    this.strayReported = false;
  }

  private onEnd(name: string, line: number): void {
    if (name !== 'VCARD') {
      if (this.foreign === name) this.foreign = undefined;
      return;
    }
    if (this.foreign !== undefined) return;
    const card = this.card;
    if (card !== undefined) {
      if (card.nestDepth > 0) {
        card.nestDepth--;
        return;
      }
      this.card = undefined;
      this.emit(card.finish(this.lines.bom !== undefined, this.contentTypeCharset));
    } else if (this.discarding) {
      this.discarding = false;
    } else {
      this.onStrayLine('END:VCARD', line);
    }
  }

  /** A line outside any card: a property there means its BEGIN is missing; other text is ignored. */
  private onStrayLine(text: string, line: number): void {
    if (this.strayReported) return;
    const colon = findValueColon(text);
    if (colon === -1 || parsePropertyHeader(text.slice(0, colon)) === undefined) return;
    this.strayReported = true;
    this.emit({ kind: 'error', line, issue: 'no_begin' });
  }

  private startProperty(text: string, line: number): void {
    this.logical = startLogicalLine(line, text.charCodeAt(0) === HASH);
    this.extend(text);
  }

  /** Takes in more text of the property being read, dropping what must not be held. */
  private extend(text: string): void {
    const logical = this.logical;
    if (logical === undefined || logical.skipping || text === '') return;
    const offset = logical.text.length;
    logical.text += text;
    logical.lastChar = text.charCodeAt(text.length - 1);
    if (logical.header === undefined) this.readHeader(logical, findValueColonIn(logical, text, offset));
    if (logical.header !== undefined && !logical.dataChecked) this.checkDataUri(logical, false);
    if (!logical.skipping && logical.text.length > this.maxLineBytes) {
      logical.skipping = true;
      logical.notProperty = true;
      this.fail(logical.line, 'line_too_long');
    }
  }

  private readHeader(logical: LogicalLine, colon: number): void {
    if (colon === -1) return;
    const header = this.parseHeader(logical.text.slice(0, colon));
    if (header === undefined) {
      logical.skipping = true;
      logical.notProperty = true;
      return;
    }
    logical.header = header;
    logical.valueStart = colon + 1;
    const encoding = headerEncoding(header);
    logical.quotedPrintable = encoding === 'quoted-printable';
    if (encoding === 'base64') {
      logical.base64 = true;
      this.skipValue(logical);
    }
  }

  private parseHeader(text: string): PropertyHeader | undefined {
    let header = this.headers.get(text);
    if (header === undefined) {
      if (this.headers.size >= HEADER_CACHE_SIZE) this.headers.clear();
      header = parsePropertyHeader(text) ?? null;
      this.headers.set(text, header);
    }
    return header ?? undefined;
  }

  /** A `data:` URI is binary content like a base64 value: skipped once its first characters show it. */
  private checkDataUri(logical: LogicalLine, atEnd: boolean): void {
    if (logical.skipping) return;
    const dataUri = isDataUri(logical, atEnd);
    if (dataUri === undefined) return;
    logical.dataChecked = true;
    if (dataUri) this.skipValue(logical);
  }

  private skipValue(logical: LogicalLine): void {
    logical.skipping = true;
    logical.inline = true;
    logical.text = logical.text.slice(0, logical.valueStart);
  }

  private finishLogical(): void {
    const logical = this.logical;
    this.logical = undefined;
    const card = this.card;
    if (logical === undefined || logical.notProperty || card === undefined) return;
    // Quotes that never close: the first colon after all, as lenient readers take it.
    if (logical.header === undefined) this.readHeader(logical, logical.firstColon);
    if (logical.header === undefined || logical.notProperty) return;
    if (!logical.dataChecked) this.checkDataUri(logical, true);
    const raw = logical.inline ? '' : logical.text.slice(logical.valueStart);
    card.add({ header: logical.header, raw, line: logical.line, inline: logical.inline }, logical.text.length);
    if (card.keptBytes > this.maxCardBytes) this.fail(card.startLine, 'no_end');
  }
}

/** Only a line starting with B or E (any case) can be BEGIN or END: most lines skip the pattern. */
function startsLikeComponent(code: number): boolean {
  const upper = code & ~0x20;
  return upper === 0x42 || upper === 0x45;
}
