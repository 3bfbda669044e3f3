const BACKSLASH = 0x5c;

/**
 * Undoes vCard text escapes: `\n` and `\N` are a line break, and any other escaped character
 * stands for itself (`\,` `\;` `\\`, and the `\:` or `\"` that some clients write, as in
 * `http\://`). A backslash that ends the value is kept.
 */
export function unescapeText(value: string): string {
  let backslash = value.indexOf('\\');
  if (backslash === -1) return value;
  let text = '';
  let start = 0;
  while (backslash !== -1 && backslash + 1 < value.length) {
    const next = value[backslash + 1];
    text += value.slice(start, backslash) + (next === 'n' || next === 'N' ? '\n' : next);
    start = backslash + 2;
    backslash = value.indexOf('\\', start);
  }
  return text + value.slice(start);
}

/** Whether the character at `index` is escaped: preceded by an odd number of backslashes. */
export function isEscaped(value: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && value.charCodeAt(i) === BACKSLASH; i--) count++;
  return count % 2 === 1;
}
