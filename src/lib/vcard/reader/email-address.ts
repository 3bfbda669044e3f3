import { unescapeText } from './unescape-text';

const NAMED_ADDRESS = /<([^<>]*)>\s*$/;

/** The address of an EMAIL value, also when written with a display name: `"Omega" <omega@example.com>`. */
export function emailAddress(value: string): string {
  const text = unescapeText(value).trim();
  return (NAMED_ADDRESS.exec(text)?.[1] ?? text).trim();
}
