const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * A 2.1 value written in the escapes of 3.0, which every reader of a value undoes: 2.1 escapes
 * only `;` (`\;`), so any other backslash is text (an Outlook note's `C:\Users\ada`) and a comma
 * is text too (`N:Müller, Jr.;José`: 2.1 has no comma lists). `\n` and `\N` stay line breaks, as
 * 2.1 exports write them (Android's `ADR` street lines).
 */
export function asThreeZeroEscapes(value: string): string {
  if (value.indexOf('\\') === -1 && value.indexOf(',') === -1) return value;
  let text = '';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === COMMA) {
      text += value.slice(start, i) + '\\,';
      start = i + 1;
    } else if (code === BACKSLASH) {
      const next = value[i + 1];
      if (next === ';' || next === 'n' || next === 'N') {
        i++;
        continue;
      }
      text += value.slice(start, i) + '\\\\';
      start = i + 1;
    }
  }
  return text + value.slice(start);
}
