/**
 * A MECARD (DoCoMo: `MECARD:N:family,given;TEL:…;;`, `\` escaping `\ ; : ,`) as the vCard 3.0 text
 * it stands for, so that the one vCard import reads it: each field becomes the property of its
 * key (N's family and given name as N's components, ADR's comma-separated parts as ADR's, BDAY's
 * YYYYMMDD as a date), any other key as it is (the import reports what it leaves out). Reads no
 * contact itself; an empty or malformed MECARD gives a card with no name, which the import refuses.
 */
export function mecardAsVCard(mecard: string): string {
  const body = mecard.trim().replace(/^MECARD:/i, '');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  for (const field of splitUnescaped(body, ';').filter((piece) => piece !== '')) {
    const colon = unescapedIndex(field, ':');
    if (colon <= 0) continue;
    const key = field.slice(0, colon).trim().toUpperCase();
    if (!/^[A-Z][A-Z0-9-]*$/.test(key)) continue;
    const value = field.slice(colon + 1);
    const parts = splitUnescaped(value, ',').map(unescapeMecard);
    if (key === 'N') lines.push(`N:${parts.slice(0, 2).map(escapeVCard).join(';')}${parts.length < 2 ? ';' : ''};;;`);
    else if (key === 'ADR') lines.push(`ADR:${adrComponents(parts).map(escapeVCard).join(';')}`);
    else if (key === 'BDAY' && /^\d{8}$/.test(value.trim()))
      lines.push(`BDAY:${value.trim().replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')}`);
    else lines.push(`${key}:${escapeVCard(unescapeMecard(value))}`);
  }
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

/** ADR's seven vCard components: DoCoMo's parts in order (PO box, extended, street, city, region, code, country). */
function adrComponents(parts: string[]): string[] {
  if (parts.length === 1) return ['', '', parts[0].trim(), '', '', '', ''];
  return [...parts.map((part) => part.trim()), ...Array<string>(7).fill('')].slice(0, 7);
}

function unescapedIndex(text: string, char: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

function splitUnescaped(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === separator) {
      pieces.push(text.slice(start, i));
      start = i + 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

const unescapeMecard = (value: string): string => value.replace(/\\(.)/g, '$1');
const escapeVCard = (value: string): string => value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
