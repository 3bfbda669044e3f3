import { describe, expect, it } from '@jest/globals';
import { isAllowedHost, isAllowedOrigin } from './mcp-host.guard';

const ALLOWED = ['api.example.com', 'localhost', '127.0.0.1', '[::1]'];

describe('isAllowedHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'LocalHost:80',
    '127.0.0.1:65535',
    '[::1]',
    '[::1]:3000',
    'api.example.com',
    'api.example.com.:443',
  ])('accepts %s (any port, any case)', (host) => {
    expect(isAllowedHost(host, ALLOWED)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'evil.example.com',
    'localhost.evil.example.com',
    'api.example.com.evil.net',
    '127.0.0.2',
    '[::2]:3000',
    '[::1',
    ':3000',
    'example.com',
  ])('rejects %s', (host) => {
    expect(isAllowedHost(host, ALLOWED)).toBe(false);
  });

  it('treats an allowed IPv6 address with or without brackets alike', () => {
    expect(isAllowedHost('[::1]:8080', ['::1'])).toBe(true);
    expect(isAllowedHost('[::1]:8080', ['[::1]'])).toBe(true);
  });
});

describe('isAllowedOrigin', () => {
  const ORIGINS = ['https://app.example.com', 'http://localhost:5173'];

  it('answers any origin when no list is set, and a request without Origin always', () => {
    expect(isAllowedOrigin('https://evil.example', null)).toBe(true);
    expect(isAllowedOrigin(undefined, ORIGINS)).toBe(true);
  });

  it.each(['https://app.example.com', 'HTTPS://APP.example.com:443', 'http://localhost:5173'])(
    'accepts %s (as browsers spell an origin)',
    (origin) => expect(isAllowedOrigin(origin, ORIGINS)).toBe(true),
  );

  it.each(['http://app.example.com', 'https://app.example.com:8443', 'http://localhost:3000', 'null', 'garbage', ''])(
    'refuses %s',
    (origin) => expect(isAllowedOrigin(origin, ORIGINS)).toBe(false),
  );
});
