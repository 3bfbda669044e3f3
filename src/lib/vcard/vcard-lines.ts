import type { CardItem } from './card-items';
import { escapeText } from './escape-text';

// The only place where card text meets vCard syntax: property names and parameters come from the
// declaration (constants and closed sets), and every value passes escapeText (URLs are
// percent-encoded already, so escaping them changes nothing).

// RFC 6350 §3.4 makes escaping `;` optional outside compound values, and ical.js reads `\;` back
// with its backslash: a property of one text value keeps `;` bare in 4.0 (N, ORG, ADR still escape it).
const SINGLE_TEXT_SPECIAL = /[\\,\n]/g;
const escapeSingleText = (value: string): string =>
  value.replace(SINGLE_TEXT_SPECIAL, (char) => (char === '\n' ? '\\n' : `\\${char}`));

/** Components without the trailing empty ones (ORG:organization, not ORG:organization;). */
function leadingComponents(parts: readonly string[]): readonly string[] {
  let end = parts.length;
  while (end > 0 && !parts[end - 1]) end--;
  return end === parts.length ? parts : parts.slice(0, end);
}

/** The vCard 3.0 line of an item (docs/encoding.md#property-order): upper-case TYPE lists, PREF inside TYPE. */
export function vcard3Line(item: CardItem): string {
  const { spec } = item;
  switch (spec.kind) {
    case 'text':
      return `${spec.property}:${escapeText(item.text!)}`;
    case 'date':
      return `${spec.property}:${item.text!}`;
    case 'uri':
      return `${spec.property}${spec.v3Parameter ? `;${spec.v3Parameter}` : ''}:${escapeText(item.text!)}`;
    case 'texts':
      return `${spec.property}:${item.texts!.map(escapeText).join(',')}`;
    case 'name':
      return `${spec.property}:${item.parts!.map(escapeText).join(';')}`;
    case 'component':
      return `${spec.property}:${leadingComponents(item.parts!).map(escapeText).join(';')}`;
    case 'entries': {
      let parameters = '';
      if (spec.types?.v3) parameters = `;TYPE=${spec.types.v3[item.type!]}${item.pref ? ',PREF' : ''}`;
      if (spec.parameter) parameters += `;${spec.parameter.v3}=${item.parameter!}`;
      const value = item.parts ? item.parts.map(escapeText).join(';') : escapeText(item.text!);
      return `${spec.property}${parameters}:${value}`;
    }
  }
}

/**
 * The vCard 4.0 line of an item (RFC 6350, RFC 9554 for SOCIALPROFILE): lower-case TYPE values,
 * PREF=1 as its own parameter, no TYPE where the type has none, dates as YYYYMMDD, a URI without
 * parameters, a `;` bare in single-value texts; no CHARSET.
 */
export function vcard4Line(item: CardItem): string {
  const { spec } = item;
  const name = spec.v4 ?? spec.property;
  switch (spec.kind) {
    case 'text':
      return `${name}:${escapeSingleText(item.text!)}`;
    case 'date':
      return `${name}:${item.text!.replaceAll('-', '')}`;
    case 'uri':
      return `${name}:${escapeText(item.text!)}`;
    case 'texts':
      return `${name}:${item.texts!.map(escapeSingleText).join(',')}`;
    case 'entries': {
      const type = spec.types ? spec.types.v4[item.type!] : null;
      let parameters = type ? `;TYPE=${type}` : '';
      if (item.pref) parameters += ';PREF=1';
      if (spec.parameter) parameters += `;${spec.parameter.v4}=${item.parameter!}`;
      const value = item.parts ? item.parts.map(escapeText).join(';') : escapeText(item.text!);
      return `${name}${parameters}:${value}`;
    }
    default:
      return vcard3Line(item);
  }
}

/** A whole vCard of items, unfolded: BEGIN, VERSION, the items' lines, END, each line ending in CRLF. */
export function vcardText(items: readonly CardItem[], version: 3 | 4): string {
  const line = version === 4 ? vcard4Line : vcard3Line;
  let text = `BEGIN:VCARD\r\nVERSION:${version}.0\r\n`;
  for (const item of items) text += `${line(item)}\r\n`;
  return `${text}END:VCARD\r\n`;
}
