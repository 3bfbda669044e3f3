import { utf8Length } from './utf8-length';

const MAX_LINE_OCTETS = 75;
// A continuation line starts with the one space that unfolding removes.
const CONTINUATION_OCTETS = MAX_LINE_OCTETS - 1;
// Longer than any common grapheme cluster (a family emoji with skin tones is 11 code points).
const PREFERENCE_WINDOW = 32;
const NON_ASCII = /[^\u0000-\u007f]/;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Folds every logical line of an unfolded vCard to at most 75 octets (RFC 6350 §3.2): CRLF plus one
 * space before each continuation. Hard rules: never inside a UTF-8 sequence (never between the
 * halves of a surrogate pair) and never inside a `\x` escape pair. Soft preferences, used when the
 * current physical line offers such a position: a grapheme cluster boundary (so "👩‍💻", or "é"
 * written as e + U+0301, stays on one line, as in the Ruby icalendar gem), and not next to a space
 * (some consumers trim the blanks at the ends of physical lines).
 *
 * Speed: iterating Intl.Segmenter over every cluster is slow (bench/README.md), so it is only
 * asked `containing(position)` at the few candidate break points of non-ASCII lines (between two
 * ASCII characters every position is a cluster boundary).
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

type Clusters = ReturnType<Intl.Segmenter['segment']>;

function foldLine(line: string): string {
  const clusters = NON_ASCII.test(line) ? graphemes.segment(line) : null;
  const pieces: string[] = [];
  let start = 0;
  let budget = MAX_LINE_OCTETS;
  let used = 0;
  let i = 0;
  while (i < line.length) {
    const unit = line.charCodeAt(i);
    const pair = isHighSurrogate(unit) && isLowSurrogate(line.charCodeAt(i + 1));
    const size = pair ? 4 : unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
    if (used + size <= budget) {
      used += size;
      i += pair ? 2 : 1;
      continue;
    }
    const at = breakPosition(line, start, i, clusters);
    pieces.push(line.slice(start, at));
    start = at;
    budget = CONTINUATION_OCTETS;
    used = 0;
    // Re-measure from the break: what lies between it and i now opens the next physical line.
    i = at;
  }
  pieces.push(line.slice(start));
  return pieces.join('\r\n ');
}

// The latest position in (start, end] to break before. Preferred: a cluster boundary not next to a
// space; then any cluster boundary; then the latest position the hard rules allow. One of those
// always exists: the hard rules forbid at most the position inside one escape pair, and
// end - start spans at least 74 octets. The preferences only look PREFERENCE_WINDOW code units
// back: a cluster or a run of spaces longer than that is cut anyway, and looking further would only
// leave short lines (or split the property name from its value).
function breakPosition(line: string, start: number, end: number, clusters: Clusters | null): number {
  const lowest = Math.max(start, end - PREFERENCE_WINDOW);
  let allowed = -1;
  let boundary = -1;
  let p = end;
  while (p > start && (p >= lowest || allowed === -1)) {
    if (isInsideEscape(line, start, p) || isInsideSurrogatePair(line, p)) {
      p--;
      continue;
    }
    if (allowed === -1) allowed = p;
    const clusterStart = clusters === null || isAsciiPair(line, p) ? p : (clusters.containing(p)?.index ?? p);
    if (clusterStart !== p) {
      p = clusterStart;
      continue;
    }
    if (line.charCodeAt(p - 1) !== 0x20 && line.charCodeAt(p) !== 0x20) return p;
    if (boundary === -1) boundary = p;
    p--;
  }
  return boundary !== -1 ? boundary : allowed;
}

// Escapes pair from the left, so position p splits a pair exactly when the run of backslashes
// that ends just before p has odd length. The run is counted from `start` at most: a line never
// starts inside a pair, so pairing restarts there (and a line of backslashes stays linear).
function isInsideEscape(line: string, start: number, p: number): boolean {
  let run = 0;
  while (p - run - 1 >= start && line.charCodeAt(p - run - 1) === 0x5c) run++;
  return run % 2 === 1;
}

function isInsideSurrogatePair(line: string, p: number): boolean {
  return isHighSurrogate(line.charCodeAt(p - 1)) && isLowSurrogate(line.charCodeAt(p));
}

function isAsciiPair(line: string, p: number): boolean {
  return line.charCodeAt(p - 1) < 0x80 && line.charCodeAt(p) < 0x80;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
