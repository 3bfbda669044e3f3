import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { nestsDeeperThan } from './request-body';

/** The reference: the depth of the parsed value (a scalar is 0, `[]` is 1). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

/** Nests `leaf` in a random mix of objects and arrays, with brackets and quotes inside strings too. */
const nestedJson = fc
  .tuple(
    fc.integer({ min: 0, max: 80 }),
    fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
    fc.string({ unit: fc.constantFrom('{', '[', '"', '\\', 'a', '}', ']') }),
  )
  .map(([depth, shapes, noise]) => {
    let text = JSON.stringify(noise);
    for (let i = 0; i < depth; i++) text = shapes[i % shapes.length] ? `{"k${i}":${text},"s":"{["}` : `[${text},"]["]`;
    return text;
  });

describe('nestsDeeperThan', () => {
  it('agrees with the parsed depth for any mix of objects, arrays and brackets inside strings', () => {
    fc.assert(
      fc.property(nestedJson, fc.integer({ min: 0, max: 70 }), (text, max) => {
        expect(nestsDeeperThan(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
      { numRuns: 2000 },
    );
  });

  it('is exact at the boundary', () => {
    expect(nestsDeeperThan(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(65)}${']'.repeat(65)}`, 64)).toBe(true);
    expect(nestsDeeperThan(`${'[{"a":'.repeat(32)}1${'}]'.repeat(32)}`, 64)).toBe(false);
    expect(nestsDeeperThan(`[${'[{"a":'.repeat(32)}1${'}]'.repeat(32)}]`, 64)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(500)}"}`, 64)).toBe(false);
  });
});
