// CRLF must be matched as one break so that it becomes one space or one LF, not two.
const LINE_BREAK = '\\r\\n|[\\r\\n\\v\\f\\u0085\\u2028\\u2029]';
// C0 and C1 controls and DEL are never valid vCard value characters (RFC 2426 VALUE-CHAR);
// BOM and non-characters confuse decoders; bidi embeddings/overrides/isolates can spoof display
// order and are not needed for Arabic or Hebrew text. ZWJ/ZWNJ are deliberately kept.
const REMOVED =
  '[\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u0084\\u0086-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ufeff\\ufffe\\uffff]';
const SPECIAL = new RegExp(`${LINE_BREAK}|\\t|${REMOVED}`, 'g');
const HAS_SPECIAL = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ufeff\\ufffe\\uffff]`,
);

/**
 * Cleans one raw text value (docs/encoding.md#cleaning), then trims it: line breaks become `\n`
 * when `multiLine` (the value is written with the `\n` escape), else one space each; tabs become
 * spaces; controls and the characters that spoof or confuse are removed. Idempotent. Lone
 * surrogates are left alone: they are a 400 for the caller (see `hasLoneSurrogate`), not something
 * to repair silently.
 */
export function cleanText(raw: string, multiLine: boolean): string {
  if (!HAS_SPECIAL.test(raw)) return raw.trim();
  const lineBreak = multiLine ? '\n' : ' ';
  return raw
    .replace(SPECIAL, (match) => {
      if (match === '\t') return ' ';
      if (match.length === 2 || isLineBreak(match)) return lineBreak;
      return '';
    })
    .trim();
}

function isLineBreak(char: string): boolean {
  return (
    char === '\r' ||
    char === '\n' ||
    char === '\v' ||
    char === '\f' ||
    char === '\u0085' ||
    char === '\u2028' ||
    char === '\u2029'
  );
}
