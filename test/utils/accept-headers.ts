import fc from 'fast-check';

/**
 * Accept headers as clients write them, for property tests of content negotiation: one to six of
 * `ranges`, each with a q-value in thousandths from 0 to 1, or none.
 */
export function acceptHeaders(ranges: readonly string[]): fc.Arbitrary<string> {
  const q = fc.option(
    fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
    { nil: undefined },
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...ranges), q), { minLength: 1, maxLength: 6 })
    .map((parts) => parts.map(([type, weight]) => (weight === undefined ? type : `${type};q=${weight}`)).join(', '));
}
