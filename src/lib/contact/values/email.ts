import { codePointLength } from './code-point-length';

// RFC 5322 dot-atom text for the local part: no quoted strings, no comments, no spaces, and none
// of `, ; \` (so a valid address needs no vCard escaping).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Internationalised domains are accepted in their Unicode form (letters and combining marks of any
// script, as people print them on cards) as well as in punycode. No leading/trailing hyphen.
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?$/u;
const HAS_LETTER = /\p{L}/u;

const MAX_LOCAL_LENGTH = 64;
const MAX_LABEL_LENGTH = 63;
const MAX_EMAIL_LENGTH = 254;

/**
 * Pragmatic address check: exactly one `@`; a dot-atom local part of 1–64 characters; a domain of
 * at least two labels of 1–63 characters (code points for Unicode labels, an approximation of the
 * 63-octet punycode limit) whose last label contains a letter.
 */
export function isValidEmail(cleaned: string): boolean {
  if (codePointLength(cleaned) > MAX_EMAIL_LENGTH) return false;
  const at = cleaned.indexOf('@');
  if (at < 1 || at !== cleaned.lastIndexOf('@')) return false;
  const local = cleaned.slice(0, at);
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = cleaned.slice(at + 1).split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (codePointLength(label) > MAX_LABEL_LENGTH || !DOMAIN_LABEL.test(label)) return false;
  }
  return HAS_LETTER.test(labels[labels.length - 1]);
}
