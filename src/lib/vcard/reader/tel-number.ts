import { unescapeText } from './unescape-text';

const TEL_URI = /^\s*tel:/i;
const EXTENSION = /^ext=(.+)$/i;
// iPhones group a number's digits with no-break spaces (U+00A0); other writers use the narrow and figure spaces.
const UNICODE_SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

/**
 * The phone number of a TEL value: the number of a `tel:` URI (RFC 3966; its `;ext=N` written as
 * ` ext. N`, its other parameters dropped), else the text as written, its Unicode spaces plain
 * ones (a dialer and the contact rules know only those).
 */
export function telNumber(value: string): string {
  if (!TEL_URI.test(value)) return unescapeText(value).replace(UNICODE_SPACES, ' ').trim();
  const [number, ...params] = value.trim().slice(4).split(';');
  const extension = params.map((param) => EXTENSION.exec(param)?.[1]).find((found) => found !== undefined);
  return extension === undefined ? number.trim() : `${number.trim()} ext. ${extension.trim()}`;
}
