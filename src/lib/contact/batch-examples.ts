import { csvColumnsOf } from './contact-csv-columns';
import type { ObjectRule } from './contact-rules';

/** The request examples of POST /v1/batches: the JSON body's contacts, and the CSV body's rows, header first. */
export interface BatchExamples {
  readonly json: ReadonlyArray<Readonly<Record<string, unknown>>>;
  readonly csv: ReadonlyArray<readonly string[]>;
}

/**
 * The request examples of POST /v1/batches, from the fields' `batchExample` in declaration order.
 * A CSV cell is in the field's own column as the CSV reader knows it, every CSV field fills every
 * row, and a required field is in every contact of both examples, so the route takes each of them.
 */
export function batchExamplesOf(schema: ObjectRule): BatchExamples {
  const columnOf = csvColumnsOf(schema);
  const fields = Object.entries(schema.fields);
  const contacts = Math.max(0, ...fields.map(([, rule]) => rule.batchExample?.json?.length ?? 0));
  const rows = Math.max(0, ...fields.map(([, rule]) => rule.batchExample?.csv?.length ?? 0));
  for (const [name, rule] of fields) {
    const { json = [], csv } = rule.batchExample ?? {};
    if (json.includes(undefined))
      throw new Error(`${name}: batchExample.json has a value for each contact up to its last`);
    const column = csv === undefined ? null : columnOf(name);
    const ownColumn = (column?.kind === 'field' || column?.kind === 'split') && column.field === name;
    if (csv !== undefined && !ownColumn)
      throw new Error(`${name}: batchExample.csv fills the field's own CSV column, and it has none`);
    if (csv !== undefined && csv.length !== rows)
      throw new Error(`${name}: batchExample.csv has ${csv.length} rows; the CSV example has ${rows}`);
    if (rule.kind === 'text' && rule.required === true && (json.length !== contacts || (csv?.length ?? 0) !== rows))
      throw new Error(`${name}: a required field is in every contact of both batch examples`);
  }
  const inCsv = fields.filter(([, rule]) => rule.batchExample?.csv !== undefined);
  return {
    json: Array.from({ length: contacts }, (_, contact) =>
      Object.fromEntries(
        fields.flatMap(([name, rule]) => {
          const value = rule.batchExample?.json?.[contact];
          return value === undefined ? [] : [[name, value]];
        }),
      ),
    ),
    csv: [
      inCsv.map(([name]) => name),
      ...Array.from({ length: rows }, (_, row) => inCsv.map(([, rule]) => rule.batchExample!.csv![row])),
    ],
  };
}
