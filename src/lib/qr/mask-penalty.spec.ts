import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { emptyPackedSymbol, maskPenalty, setPackedModule } from './mask-penalty';

/** What npm `qrcode`'s penalty rules read of a symbol (its BitMatrix). */
interface ScoredMatrix {
  size: number;
  data: Uint8Array;
  get(row: number, column: number): number;
}

type Rule = (matrix: ScoredMatrix) => number;

// npm `qrcode`'s own four rules, which it sums to choose a mask: the reference for every score here.
const rules = createRequire(__filename)('qrcode/lib/core/mask-pattern') as Record<
  'getPenaltyN1' | 'getPenaltyN2' | 'getPenaltyN3' | 'getPenaltyN4',
  Rule
>;

function qrcodePenalty(size: number, data: Uint8Array): number {
  const matrix = { size, data, get: (row: number, column: number) => data[row * size + column] };
  return (
    rules.getPenaltyN1(matrix) + rules.getPenaltyN2(matrix) + rules.getPenaltyN3(matrix) + rules.getPenaltyN4(matrix)
  );
}

/** The finder-like runs the third rule looks for, oldest module first. */
const PATTERNS = [0x5d0, 0x05d];

/**
 * A random symbol of `size` modules a side: random modules at a density of `dark` in 1,000, then
 * `stamps` copies of the two 11-module patterns across or down at random places, so that every rule
 * scores something.
 */
function randomSymbol(size: number, dark: number, stamps: number, seed: number): Uint8Array {
  let state = seed >>> 0;
  const next = (bound: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % bound;
  };
  const data = new Uint8Array(size * size);
  for (let cell = 0; cell < data.length; cell++) data[cell] = next(1000) < dark ? 1 : 0;
  for (let stamp = 0; stamp < stamps; stamp++) {
    const pattern = PATTERNS[next(2)];
    const across = next(2) === 0;
    const line = next(size);
    const start = next(size - 10);
    for (let k = 0; k < 11; k++) {
      const bit = (pattern >> (10 - k)) & 1;
      data[across ? line * size + start + k : (start + k) * size + line] = bit;
    }
  }
  return data;
}

describe('maskPenalty scores a symbol as npm qrcode does', () => {
  it('for random symbols of every size a QR version has, at any density, with the patterns stamped in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0, 50, 300, 500, 700, 950, 1000),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (version, dark, stamps, seed) => {
          const size = 17 + 4 * version;
          const data = randomSymbol(size, dark, stamps, seed);
          const packed = emptyPackedSymbol(size);
          for (let row = 0; row < size; row++)
            for (let column = 0; column < size; column++)
              setPackedModule(packed, row, column, data[row * size + column]);
          expect(maskPenalty(packed)).toBe(qrcodePenalty(size, data));
        },
      ),
      { seed: 20261126, numRuns: 400 },
    );
  });

  it('for a symbol whose size is a multiple of 32 and one just over (the edges of the packing words)', () => {
    for (const size of [32, 33, 63, 64, 65]) {
      const data = randomSymbol(size, 500, 30, size);
      const packed = emptyPackedSymbol(size);
      for (let row = 0; row < size; row++)
        for (let column = 0; column < size; column++) setPackedModule(packed, row, column, data[row * size + column]);
      expect(maskPenalty(packed)).toBe(qrcodePenalty(size, data));
    }
  });

  it('clears a module as well as it sets one', () => {
    const packed = emptyPackedSymbol(45);
    setPackedModule(packed, 40, 33, 1);
    setPackedModule(packed, 40, 33, 0);
    expect(packed.rows.every((word) => word === 0) && packed.columns.every((word) => word === 0)).toBe(true);
  });
});
