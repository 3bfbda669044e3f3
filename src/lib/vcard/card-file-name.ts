import { CONTACT_FILE_NAME_PROPERTIES } from '../contact';
import { findValueColon } from './reader/property-header';
import { unescapeText } from './reader/unescape-text';

/**
 * The text an unfolded card this library wrote names its files by (docs/api.md#file-names): the
 * value of the file-name field's property, unescaped, as the contact it was built from gave it;
 * '' without one. A stored batch item keeps only its card, and its codes.zip entries are named
 * from this.
 */
export function cardFileName(card: string): string {
  for (const property of CONTACT_FILE_NAME_PROPERTIES) {
    const start = propertyLine(card, property);
    if (start < 0) continue;
    const end = card.indexOf('\r\n', start);
    const line = card.slice(start, end < 0 ? undefined : end);
    return unescapeText(line.slice(findValueColon(line) + 1));
  }
  return '';
}

/** Where the line of `property` starts (its name, then its parameters or value), or -1. */
function propertyLine(card: string, property: string): number {
  for (let at = card.indexOf(`\r\n${property}`); at >= 0; at = card.indexOf(`\r\n${property}`, at + 2)) {
    const next = card[at + 2 + property.length];
    if (next === ':' || next === ';') return at + 2;
  }
  return -1;
}
