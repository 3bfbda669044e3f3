import type { VCardProperty } from './read-event';
import { unescapeText } from './unescape-text';

const WEB_URI = /^https?:\/\//i;
const DATA_URI = /^data:/i;

/**
 * Where a PHOTO's picture is: at an http(s) URI, inline in the card (base64 or a `data:` URI,
 * never held), or somewhere the contact cannot point to (a `cid:` or file reference).
 */
export function photoSource(property: VCardProperty): { url: string } | 'inline' | 'elsewhere' {
  if (property.inline === true) return 'inline';
  const value = unescapeText(property.value).trim();
  if (DATA_URI.test(value)) return 'inline';
  return WEB_URI.test(value) ? { url: value } : 'elsewhere';
}
