import { csvColumnsOf } from './contact-csv-columns';
import type { ObjectRule } from './contact-rules';

/** One column of the hint's sample: the field showing it, its place, and whether it is a text field's own. */
interface HintColumn {
  field: string;
  place: number;
  column: string;
  own: boolean;
}

/**
 * The sample header the invalid_csv hint gives ("fullName, organization, ..., phone.cell, categories"),
 * from the fields' `csvHint` in place order: text fields' own columns, "...", then the other forms.
 * Each column must be one the CSV reader takes for the field showing it and each place one field's,
 * and no text field's own column may follow another form (the "..." between stands for the rest).
 */
export function csvHintColumnsOf(schema: ObjectRule): string {
  const columnOf = csvColumnsOf(schema);
  const shown: HintColumn[] = Object.entries(schema.fields).flatMap(([field, rule]) => {
    if (rule.csvHint === undefined) return [];
    const { place, column = field } = rule.csvHint;
    const target = columnOf(column);
    const owner = target === null ? undefined : 'list' in target ? target.list : target.field;
    if (owner !== field) throw new Error(`${field}: csvHint column ${column} is not one of the field's CSV columns`);
    if (!Number.isFinite(place)) throw new Error(`${field}: csvHint place ${place} is not a number`);
    return [{ field, place, column, own: target!.kind === 'field' }];
  });
  shown.sort((a, b) => a.place - b.place);
  shown.forEach(({ field, place, own }, i) => {
    const before = shown[i - 1];
    if (before?.place === place) throw new Error(`${field}: csvHint place ${place} is ${before.field}'s too`);
    if (own && before?.own === false)
      throw new Error(`${field}: csvHint places a text field's own column after ${before.column}, another form`);
  });
  return [
    ...shown.filter(({ own }) => own).map(({ column }) => column),
    '...',
    ...shown.filter(({ own }) => !own).map(({ column }) => column),
  ].join(', ');
}
