import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PROPERTY_RUNS, validWebsite } from '../../../../test/fixtures/vcard/contact.arbitrary';
import { normalizeWebsite } from './website';

describe('normalizeWebsite', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com/team?x=1#top', 'https://www.example.com/team?x=1#top'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com/', 'https://example.com/'],
    // Scheme lower-cased (RFC 3986 §3.1); host and path kept exactly as typed, no "/" added.
    ['HTTPS://Example.com/Path', 'https://Example.com/Path'],
    ['HtTp://example.com', 'http://example.com'],
    // The four characters a vCard URI must not carry (parsers disagree on escapes), plus white space.
    ['example.com/a b', 'https://example.com/a%20b'],
    ['example.com/a,b;c\\d', 'https://example.com/a%2Cb%3Bc%5Cd'],
    ['example.com/?q=a,b;c', 'https://example.com/?q=a%2Cb%3Bc'],
    ['example.com/a\u00a0b', 'https://example.com/a%C2%A0b'],
    // Already percent-encoded input is left alone (no double encoding).
    ['example.com/a%20b', 'https://example.com/a%20b'],
    // Protocol-relative: the person meant the web, so https.
    ['//example.com/x', 'https://example.com/x'],
    // host:port is not a scheme.
    ['example.com:8080/x', 'https://example.com:8080/x'],
    // IDN and Unicode paths stay in the typed Unicode form (URL() would emit punycode and %XX).
    ['bücher.de/straße', 'https://bücher.de/straße'],
    ['https://пример.рф', 'https://пример.рф'],
    ['xn--bcher-kva.de', 'https://xn--bcher-kva.de'],
    ['https://sub_domain.example.com', 'https://sub_domain.example.com'],
    ['http://192.168.1.10:8080/admin', 'http://192.168.1.10:8080/admin'],
    ['https://[2001:db8::1]/', 'https://[2001:db8::1]/'],
    ['example.com/😀', 'https://example.com/😀'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['javascript:alert(1)', 'javascript scheme'],
    ['JavaScript://%0aalert(1)', 'javascript scheme with slashes'],
    ['data:text/html,<script>alert(1)</script>', 'data scheme'],
    ['ftp://example.com', 'ftp scheme'],
    ['mailto:jane@example.com', 'mailto scheme'],
    ['tel:+15550100', 'tel scheme'],
    ['file:///etc/passwd', 'file scheme'],
    ['http://', 'no host'],
    ['https://', 'no host'],
    ['http:example.com', 'http without //'],
    ['https:/example.com', 'https with one slash'],
    ['https:///example.com', 'three slashes'],
    ['https://exa mple.com', 'space in host'],
    ['https://exa,mple.com', 'comma in host'],
    ['https://ex%61mple.com', 'percent-encoded host'],
    ['https://example.com\\@evil.example', 'backslash before @ (WHATWG reads \\ as /)'],
    ['https://user:pass@example.com', 'credentials'],
    ['https://google.com@evil.example', 'user info spoofing a host'],
    ['localhost:3000', 'host without a dot'],
    ['http://localhost', 'host without a dot'],
    ['intranet', 'single label'],
    ['https://0x7f.1', 'IPv4 in a non-canonical form'],
    ['https://2130706433', 'IPv4 as one number'],
    ['https://example.com.', 'trailing dot'],
    ['https://a..b.com', 'empty label'],
    ['https://-a.com', 'leading hyphen'],
    ['https://example.123', 'numeric top-level label'],
    ['https://example.com:99999', 'port out of range'],
    ['https://example.com\r\nX', 'control character'],
    ['example.com/\ud83d', 'lone surrogate'],
  ])('rejects %j (%s)', (input) => {
    expect(normalizeWebsite(input)).toBeNull();
  });

  it('accepts every website of the test generator and emits a parseable URL without , ; \\ or white space', () => {
    fc.assert(
      fc.property(validWebsite, (website) => {
        const url = normalizeWebsite(website);
        expect(url).not.toBeNull();
        expect(url).toMatch(/^https?:\/\/[^/]/);
        expect(url).not.toMatch(/[,;\\\s]/);
        expect(['http:', 'https:']).toContain(new URL(url!).protocol);
        expect(normalizeWebsite(url!)).toBe(url);
      }),
      PROPERTY_RUNS,
    );
  });

  it('for any input returns null or an http(s) URL that needs no vCard escaping', () => {
    const noisy = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          'http',
          'https',
          'javascript',
          ':',
          '//',
          '/',
          '.',
          'com',
          'a',
          '@',
          '%',
          ' ',
          ',',
          ';',
          '\\',
          '\r',
          '\n',
          '?',
          '#',
          '[',
          ']',
          '1',
          'ü',
        ),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
    });
    fc.assert(
      fc.property(noisy, (input) => {
        const url = normalizeWebsite(input);
        if (url === null) return;
        expect(url).toMatch(/^https?:\/\/[^/\s]/);
        expect(url).not.toMatch(/[,;\\\s\u0000-\u001f\u007f-\u009f]/);
        expect(() => new URL(url)).not.toThrow();
        expect(normalizeWebsite(url)).toBe(url);
      }),
      PROPERTY_RUNS,
    );
  });
});
