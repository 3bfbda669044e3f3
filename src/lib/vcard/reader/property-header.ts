import { decodeParamText } from './decode-value-text';

/** The part of a content line before its value: `item1.TEL;TYPE=WORK,VOICE;PREF` */
export interface PropertyHeader {
  group?: string;
  name: string;
  /** Decoded already (UTF-8 when valid, else Windows-1252); shared by every property with the same header. */
  params: Readonly<Record<string, readonly string[]>>;
  /** It had a 2.1 bare parameter (`TEL;WORK`), which tells a card without VERSION is 2.1. */
  bare: boolean;
}

const NAME = /^(?:([A-Za-z0-9_-]+)\.)?([A-Za-z0-9_-]+)$/;
const QUOTE = 0x22;
const SEMICOLON = 0x3b;
const COLON = 0x3a;
const COMMA = 0x2c;
// 2.1 lets the encoding stand alone (`PHOTO;JPEG;BASE64:`): it must be known as one to skip the value.
const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);
// Parameters whose quoted value is itself a list (RFC 6350 writes TYPE="work,voice").
const LIST_PARAMS = new Set(['TYPE']);

/**
 * Where the value starts: the index of the first colon outside double quotes (a quoted parameter
 * value may hold one), or of the first colon at all when the quotes never close; -1 without one.
 */
export function findValueColon(line: string): number {
  const first = line.indexOf(':');
  const quote = line.indexOf('"');
  if (quote === -1 || (first !== -1 && quote > first)) return first;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === QUOTE) quoted = !quoted;
    else if (code === COLON && !quoted) return i;
  }
  return quoted ? line.indexOf(':') : -1;
}

/**
 * Reads a header (latin1 text) into its group, upper-case name and normalised parameters;
 * undefined when it is not one (a stray line that happens to hold a colon).
 */
export function parsePropertyHeader(header: string): PropertyHeader | undefined {
  if (header.indexOf(';') === -1) {
    const bare = NAME.exec(header);
    if (bare === null) return undefined;
    return bare[1] === undefined
      ? { name: bare[2].toUpperCase(), params: {}, bare: false }
      : { group: bare[1], name: bare[2].toUpperCase(), params: {}, bare: false };
  }
  const segments = splitOutsideQuotes(header, SEMICOLON);
  const name = NAME.exec(segments[0].trim());
  if (name === null) return undefined;
  const params: Record<string, string[]> = {};
  let bare = false;
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i];
    const equals = segment.indexOf('=');
    if (equals === -1) {
      const word = segment.trim();
      if (word === '') continue;
      bare = true;
      addValues(params, BARE_ENCODINGS.has(word.toUpperCase()) ? 'ENCODING' : 'TYPE', [decodeParamText(word)]);
      continue;
    }
    const key = segment.slice(0, equals).trim().toUpperCase();
    if (key === '') continue;
    addValues(params, key, paramValues(segment.slice(equals + 1), LIST_PARAMS.has(key)).map(decodeParamText));
  }
  const group = name[1];
  return group === undefined
    ? { name: name[2].toUpperCase(), params, bare }
    : { group, name: name[2].toUpperCase(), params, bare };
}

function addValues(params: Record<string, string[]>, key: string, values: string[]): void {
  if (values.length === 0) return;
  // Upper-case names never collide with Object.prototype's members, which are all lower or camel case.
  const known = Object.hasOwn(params, key) ? params[key] : undefined;
  if (known === undefined) params[key] = values;
  else known.push(...values);
}

/** A parameter's values: split at commas outside quotes (inside them too for list parameters), unquoted. */
function paramValues(text: string, quotedList: boolean): string[] {
  const values: string[] = [];
  for (const part of splitOutsideQuotes(text, COMMA)) {
    const trimmed = part.trim();
    const quoted = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"');
    const inner = quoted ? trimmed.slice(1, -1) : trimmed.replaceAll('"', '');
    for (const value of quoted && quotedList ? inner.split(',').map((item) => item.trim()) : [inner]) {
      if (value !== '') values.push(value);
    }
  }
  return values;
}

function splitOutsideQuotes(text: string, separator: number): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) quoted = !quoted;
    else if (code === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The transfer encoding a header declares, as far as reading its lines is concerned. */
export function headerEncoding(header: PropertyHeader): 'quoted-printable' | 'base64' | undefined {
  for (const value of header.params.ENCODING ?? []) {
    const word = value.toUpperCase();
    if (word === 'QUOTED-PRINTABLE') return 'quoted-printable';
    if (word === 'B' || word === 'BASE64') return 'base64';
  }
  return undefined;
}
