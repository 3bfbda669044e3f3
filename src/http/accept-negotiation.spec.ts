import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { acceptHeaders } from '../../test/utils/accept-headers';
import { negotiate, offeredTypes, parseAccept, rangesOf, type NegotiationTable } from './accept-negotiation';

const TABLE: NegotiationTable<'png' | 'svg' | 'json'> = {
  offers: [
    { representation: 'png', type: 'image/png', ranges: rangesOf('image/png') },
    { representation: 'svg', type: 'image/svg+xml', ranges: rangesOf('image/svg+xml') },
    { representation: 'json', type: 'application/json', ranges: rangesOf('application/json') },
  ],
};
const WITH_FALLBACK: NegotiationTable<'png' | 'svg' | 'json'> = {
  ...TABLE,
  fallback: { representation: 'json', refusedUnder: 'image/' },
};

describe('the q-value rule', () => {
  it.each([
    ['image/png', 1],
    ['image/png;q=0.5', 0.5],
    ['image/png; q=0.25', 0.25],
    ['image/png;Q=0.5', 0.5],
    ['image/png;q=0', 0],
    ['image/png;q=1.5', 1],
    ['image/png;q=-1', 0],
    ['image/png;q=', 0],
    ['image/png;q=abc', 0],
    ['image/png;q=Infinity', 0],
  ])('%s weighs %d', (accept, q) => {
    expect(parseAccept(accept)[0].q).toBe(q);
  });

  it('reads every range, trimmed and in lower case, with its other parameters', () => {
    expect(parseAccept(' Text/VCard ; Version = 4.0 ;q=0.5 , */*')).toEqual([
      { range: 'text/vcard', q: 0.5, params: ['version=4.0'] },
      { range: '*/*', q: 1, params: [] },
    ]);
  });

  it.each([undefined, '', '   '])('a missing or blank Accept (%j) has no ranges and is the first offer', (accept) => {
    expect(parseAccept(accept)).toEqual([]);
    expect(negotiate(TABLE, accept)).toBe('png');
  });

  it('weighs a q outside 0..1 as its bound on every route', () => {
    // Clamped, a q of 2 no longer outbids a plain range: the tie goes to the first offer.
    expect(negotiate(TABLE, 'application/json;q=2, image/png')).toBe('png');
    expect(negotiate(TABLE, 'image/png;q=-1, image/svg+xml;q=0.1')).toBe('svg');
  });
});

describe('negotiate by a table', () => {
  it.each([
    ['image/svg+xml', 'svg'],
    ['image/*', 'png'],
    ['image/*, image/png;q=0', 'svg'],
    ['*/*;q=0.1, application/json', 'json'],
    ['application/*;q=0.9, image/*;q=0.8', 'json'],
    ['image/svg+xml;q=0.5, image/png;q=0.5', 'png'],
    ['text/html', null],
    ['image/png;q=0', null],
  ] as const)('Accept %s is %s', (accept, representation) => {
    expect(negotiate(TABLE, accept)).toBe(representation);
  });

  it('a fallback answers an Accept nothing satisfies, unless it names a refused range', () => {
    expect(negotiate(WITH_FALLBACK, 'text/html')).toBe('json');
    expect(negotiate(WITH_FALLBACK, 'image/gif')).toBeNull();
    expect(negotiate(WITH_FALLBACK, 'image/png;q=0')).toBeNull();
  });

  it('lists every offered type once, in the table’s order', () => {
    expect(offeredTypes(TABLE)).toEqual(['image/png', 'image/svg+xml', 'application/json']);
  });
});

describe('negotiate by a table, for generated headers (fast-check)', () => {
  const accept = acceptHeaders([
    'image/png',
    'image/svg+xml',
    'image/*',
    'image/gif',
    'application/json',
    'application/*',
    '*/*',
    'text/html',
  ]);

  it('answers an offer the header gives a q above 0, and none it does not (fast-check)', () => {
    fc.assert(
      fc.property(accept, (header) => {
        const ranges = parseAccept(header);
        const chosen = negotiate(TABLE, header);
        const weight = (type: string): number => {
          for (const group of rangesOf(type)) {
            const matching = ranges.filter((r) => group.includes(r.range)).map((r) => r.q);
            if (matching.length > 0) return Math.max(...matching);
          }
          return 0;
        };
        const weights = TABLE.offers.map(({ type }) => weight(type));
        const top = Math.max(...weights);
        if (top === 0) return chosen === null;
        // The first offer of the top weight: no earlier offer weighs as much, none weighs more.
        return chosen === TABLE.offers[weights.indexOf(top)].representation;
      }),
    );
  });

  it('does not depend on the order of the ranges but for ties of offers (fast-check)', () => {
    fc.assert(
      fc.property(accept, (header) => {
        const reversed = header.split(', ').reverse().join(', ');
        return negotiate(TABLE, header) === negotiate(TABLE, reversed);
      }),
    );
  });
});
