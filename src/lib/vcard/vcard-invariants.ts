import { VCardInvariantError } from './vcard-invariant.error';

// docs/encoding.md#post-conditions: a property name, then only fixed upper-case parameters, then the colon;
// or one of the two properties with a lower-case parameter from a closed set (a social profile's
// service, PHOTO's value type). User data can never produce a line that starts like this and also
// survive the count check.
const PHYSICAL_LINE =
  /^(?:[A-Z][A-Z0-9-]*(;[A-Z]+=[A-Z0-9,-]+)*|X-SOCIALPROFILE;TYPE=[a-z0-9][a-z0-9.-]{0,31}|PHOTO;VALUE=uri):/;
// vCard 4.0 (docs/encoding.md#formats): lower-case TYPE values, PREF=1, a social profile's SERVICE-TYPE.
const PHYSICAL_LINE_4 = /^[A-Z][A-Z0-9-]*(;TYPE=[a-z,]+|;PREF=1|;SERVICE-TYPE=[a-z0-9][a-z0-9.-]{0,31})*:/;

/**
 * Post-condition of the encoder, cheap enough to run on every card: CRLF-terminated, BEGIN first
 * and END last, one physical line per emitted property plus BEGIN/END, each line shaped like a
 * property, no CR or LF left inside a line. Throws VCardInvariantError naming the rule and line
 * number only.
 */
export function assertVCardInvariants(payload: string, propertyCount: number, version: 3 | 4 = 3): void {
  const shape = version === 4 ? PHYSICAL_LINE_4 : PHYSICAL_LINE;
  if (!payload.endsWith('\r\n')) fail('payload does not end with CRLF');
  const lines = payload.slice(0, -2).split('\r\n');
  if (lines.length !== propertyCount + 2) {
    fail(`expected ${propertyCount + 2} lines, found ${lines.length}`);
  }
  if (lines[0] !== 'BEGIN:VCARD') fail('line 1 is not BEGIN:VCARD');
  if (lines[lines.length - 1] !== 'END:VCARD') fail(`line ${lines.length} is not END:VCARD`);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.includes('\r') || line.includes('\n')) fail(`line ${i + 1} contains a bare CR or LF`);
    if (!shape.test(line)) fail(`line ${i + 1} does not start with a property name`);
  }
}

/**
 * The MECARD post-condition: one line, `MECARD:` first and `;;` last, and every field separator a
 * `;` that no backslash escapes, each field a known key: no value can add a key or end the card.
 */
export function assertMecardInvariants(text: string): void {
  if (!text.startsWith('MECARD:') || !text.endsWith(';;')) fail('MECARD does not start with MECARD: and end with ;;');
  if (/[\r\n]/.test(text)) fail('MECARD contains a line break');
  const fields: string[] = [];
  let current = '';
  for (let i = 'MECARD:'.length; i < text.length - 1; i++) {
    const char = text[i];
    if (char === '\\') {
      current += char + text[i + 1];
      i++;
    } else if (char === ';') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  if (current !== '') fail('MECARD does not end with an empty field');
  for (const [i, field] of fields.entries()) {
    if (!MECARD_FIELD.test(field)) fail(`MECARD field ${i + 1} does not start with a key`);
  }
}

const MECARD_FIELD = /^(N|TEL|EMAIL|URL|ADR|ORG|NOTE|BDAY|NICKNAME):/;

function fail(rule: string): never {
  throw new VCardInvariantError(`vCard post-condition failed: ${rule}`);
}
