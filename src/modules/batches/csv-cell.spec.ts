import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes, and leaves others bare', () => {
    expect(csvCell('Hopper, Grace')).toBe('"Hopper, Grace"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
  });

  it('gives back every row of cells when csv-parse reads the written line', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', 'é'), maxLength: 12 });
    fc.assert(
      // Two cells at least: a lone empty cell is an empty line, which is no record.
      fc.property(fc.array(cell, { minLength: 2, maxLength: 5 }), (cells) => {
        const line = `${cells.map(csvCell).join(',')}\r\n`;
        expect(parse(line, { record_delimiter: ['\r\n'] })).toEqual([cells]);
      }),
      { seed: 33, numRuns: 300 },
    );
  });
});
