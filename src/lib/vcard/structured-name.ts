export type StructuredName = [family: string, given: string, additional: string, prefix: string, suffix: string];

// Lower-case only: "Van Damme" stays a given/additional + family split (a documented miss,
// docs/encoding.md#n-from-fullname), because capitalised "Van"/"De" are also ordinary given names.
const FAMILY_PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'del',
  'della',
  'di',
  'da',
  'dos',
  'das',
  'do',
  'du',
  'la',
  'le',
  'ter',
  'ten',
  'zu',
  'bin',
  'ibn',
  'al',
  'af',
]);

// Honorific suffixes that a comma may introduce ("John Smith, Jr."): docs/encoding.md#n-from-fullname
// rule 5, case-insensitive.
const SUFFIXES: ReadonlySet<string> = new Set([
  'jr',
  'jr.',
  'sr',
  'sr.',
  'ii',
  'iii',
  'iv',
  'phd',
  'ph.d.',
  'md',
  'm.d.',
  'esq',
  'esq.',
  'mba',
]);

// Names written family-first: with a space between the parts, the first part is the family name.
const FAMILY_FIRST_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const WHITESPACE_RUN = /\s+/;

const tokensOf = (text: string): string[] => text.split(WHITESPACE_RUN).filter((token) => token !== '');

/**
 * The deterministic N rule of docs/encoding.md#n-from-fullname: a card's structured name (N) from
 * its formatted name (FN). Every whitespace token of `formattedName` lands in exactly one component
 * (tokens inside a component are joined with one space) once the comma that separates "Family,
 * Given" or introduces a suffix is taken out; nothing is invented, and the prefix is always empty
 * (no honorific detection). Only an empty `formattedName` gives an all-empty result; the encoder
 * never lets that happen.
 */
export function deriveStructuredName(formattedName: string): StructuredName {
  const trimmed = formattedName.trim();
  if (trimmed === '') return ['', '', '', '', ''];
  const comma = trimmed.indexOf(',');
  if (comma !== -1 && comma === trimmed.lastIndexOf(',')) {
    const before = tokensOf(trimmed.slice(0, comma));
    const after = tokensOf(trimmed.slice(comma + 1));
    if (before.length > 0 && after.length > 0) {
      // "John Smith, Jr.": the suffix goes to its own component, the rest follows rules 2-4.
      if (after.length === 1 && SUFFIXES.has(after[0].toLowerCase())) {
        const [family, given, additional] = splitTokens(before);
        return [family, given, additional, '', after[0]];
      }
      // "Doe, Jane Q." (Android's NameSplitter, CRM and HR exports): family first.
      return [before.join(' '), after[0], after.slice(1).join(' '), '', ''];
    }
  }
  const [family, given, additional] = splitTokens(tokensOf(trimmed));
  return [family, given, additional, '', ''];
}

/** Rules 2-4 of docs/encoding.md#n-from-fullname on the tokens of a name: [family, given, additional]. */
function splitTokens(tokens: string[]): [string, string, string] {
  // One token covers mononyms and CJK names written without a space: guessing would be wrong
  // as often as right.
  if (tokens.length === 1) return ['', tokens[0], ''];
  if (FAMILY_FIRST_SCRIPT.test(tokens[0])) return [tokens[0], tokens.slice(1).join(' '), ''];
  let familyStart = tokens.length - 1;
  while (familyStart > 1 && FAMILY_PARTICLES.has(tokens[familyStart - 1])) familyStart--;
  return [tokens.slice(familyStart).join(' '), tokens[0], tokens.slice(1, familyStart).join(' ')];
}
