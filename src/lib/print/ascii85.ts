const LINE = 76;

/**
 * Bytes as ASCII85 text (PostScript's ASCII85Decode reads it), in lines of at most 76 characters and
 * ending with `~>`: how binary data travels inside a text-only EPS file.
 */
export function ascii85(bytes: Uint8Array): string {
  let out = '';
  for (let offset = 0; offset < bytes.length; offset += 4) {
    const chunk = bytes.subarray(offset, offset + 4);
    const value = ((chunk[0] << 24) | ((chunk[1] ?? 0) << 16) | ((chunk[2] ?? 0) << 8) | (chunk[3] ?? 0)) >>> 0;
    if (value === 0 && chunk.length === 4) {
      out += 'z';
      continue;
    }
    let group = '';
    for (let n = 0, rest = value; n < 5; n++, rest = Math.floor(rest / 85))
      group = String.fromCharCode(33 + (rest % 85)) + group;
    // A final group of n bytes is written as its first n + 1 characters.
    out += group.slice(0, chunk.length + 1);
  }
  const lines: string[] = [];
  for (let offset = 0; offset < out.length; offset += LINE) {
    // The decoder skips white space; a leading space keeps a line that starts with % from looking
    // like a comment to programs that scan the file's structure.
    const line = out.slice(offset, offset + LINE);
    lines.push(line.startsWith('%') ? ` ${line}` : line);
  }
  lines.push('~>');
  return lines.join('\n');
}
