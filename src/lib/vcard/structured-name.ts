export type StructuredName = [family: string, given: string, additional: string, prefix: string, suffix: string];

// Lower-case only: "Van Damme" stays a given/additional + family split (a documented miss, §2.8),
// because capitalised "Van"/"De" are also ordinary given names.
const FAMILY_PARTICLES: ReadonlySet<string> = new Set([
  'van', 'von', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'dos', 'das', 'do', 'du',
  'la', 'le', 'ter', 'ten', 'zu', 'bin', 'ibn', 'al', 'af',
]);

// Names written family-first: with a space between the parts, the first part is the family name.
const FAMILY_FIRST_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const WHITESPACE_RUN = /\s+/;

/**
 * The deterministic N rule of vcard-encoding.md §2.8. Every whitespace token of `fullName` lands in
 * exactly one component (tokens inside a component are joined with one space), nothing is
 * invented, and prefix/suffix are always empty (no honorific detection in v1). Only an empty
 * `fullName` gives an all-empty result; the encoder never lets that happen.
 */
export function deriveStructuredName(fullName: string): StructuredName {
  const trimmed = fullName.trim();
  if (trimmed === '') return ['', '', '', '', ''];
  const tokens = trimmed.split(WHITESPACE_RUN);
  // One token covers mononyms and CJK names written without a space: guessing would be wrong
  // as often as right.
  if (tokens.length === 1) return ['', tokens[0], '', '', ''];
  if (FAMILY_FIRST_SCRIPT.test(tokens[0])) {
    return [tokens[0], tokens.slice(1).join(' '), '', '', ''];
  }
  let familyStart = tokens.length - 1;
  while (familyStart > 1 && FAMILY_PARTICLES.has(tokens[familyStart - 1])) familyStart--;
  return [
    tokens.slice(familyStart).join(' '),
    tokens[0],
    tokens.slice(1, familyStart).join(' '),
    '',
    '',
  ];
}
