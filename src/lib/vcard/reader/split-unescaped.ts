import { isEscaped } from './unescape-text';

/**
 * Splits a value at each `separator` that is not escaped (`a\;b;c` is two parts); the parts keep
 * their escapes, so a later split or unescape still sees them.
 */
export function splitUnescaped(value: string, separator: ';' | ','): string[] {
  if (value.indexOf('\\') === -1) return value.split(separator);
  const parts: string[] = [];
  let start = 0;
  let at = value.indexOf(separator);
  while (at !== -1) {
    if (!isEscaped(value, at)) {
      parts.push(value.slice(start, at));
      start = at + 1;
    }
    at = value.indexOf(separator, at + 1);
  }
  parts.push(value.slice(start));
  return parts;
}
