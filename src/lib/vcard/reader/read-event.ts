/** The vCard versions the reader tells apart. */
export type VCardVersion = '2.1' | '3.0' | '4.0';

/**
 * A property's parameters: upper-case names, each with its values in file order. 2.1's bare
 * parameters (`TEL;WORK;VOICE`) are TYPE values (a bare encoding word is an ENCODING value),
 * repeated parameters are merged, and quoted or unquoted comma lists are split into their values.
 */
export type VCardParams = Readonly<Record<string, readonly string[]>>;

/** One property of a card, as read from the file. */
export interface VCardProperty {
  /** The group prefix (`item1` of `item1.EMAIL`), as written. */
  group?: string;
  /** Upper case, without the group. */
  name: string;
  params: VCardParams;
  /**
   * The decoded text: folding and quoted-printable undone, the charset converted. Escapes
   * (`\n`, `\,`, `\;`) are still in it: how to split and unescape depends on the property. A 2.1
   * value is given in 3.0's escapes (its literal backslashes and commas escaped).
   */
  value: string;
  /** The 1-based line of the file where the property starts. */
  line: number;
  /**
   * The value was binary content that was skipped without being held (ENCODING=b/BASE64, a
   * `data:` URI, or the nested card of a 2.1 AGENT): `value` is then empty.
   */
  inline?: true;
}

/** A whole card. */
export interface CardEvent {
  kind: 'card';
  version: VCardVersion;
  /** The line of its BEGIN:VCARD. */
  startLine: number;
  properties: VCardProperty[];
}

/** Why a card (or a stretch of the file) could not be read. */
export type ReadIssue = 'no_begin' | 'no_end' | 'invalid_encoding' | 'line_too_long';

/**
 * A card that cannot be read. It ends that card only: reading goes on at the next BEGIN:VCARD.
 * `line` is where the problem is: the line of the card's BEGIN for `no_end`, the property's first
 * line for `invalid_encoding` and `line_too_long`, the first property line outside a card for
 * `no_begin` (line 1 when the input holds no card at all).
 */
export interface ReadErrorEvent {
  kind: 'error';
  line: number;
  issue: ReadIssue;
}

export type ReadEvent = CardEvent | ReadErrorEvent;

/** The longest unfolded line kept by default (base64 values are skipped whatever their length). */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;

/** How much property text one card may keep by default before it counts as unclosed. */
export const DEFAULT_MAX_CARD_BYTES = 4 * 1024 * 1024;

export interface VCardReaderOptions {
  /** The `charset` parameter of the request's Content-Type, if any. */
  contentTypeCharset?: string;
  /** An unfolded line longer than this (in bytes), other than a skipped value, is `line_too_long`. */
  maxLineBytes?: number;
  /**
   * A card that keeps more property text than this (each property also counts a fixed 64 bytes
   * for its bookkeeping) without reaching END:VCARD is `no_end`: this is what bounds memory for a
   * file whose END is missing.
   */
  maxCardBytes?: number;
}
