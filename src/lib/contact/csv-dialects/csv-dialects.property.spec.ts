import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readCsvExport } from '../../../../test/utils/csv-export';
import { PHONE_TYPES } from '../index';
import { googleType, readGoogleTypeWord } from './google-csv-values';
import { csvDialectMapper, type CsvDialect } from './index';

const RUNS = { seed: 20261126, numRuns: 200 } as const;

/** Words the exports write in type cells, with and without the primary mark. */
const typeWord = fc.constantFrom(
  '',
  '* ',
  'Mobile',
  '* Mobile',
  'Work',
  '* Work',
  'Home',
  'Work Fax',
  'Main',
  'Custom',
);
/** One value as an export holds it: trimmed, not blank, never containing the ` ::: ` separator. */
const value = fc
  .string({ minLength: 1, maxLength: 12 })
  .map((text) => text.replaceAll(':::', ':').trim())
  .filter((text) => text !== '');
/** A cell: often empty, sometimes several values joined as Google joins them. */
const cell = fc.oneof(
  fc.constant(''),
  value,
  typeWord,
  fc.array(value, { minLength: 2, maxLength: 3 }).map((values) => values.join(' ::: ')),
  fc.constantFrom('0/0/00', '12/10/1815', '--04-15', '1990-07-01', '* myContacts ::: Friends', 'EX'),
);

const REAL_HEADERS: Array<[CsvDialect, string[]]> = [
  ['google-csv', readCsvExport('google-2014-bbdb.csv').header],
  ['google-csv', readCsvExport('google-2024-labels.csv').header],
  ['outlook-csv', readCsvExport('outlook-desktop-2016.csv').header],
  ['outlook-csv', readCsvExport('outlook-com-2017.csv').header],
];

describe('csv dialect properties', () => {
  it.each(REAL_HEADERS.map(([dialect, header]) => [dialect, header.length, header] as const))(
    'permuting the columns of this %s export (%i columns) gives the same contact, byte for byte',
    (dialect, width, header) => {
      const indices = [...header.keys()];
      fc.assert(
        fc.property(
          fc.array(cell, { minLength: width, maxLength: width }),
          fc.shuffledSubarray(indices, { minLength: width, maxLength: width }),
          (cells, order) => {
            const original = csvDialectMapper(dialect, header);
            const permuted = csvDialectMapper(
              dialect,
              order.map((index) => header[index]),
            );
            const contact = original.toContact(cells);
            expect(JSON.stringify(permuted.toContact(order.map((index) => cells[index])))).toBe(
              JSON.stringify(contact),
            );
            expect([...permuted.ignoredColumns].sort()).toEqual([...original.ignoredColumns].sort());
          },
        ),
        RUNS,
      );
    },
  );

  it('one type word for values joined by ` ::: ` types them all, its primary mark going to the first', () => {
    const mapper = csvDialectMapper('google-csv', ['Given Name', 'Phone 1 - Type', 'Phone 1 - Value']);
    fc.assert(
      fc.property(typeWord, fc.array(value, { minLength: 1, maxLength: 6 }), (word, values) => {
        const { word: label, primary } = readGoogleTypeWord(word);
        const phones = mapper.toContact(['Ada', word, values.join(' ::: ')]).phones;
        expect(phones).toEqual(
          values.map((number, k) => ({
            number,
            type: googleType(label, PHONE_TYPES),
            ...(primary && k === 0 ? { pref: true } : {}),
          })),
        );
      }),
      RUNS,
    );
  });

  it('type words joined like the values pair with them, and only the first primary one is preferred', () => {
    const mapper = csvDialectMapper('google-csv', ['Given Name', 'Phone 1 - Type', 'Phone 1 - Value']);
    const pairs = fc.array(fc.tuple(typeWord, value), { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(pairs, (entries) => {
        const words = entries.map(([word]) => word);
        const phones = mapper.toContact(['Ada', words.join(' ::: '), entries.map(([, v]) => v).join(' ::: ')]).phones;
        const firstPrimary = words.findIndex((word) => readGoogleTypeWord(word).primary);
        expect(phones).toEqual(
          entries.map(([word, number], k) => ({
            number,
            type: googleType(readGoogleTypeWord(word).word, PHONE_TYPES),
            ...(k === firstPrimary ? { pref: true } : {}),
          })),
        );
      }),
      RUNS,
    );
  });

  it('no cell value ever appears in ignoredColumns: they are header names, each once', () => {
    const knownNames = REAL_HEADERS.flatMap(([, header]) => header);
    const headerName = fc.oneof(
      fc.constantFrom(...knownNames),
      fc.string({ maxLength: 16 }).map((s) => `col:${s.replaceAll(':', '_')}`),
    );
    const rowValue = fc.string({ minLength: 1, maxLength: 16 }).map((s) => `val:${s}`);
    fc.assert(
      fc.property(
        fc.constantFrom<CsvDialect>('google-csv', 'outlook-csv'),
        fc.array(headerName, { maxLength: 40 }),
        fc.array(fc.array(rowValue, { maxLength: 45 }), { maxLength: 4 }),
        (dialect, header, rows) => {
          const mapper = csvDialectMapper(dialect, header);
          for (const row of rows) mapper.toContact(row);
          const names = new Set(header.map((name) => name.trim()));
          expect(new Set(mapper.ignoredColumns).size).toBe(mapper.ignoredColumns.length);
          for (const ignored of mapper.ignoredColumns) {
            expect(names.has(ignored)).toBe(true);
            for (const row of rows) for (const text of row) expect(ignored.includes(text)).toBe(false);
          }
        },
      ),
      RUNS,
    );
  });

  it('never throws, whatever the header and the cells', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CsvDialect>('google-csv', 'outlook-csv'),
        fc.array(fc.oneof(fc.string(), fc.constantFrom(...REAL_HEADERS.flatMap(([, h]) => h))), { maxLength: 30 }),
        fc.array(fc.oneof(fc.string(), cell), { maxLength: 40 }),
        (dialect, header, cells) => {
          const contact = csvDialectMapper(dialect, header).toContact(cells);
          expect(JSON.parse(JSON.stringify(contact))).toEqual(contact);
        },
      ),
      RUNS,
    );
  });
});
