const enum State {
  Start,
  Key,
  KeyString,
  Colon,
  Value,
  FirstElement,
  Element,
  InElement,
  AfterElement,
  AfterMember,
  End,
}

const enum Kind {
  Container,
  String,
  Primitive,
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const VALUE_START = new Set([...'{["-0123456789tfn'].map((char) => char.charCodeAt(0)));

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Reads a JSON body piece by piece, as it arrives, and cuts the elements of its `contacts` array
 * out as texts. Each element is checked by `checkElement` (the service's JSON parser) when it is
 * complete, so the work is spread over the body's chunks instead of one long parse that blocks
 * every other request.
 *
 * Only the plain shape is read this way: one object whose only member is `contacts`, an array,
 * nesting within `maxDepth`, every element valid. At the first sign of anything else (another
 * key, a second `contacts`, a syntax error, a byte order mark) it stops and `finish()` returns
 * null: the caller then parses the whole text as any JSON body, which gives the same answer and
 * the same error as for every other route.
 */
export class BatchJsonScanner {
  private state = State.Start;
  private abandoned = false;
  private readonly contacts: string[] = [];
  /** Pieces of the current key or element that began in an earlier piece. */
  private parts: string[] = [];
  private kind = Kind.Container;
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly maxDepth: number,
    private readonly checkElement: (text: string) => boolean,
  ) {}

  /** Reads the next piece of the body's text. */
  write(piece: string): void {
    if (this.abandoned) return;
    let start = this.state === State.InElement || this.state === State.KeyString ? 0 : -1;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      switch (this.state) {
        case State.InElement: {
          if (this.inString) {
            if (this.escaped) this.escaped = false;
            else if (c === BACKSLASH) this.escaped = true;
            else if (c === QUOTE) {
              this.inString = false;
              if (this.kind === Kind.String) this.complete(piece, start, i + 1);
            }
          } else if (this.kind === Kind.Container) {
            if (c === QUOTE) this.inString = true;
            else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
              if (++this.depth > this.maxDepth) return this.abandon();
            } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
              if (--this.depth === 2) this.complete(piece, start, i + 1);
            }
          } else if (isWhitespace(c) || c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE) {
            // A number or literal ends at its delimiter, which is read again after it.
            this.complete(piece, start, i);
            i--;
          }
          if (this.abandoned) return;
          break;
        }
        case State.KeyString:
          if (this.escaped) this.escaped = false;
          else if (c === BACKSLASH) this.escaped = true;
          else if (c === QUOTE) {
            const key = this.take(piece, start, i + 1);
            let name: unknown;
            try {
              name = JSON.parse(key);
            } catch {
              return this.abandon();
            }
            if (name !== 'contacts') return this.abandon();
            this.state = State.Colon;
          }
          break;
        default: {
          if (isWhitespace(c)) break;
          if (!this.structural(c)) return this.abandon();
          // A key or an element begins here.
          const begun = this.state as State;
          if (begun === State.KeyString || begun === State.InElement) start = i;
        }
      }
    }
    if (this.state === State.InElement || this.state === State.KeyString)
      this.parts.push(piece.slice(Math.max(start, 0)));
  }

  /** The contacts' texts when the whole body had the plain shape; null when it must be parsed as a whole. */
  finish(): string[] | null {
    return !this.abandoned && this.state === State.End ? this.contacts : null;
  }

  /** One character outside keys and elements; false when the body does not have the plain shape. */
  private structural(c: number): boolean {
    switch (this.state) {
      case State.Start:
        if (c !== OPEN_BRACE) return false;
        this.state = State.Key;
        return true;
      case State.Key:
        if (c !== QUOTE) return false;
        this.state = State.KeyString;
        this.escaped = false;
        return true;
      case State.Colon:
        if (c !== COLON) return false;
        this.state = State.Value;
        return true;
      case State.Value:
        if (c !== OPEN_BRACKET) return false;
        this.state = State.FirstElement;
        return true;
      case State.FirstElement:
        if (c === CLOSE_BRACKET) {
          this.state = State.AfterMember;
          return true;
        }
        return this.beginElement(c);
      case State.Element:
        return this.beginElement(c);
      case State.AfterElement:
        if (c === COMMA) this.state = State.Element;
        else if (c === CLOSE_BRACKET) this.state = State.AfterMember;
        else return false;
        return true;
      case State.AfterMember:
        // Another member after contacts (unknown, or contacts again): parsed as a whole.
        if (c !== CLOSE_BRACE) return false;
        this.state = State.End;
        return true;
      default:
        return false;
    }
  }

  private beginElement(c: number): boolean {
    // A value begins with one of {["-0123456789tfn; checked here, because the element parser
    // forgives what the body's parser does not inside a body (a leading byte order mark).
    if (!VALUE_START.has(c)) return false;
    this.state = State.InElement;
    this.inString = false;
    this.escaped = false;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.kind = Kind.Container;
      // The body's object is level 1, contacts level 2, this element level 3.
      this.depth = 3;
      return this.depth <= this.maxDepth;
    }
    if (c === QUOTE) {
      this.kind = Kind.String;
      this.inString = true;
    } else {
      this.kind = Kind.Primitive;
    }
    return true;
  }

  /** The text from `start` in this piece to `end`, after the parts from earlier pieces. */
  private take(piece: string, start: number, end: number): string {
    const tail = piece.slice(Math.max(start, 0), end);
    if (this.parts.length === 0) return tail;
    this.parts.push(tail);
    const text = this.parts.join('');
    this.parts = [];
    return text;
  }

  private complete(piece: string, start: number, end: number): void {
    const text = this.take(piece, start, end);
    if (!this.checkElement(text)) return this.abandon();
    this.contacts.push(text);
    this.state = State.AfterElement;
  }

  private abandon(): void {
    this.abandoned = true;
    this.parts = [];
  }
}

/**
 * Reads a JSON batch body as its bytes arrive: decoded as UTF-8 (fatal, as isUtf8 is; a BOM kept,
 * as Buffer's toString keeps it) and cut into one JSON text per contact (BatchJsonScanner) piece by
 * piece, so that no single turn of the event loop parses megabytes. `finish()` gives the contacts,
 * or the whole text when the body has another shape (to be parsed like any JSON body, so the
 * answers are the same), or `invalid_encoding`.
 */
export class BatchJsonReader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private readonly pieces: string[] = [];
  private readonly scanner: BatchJsonScanner;
  private badBytes = false;

  constructor(maxDepth: number, isValidJson: (text: string) => boolean) {
    this.scanner = new BatchJsonScanner(maxDepth, isValidJson);
  }

  write(chunk: Buffer): void {
    if (this.badBytes) return;
    try {
      this.take(this.decoder.decode(chunk, { stream: true }));
    } catch {
      this.badBytes = true;
    }
  }

  finish(): string[] | { text: string } | 'invalid_encoding' {
    if (!this.badBytes) {
      try {
        this.take(this.decoder.decode());
      } catch {
        this.badBytes = true;
      }
    }
    if (this.badBytes) return 'invalid_encoding';
    const contacts = this.scanner.finish();
    return contacts ?? { text: this.pieces.join('') };
  }

  private take(piece: string): void {
    this.pieces.push(piece);
    this.scanner.write(piece);
  }
}
