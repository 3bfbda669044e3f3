import type { EntriesSpec } from '../../contact';

/**
 * TYPE words by how much they say, most first: a kind of line (a mobile fax is a fax, a home cell a
 * cell) before a place, home before work. A word not listed here ranks after these; `INTERNET`,
 * `POSTAL`, `VOICE` and the like name the channel, not the entry's type, and change nothing.
 */
const PRECEDENCE = ['CELL', 'FAX', 'PAGER', 'VIDEO', 'MSG', 'TEXT', 'HOME', 'WORK'];
/** What an entry is when no TYPE word names one of its types. */
const FALLBACK_TYPE = 'other';

/**
 * Compiles how a list's entries get their `type` from TYPE words: each type of the entry's
 * declaration is named by the first word the writers put for it (`cell` by CELL, `text` by MSG in
 * 3.0 and TEXT in 4.0), in any case; of several, the one PRECEDENCE ranks first wins; nothing
 * recognised is `other` (a list without that type keeps its first type).
 */
export function compileEntryType(
  spec: Pick<EntriesSpec, 'types'>,
  types: readonly string[],
): (words: readonly string[]) => string {
  const byWord = new Map<string, string>();
  for (const map of [spec.types?.v3, spec.types?.v4]) {
    for (const type of types) {
      const written = map?.[type];
      if (written === undefined || written === null || type === FALLBACK_TYPE) continue;
      byWord.set(written.split(',')[0].trim().toUpperCase(), type);
    }
  }
  const fallback = types.includes(FALLBACK_TYPE) ? FALLBACK_TYPE : types[0];
  const rank = (word: string): number => {
    const at = PRECEDENCE.indexOf(word);
    return at === -1 ? PRECEDENCE.length : at;
  };
  return (words) => {
    let best: string | undefined;
    let bestRank = Infinity;
    for (const word of words) {
      const upper = word.toUpperCase();
      const type = byWord.get(upper);
      if (type === undefined || rank(upper) >= bestRank) continue;
      best = type;
      bestRank = rank(upper);
    }
    return best ?? fallback;
  };
}
