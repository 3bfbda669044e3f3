import { unescapeText } from './unescape-text';

const TEL_URI = /^\s*tel:/i;
const EXTENSION = /^ext=(.+)$/i;

/**
 * The phone number of a TEL value: the number of a `tel:` URI (RFC 3966; its `;ext=N` written as
 * ` ext. N`, its other parameters dropped), else the text as written.
 */
export function telNumber(value: string): string {
  if (!TEL_URI.test(value)) return unescapeText(value).trim();
  const [number, ...params] = value.trim().slice(4).split(';');
  const extension = params.map((param) => EXTENSION.exec(param)?.[1]).find((found) => found !== undefined);
  return extension === undefined ? number.trim() : `${number.trim()} ext. ${extension.trim()}`;
}
