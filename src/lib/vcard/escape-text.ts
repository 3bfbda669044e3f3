const NEEDS_ESCAPE = /[\\,;\n]/;
const ESCAPABLE = /[\\,;\n]/g;

/**
 * RFC 2426 text escaping (docs/encoding.md#escaping): `\` `,` `;` and newline, and nothing else.
 * One regex pass handles every character, so a backslash is never escaped twice.
 */
export function escapeText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(ESCAPABLE, (char) => (char === '\n' ? '\\n' : `\\${char}`));
}
