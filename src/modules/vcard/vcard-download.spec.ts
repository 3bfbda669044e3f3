import { describe, expect, it } from '@jest/globals';
import { negotiateVCard } from './vcard-download';

describe('negotiateVCard and the tag content', () => {
  it.each([
    ['application/octet-stream', 'ndef'],
    ['application/octet-stream, application/json', 'json'],
    ['application/json;q=0.5, application/octet-stream', 'ndef'],
    ['application/octet-stream;q=0.2, image/png', 'png'],
    ['text/vcard, application/octet-stream', 'vcard'],
    ['application/octet-stream;q=0, image/webp', null],
    ['*/*', 'json'],
  ] as const)('with a tag, Accept %s is %s', (accept, representation) => {
    expect(negotiateVCard(accept, true)).toBe(representation);
  });

  it.each(['application/octet-stream', 'application/octet-stream, application/json;q=0.1'])(
    'without a tag, Accept %s is JSON, as it always was',
    (accept) => {
      expect(negotiateVCard(accept)).toBe('json');
    },
  );
});

describe('negotiateVCard and the print files', () => {
  it.each([
    ['application/pdf', 'pdf'],
    ['application/postscript', 'eps'],
    ['application/pdf, application/json', 'json'],
    ['application/json;q=0.5, application/pdf', 'pdf'],
    ['application/pdf;q=0.5, application/postscript', 'eps'],
    ['image/png, application/pdf', 'png'],
    ['application/*', 'json'],
    ['application/pdf;q=0, image/webp', null],
  ] as const)('Accept %s is %s', (accept, representation) => {
    expect(negotiateVCard(accept)).toBe(representation);
  });
});
