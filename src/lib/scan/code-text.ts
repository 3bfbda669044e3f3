import type { ScannedSymbol } from './scan-symbol';

/** What a code's text is: a vCard, a MECARD, or anything else. */
export type CodeContent = 'vcard' | 'mecard' | 'text';

/** A code's bytes as text, and the character set they were read in (null: not known, ZXing's guess). */
export interface CodeText {
  text: string;
  charset: string | null;
  content: CodeContent;
}

/** ECI designators whose character set is read here; any other is left to ZXing's reading of it. */
const ECI_CHARSETS: Readonly<Record<number, { label: string; encoding: 'utf-8' | 'latin1' }>> = {
  3: { label: 'ISO-8859-1', encoding: 'latin1' },
  26: { label: 'UTF-8', encoding: 'utf-8' },
};

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A code's text: in the character set its ECI names (UTF-8 or ISO-8859-1 here; another as ZXing
 * reads it); with none, UTF-8 when the bytes are UTF-8 (what phones assume and this service
 * writes), else what ZXing read (its guess, from the bytes and the code's kanji segments: the
 * charset is then null), else (ZBar alone) ISO-8859-1, the standard's default.
 */
export function codeText(symbol: ScannedSymbol): CodeText {
  const { bytes, eci } = symbol;
  const known = eci === undefined ? undefined : ECI_CHARSETS[eci];
  let text: string;
  let charset: string | null;
  if (known) {
    text = known.encoding === 'utf-8' ? new TextDecoder('utf-8').decode(bytes) : Buffer.from(bytes).toString('latin1');
    charset = known.label;
  } else if (eci !== undefined && symbol.text !== undefined) {
    text = symbol.text;
    charset = `ECI ${eci}`;
  } else {
    const utf8 = asUtf8(bytes);
    text = utf8 ?? symbol.text ?? Buffer.from(bytes).toString('latin1');
    charset = utf8 !== undefined ? 'UTF-8' : symbol.text !== undefined ? null : 'ISO-8859-1';
  }
  return { text, charset, content: contentOf(text) };
}

function asUtf8(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A vCard begins with BEGIN:VCARD; a MECARD with MECARD: (either case, after blanks). */
function contentOf(text: string): CodeContent {
  const start = text.trimStart().slice(0, 11).toUpperCase();
  if (start.startsWith('BEGIN:VCARD')) return 'vcard';
  if (start.startsWith('MECARD:')) return 'mecard';
  return 'text';
}
