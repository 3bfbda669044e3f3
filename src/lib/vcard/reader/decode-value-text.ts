import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { decodeQuotedPrintable } from './quoted-printable';
import type { VCardVersion } from './read-event';

/** What decides the charset of a card's values, besides each property's CHARSET parameter. */
export interface CharsetContext {
  /** The file began with a BOM (a UTF-16 file was already turned into UTF-8). */
  bom: boolean;
  contentTypeCharset?: string;
  version: VCardVersion;
}

const ASCII = /^[\x00-\x7f]*$/;
const UTF8 = /^utf-?8$/i;
// Charsets in which an ASCII byte is not that ASCII character.
const KNOWN_CHARSETS = new Map<string, string | null>();
const NOT_ASCII_COMPATIBLE = /^(?:utf-?(?:16|32|7)|ucs|cp1200|cp65000)/i;

/**
 * Turns a property's raw value (latin1 text, one character per byte) into text: quoted-printable
 * undone, then decoded with the first that applies of the file's BOM, the CHARSET parameter, the
 * Content-Type charset, UTF-8. A quoted-printable value follows its CHARSET even in a file with a
 * BOM: the BOM describes the file's own bytes, and a quoted-printable value's file bytes are ASCII.
 * Bytes that are not UTF-8 where UTF-8 applies are Windows-1252 in a 2.1 card (what old Outlook and
 * phones wrote) and undefined otherwise: the card's encoding is invalid.
 */
export function decodeValueText(
  raw: string,
  quotedPrintable: boolean,
  charsetParam: string | undefined,
  context: CharsetContext,
): string | undefined {
  const charset = chooseCharset(charsetParam, quotedPrintable, context);
  if (!quotedPrintable && ASCII.test(raw) && (charset === 'utf-8' || !NOT_ASCII_COMPATIBLE.test(charset))) return raw;
  const bytes = quotedPrintable ? decodeQuotedPrintable(raw) : Buffer.from(raw, 'latin1');
  if (charset !== 'utf-8') return iconv.decode(bytes, charset, { stripBOM: false });
  if (isUtf8(bytes)) return bytes.toString('utf8');
  return context.version === '2.1' ? iconv.decode(bytes, 'windows-1252') : undefined;
}

/** A parameter value's text: UTF-8 when its bytes are, else Windows-1252 (parameters carry no charset of their own). */
export function decodeParamText(raw: string): string {
  if (ASCII.test(raw)) return raw;
  const bytes = Buffer.from(raw, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : iconv.decode(bytes, 'windows-1252');
}

function chooseCharset(charsetParam: string | undefined, quotedPrintable: boolean, context: CharsetContext): string {
  const declared = knownCharset(charsetParam);
  if (context.bom && !(quotedPrintable && declared !== undefined)) return 'utf-8';
  return declared ?? knownCharset(context.contentTypeCharset) ?? 'utf-8';
}

/** The charset's name when iconv-lite knows it (an unknown one counts as not given). */
function knownCharset(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  let known = KNOWN_CHARSETS.get(name);
  if (known === undefined) {
    // iconv-lite answers an unknown name by throwing inside: ask once per name, a few hundred names at most.
    if (KNOWN_CHARSETS.size >= 256) KNOWN_CHARSETS.clear();
    const trimmed = name.trim();
    known = UTF8.test(trimmed) ? 'utf-8' : trimmed !== '' && iconv.encodingExists(trimmed) ? trimmed : null;
    KNOWN_CHARSETS.set(name, known);
  }
  return known ?? undefined;
}
