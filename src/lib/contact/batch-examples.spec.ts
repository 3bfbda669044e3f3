import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CONTACT_BATCH_EXAMPLES, contactCsvColumn, readCsvHeader, validateContact } from '.';
import { batchExamplesOf } from './batch-examples';
import { CONTACT_SCHEMA } from './contact-schema';
import type { ObjectRule, Rule } from './contact-rules';
import { text } from './fields/field-rules';

const schemaOf = (fields: ObjectRule['fields']): ObjectRule => ({ kind: 'object', fields });
const tags: Rule = { kind: 'list', max: 4, items: text(8), csvSeparator: '|' };

describe('batchExamplesOf', () => {
  it('gives POST /v1/batches the two contacts of its JSON example and the rows of its CSV one', () => {
    expect(CONTACT_BATCH_EXAMPLES).toEqual({
      json: [{ fullName: 'Ada Lovelace', email: 'ada@example.com' }, { fullName: 'Grace Hopper' }],
      csv: [
        ['fullName', 'organization', 'email'],
        ['Ada Lovelace', 'Analytical Engines', 'ada@example.com'],
        ['Hopper, Grace', 'US Navy', 'grace@example.com'],
      ],
    });
    // The published JSON example keeps its key order.
    expect(JSON.stringify(CONTACT_BATCH_EXAMPLES.json)).toBe(
      '[{"fullName":"Ada Lovelace","email":"ada@example.com"},{"fullName":"Grace Hopper"}]',
    );
  });

  it('gives contacts the route takes: each JSON contact, and each CSV row read through the header', () => {
    for (const contact of CONTACT_BATCH_EXAMPLES.json) expect(validateContact(contact).ok).toBe(true);
    const [header, ...rows] = CONTACT_BATCH_EXAMPLES.csv;
    const read = readCsvHeader(header, contactCsvColumn);
    if (!read.ok) throw new Error(`the example's header names ${read.column}`);
    for (const row of rows) expect(validateContact(read.toContact(row)).ok).toBe(true);
  });

  it('puts a field declared with the role in its declaration place, with its values', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: Object.keys(CONTACT_SCHEMA.fields).length }),
        fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 2, maxLength: 2 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (at, cells, value) => {
          const entries = Object.entries(CONTACT_SCHEMA.fields);
          const scratch = text(32, { batchExample: { json: [value], csv: cells } });
          entries.splice(at, 0, ['pronouns', scratch]);
          const examples = batchExamplesOf(schemaOf(Object.fromEntries(entries)));
          const ordered = entries.map(([name]) => name);
          expect(examples.json[0].pronouns).toBe(value);
          expect(examples.json[1]).not.toHaveProperty('pronouns');
          const header = examples.csv[0];
          const column = header.indexOf('pronouns');
          expect(examples.csv.slice(1).map((row) => row[column])).toEqual(cells);
          // Columns and keys alike follow the declaration.
          const byDeclaration = (names: readonly string[]) =>
            [...names].sort((a, b) => ordered.indexOf(a) - ordered.indexOf(b));
          expect(header).toEqual(byDeclaration(header));
          expect(Object.keys(examples.json[0])).toEqual(byDeclaration(Object.keys(examples.json[0])));
        },
      ),
      { seed: 33, numRuns: 40 },
    );
  });

  it('takes a text list’s own column (one cell, its values separated)', () => {
    const schema = schemaOf({ tags: { ...tags, batchExample: { json: [['a', 'b']], csv: ['a|b'] } } });
    expect(batchExamplesOf(schema)).toEqual({ json: [{ tags: ['a', 'b'] }], csv: [['tags'], ['a|b']] });
  });

  it('refuses CSV cells of a field without a column of its own', () => {
    const name: Rule = {
      kind: 'object',
      fields: { family: text(8) },
      batchExample: { csv: ['Lovelace'] },
    };
    expect(() => batchExamplesOf(schemaOf({ name }))).toThrow(
      "name: batchExample.csv fills the field's own CSV column",
    );
    const phones: Rule = {
      kind: 'list',
      max: 2,
      csvStem: 'phone',
      items: { kind: 'object', fields: { number: text(8, { required: true }) } },
      batchExample: { csv: ['1'] },
    };
    expect(() => batchExamplesOf(schemaOf({ phones }))).toThrow('phones: batchExample.csv fills');
  });

  it('refuses CSV columns of unequal rows, a hole in a JSON column, and a required field left out', () => {
    const uneven = schemaOf({
      a: text(8, { batchExample: { csv: ['1', '2'] } }),
      b: text(8, { batchExample: { csv: ['1'] } }),
    });
    expect(() => batchExamplesOf(uneven)).toThrow('b: batchExample.csv has 1 rows; the CSV example has 2');
    const hole = schemaOf({ a: text(8, { batchExample: { json: [undefined, 'x'] } }) });
    expect(() => batchExamplesOf(hole)).toThrow('a: batchExample.json has a value for each contact');
    const fewer = schemaOf({
      a: text(8, { required: true, batchExample: { json: ['x'], csv: ['x', 'y'] } }),
      b: text(8, { batchExample: { json: ['x', 'y'] } }),
    });
    expect(() => batchExamplesOf(fewer)).toThrow('a: a required field is in every contact of both batch examples');
    const absent = schemaOf({ a: text(8, { required: true }), b: text(8, { batchExample: { csv: ['x'] } }) });
    expect(() => batchExamplesOf(absent)).toThrow('a: a required field is in every contact');
  });
});
