/** Length in Unicode code points (what the field limits count); a lone surrogate counts as one. */
export function codePointLength(s: string): number {
  let length = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}
