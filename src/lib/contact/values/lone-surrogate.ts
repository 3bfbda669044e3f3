/**
 * True when `s` holds a UTF-16 surrogate that is not part of a valid pair. JSON allows `"\ud83d"`;
 * UTF-8 encoders would silently turn it into U+FFFD, so callers reject such input instead.
 */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit >= 0xdc00) return true;
    const next = s.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}
