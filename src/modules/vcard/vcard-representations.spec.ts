import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { acceptHeaders } from '../../../test/utils/accept-headers';
import { acceptsVCard4, cardMediaTypes, negotiateVCard } from './vcard-representations';

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
    'without a tag, Accept %s asks for nothing and is JSON',
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

/**
 * The route's rules written out by hand, as an oracle for the table: JSON weighs the highest q of
 * its three ranges, the .vcf of its two, an image its own range or else image/*, the print files
 * and the tag content their exact types; an Accept matching nothing is JSON unless it names an image.
 */
function byHand(accept: string, withTag: boolean): string | null {
  const q = { json: 0, vcard: 0, png: 0, svg: 0, pdf: 0, eps: 0, ndef: 0 };
  const exact = { png: -1, svg: -1 };
  let imageWildcard = -1;
  let asksForImage = false;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    if (type === 'text/vcard' || type === 'text/x-vcard') q.vcard = Math.max(q.vcard, weight);
    else if (['application/json', 'application/*', '*/*'].includes(type)) q.json = Math.max(q.json, weight);
    else if (type === 'image/png') exact.png = Math.max(exact.png, weight);
    else if (type === 'image/svg+xml') exact.svg = Math.max(exact.svg, weight);
    else if (type === 'image/*') imageWildcard = Math.max(imageWildcard, weight);
    else if (type === 'application/pdf') q.pdf = Math.max(q.pdf, weight);
    else if (type === 'application/postscript') q.eps = Math.max(q.eps, weight);
    else if (withTag && type === 'application/octet-stream') q.ndef = Math.max(q.ndef, weight);
    if (type.startsWith('image/')) asksForImage = true;
  }
  q.png = exact.png >= 0 ? exact.png : Math.max(imageWildcard, 0);
  q.svg = exact.svg >= 0 ? exact.svg : Math.max(imageWildcard, 0);
  let best: keyof typeof q = 'json';
  for (const candidate of ['vcard', 'png', 'svg', 'pdf', 'eps', 'ndef'] as const)
    if (q[candidate] > q[best]) best = candidate;
  if (q[best] > 0) return best;
  return asksForImage ? null : 'json';
}

describe('negotiateVCard against the route’s rules written out (fast-check)', () => {
  const accept = acceptHeaders([
    'application/json',
    'application/*',
    '*/*',
    'text/vcard',
    'text/x-vcard',
    'text/vcard;version=4.0',
    'image/png',
    'image/svg+xml',
    'image/*',
    'image/gif',
    'application/pdf',
    'application/postscript',
    'application/octet-stream',
    'text/html',
  ]);

  it.each([false, true])('with a tag %s: the same representation for every header of valid q-values', (withTag) => {
    fc.assert(
      fc.property(accept, (header) => negotiateVCard(header, withTag) === byHand(header, withTag)),
      { numRuns: 2000 },
    );
  });

  it('lists every type the route answers with in a 406, the tag content only with a tag', () => {
    const types = ['application/json', 'text/vcard', 'image/png', 'image/svg+xml'];
    const print = ['application/pdf', 'application/postscript'];
    expect(cardMediaTypes(false)).toEqual([...types, ...print]);
    expect(cardMediaTypes(true)).toEqual([...types, ...print, 'application/octet-stream']);
  });

  it.each([
    ['text/vcard;version=4.0', true],
    ['text/x-vcard; version = 4.0', true],
    ['text/vcard;version=4.0;q=0', true],
    ['text/vcard', false],
    ['application/json;version=4.0', false],
    [undefined, false],
  ] as const)('Accept %s asks for the 4.0 card: %s', (header, asks) => {
    expect(acceptsVCard4(header)).toBe(asks);
  });
});
