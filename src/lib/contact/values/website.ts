import { hasLoneSurrogate } from './lone-surrogate';

// A scheme-like prefix. "localhost:3000" and "example.com:8080/x" match it too, which is why a
// prefix followed by a port number is treated as host:port rather than as a scheme.
const SCHEME_PREFIX = /^([a-z][a-z0-9+.-]*):/i;
const HTTP_SCHEME = /^https?$/i;
const PORT_AFTER_COLON = /^[0-9]+(?:[/?#]|$)/;
// Characters that would need vCard escaping (`, ; \`), which parsers disagree about in URI values,
// and whitespace, which ends a URL for every linkifier. Percent-encoding them keeps the URL valid.
const PERCENT_ENCODED = /[,;\\\s]/gu;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const AUTHORITY = /^https?:\/\/([^/?#]*)/i;
const IPV4 = /^[0-9]+(?:\.[0-9]+){3}$/;
const DOMAIN_LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;
const HAS_LETTER = /[a-z]/;
const MAX_LABEL_LENGTH = 63;

/**
 * Turns what a person typed as "website" into the value of the vCard URL property, or null when it
 * is not an absolute http(s) URL with a real host.
 *
 * The result is the user's own string, not `new URL(x).href`: URL() is only the validator. Its
 * serialisation would rewrite what the person typed (lower-cased host, punycode for IDN hosts,
 * percent-encoded Unicode paths, an added trailing "/"), which costs bytes and is not what they
 * print on their card. Only two things change:
 * - `https://` is added when there is no scheme (`//host` gets `https:`), and an http/https scheme
 *   is lower-cased (RFC 3986 §3.1: producers should emit lower-case schemes);
 * - `,` `;` `\` and white space are percent-encoded (as UTF-8), so the value needs no vCard
 *   escaping; existing %XX sequences are left alone.
 * Everything else stays as typed, IDN hosts and Unicode paths included (the vCard is UTF-8).
 *
 * Validation runs on the exact string that is returned, so the validator and the phone read the
 * same host (a backslash, which WHATWG URL treats as "/", is %5C by then). Rejected: other schemes
 * (javascript:, data:, ftp:, mailto:, ...), `http:host` without `//`, an empty or `%`-encoded
 * host, user info (`user@host` is a phishing vector in a QR code), hosts without a dot such as
 * `localhost` (useless on a scanned card), and IPv4 hosts not typed in dotted-decimal form.
 */
export function normalizeWebsite(raw: string): string | null {
  if (raw === '' || CONTROL.test(raw) || hasLoneSurrogate(raw)) return null;
  const withScheme = addScheme(raw);
  if (withScheme === null) return null;
  const candidate = withScheme.replace(PERCENT_ENCODED, (char) => encodeURIComponent(char));
  const typedAuthority = AUTHORITY.exec(candidate)?.[1] ?? '';
  if (typedAuthority === '' || /[@%]/.test(typedAuthority)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return isAcceptableHost(url.hostname, typedAuthority) ? candidate : null;
}

function addScheme(raw: string): string | null {
  if (raw.startsWith('//')) return `https:${raw}`;
  const scheme = SCHEME_PREFIX.exec(raw)?.[1];
  if (scheme === undefined) return `https://${raw}`;
  const rest = raw.slice(scheme.length + 1);
  if (HTTP_SCHEME.test(scheme)) {
    return rest.startsWith('//') ? `${scheme.toLowerCase()}:${rest}` : null;
  }
  return PORT_AFTER_COLON.test(rest) ? `https://${raw}` : null;
}

function isAcceptableHost(hostname: string, typedAuthority: string): boolean {
  if (hostname.startsWith('[')) return true;
  if (IPV4.test(hostname)) {
    // URL() accepts 0x7f.1 or 2130706433 and serialises them as 127.0.0.1; the emitted string
    // keeps what was typed, so only the unambiguous dotted-decimal form is allowed.
    return typedAuthority.replace(/:[0-9]*$/, '') === hostname;
  }
  const labels = hostname.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length > MAX_LABEL_LENGTH || !DOMAIN_LABEL.test(label)) return false;
  }
  return HAS_LETTER.test(labels[labels.length - 1]);
}
