import { utf8Length } from './utf8-length';

const MAX_LINE_OCTETS = 75;
// A continuation line starts with the one space that unfolding removes.
const CONTINUATION_OCTETS = MAX_LINE_OCTETS - 1;
const NON_ASCII = /[^\u0000-\u007f]/;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Folds every logical line of an unfolded vCard to at most 75 octets (RFC 6350 §3.2): CRLF plus one
 * space before each continuation. Hard rules: never inside a UTF-8 sequence (never between the
 * halves of a surrogate pair) and never inside a `\x` escape pair. Soft preference, kept when the
 * line allows it: break only at a grapheme cluster boundary (so "👩‍💻" or "é" as e + U+0301 stay
 * together, as in the Ruby icalendar gem) and not next to a space (some consumers trim trailing or
 * leading blanks of physical lines). Intl.Segmenter only runs on non-ASCII lines that need
 * folding, which keeps the common case fast.
 */
export function foldVCardLines(unfolded: string): string {
  const lines = unfolded.split('\r\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length * 3 > MAX_LINE_OCTETS && utf8Length(line) > MAX_LINE_OCTETS) {
      lines[i] = foldLine(line);
    }
  }
  return lines.join('\r\n');
}

function foldLine(line: string): string {
  const clusterStart = NON_ASCII.test(line) ? graphemeStarts(line) : null;
  const pieces: string[] = [];
  let start = 0;
  let budget = MAX_LINE_OCTETS;
  let used = 0;
  let insideEscape = false;
  let preferredBreak = -1;
  let allowedBreak = -1;
  let i = 0;
  while (i < line.length) {
    if (i > start && !insideEscape) {
      allowedBreak = i;
      if (isPreferredBreak(line, i, clusterStart)) preferredBreak = i;
    }
    const unit = line.charCodeAt(i);
    const width = unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(line.charCodeAt(i + 1)) ? 2 : 1;
    const size = width === 2 ? 4 : unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
    if (used + size > budget) {
      // allowedBreak > start always holds here: an escape pair is 2 octets, the budget is ≥ 74.
      const at = preferredBreak > start ? preferredBreak : allowedBreak;
      pieces.push(line.slice(start, at));
      start = at;
      budget = CONTINUATION_OCTETS;
      used = 0;
      insideEscape = false;
      preferredBreak = -1;
      allowedBreak = -1;
      // Re-scan from the break: the characters after it now belong to the next physical line.
      i = at;
      continue;
    }
    used += size;
    insideEscape = unit === 0x5c && !insideEscape;
    i += width;
  }
  pieces.push(line.slice(start));
  return pieces.join('\r\n ');
}

function isPreferredBreak(line: string, index: number, clusterStart: Uint8Array | null): boolean {
  if (clusterStart !== null && clusterStart[index] === 0) return false;
  const before = line.charCodeAt(index - 1);
  const after = line.charCodeAt(index);
  return before !== 0x20 && after !== 0x20;
}

function graphemeStarts(line: string): Uint8Array {
  const starts = new Uint8Array(line.length + 1);
  for (const { index } of graphemes.segment(line)) starts[index] = 1;
  return starts;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
