import type { ObjectRule, Rule } from '../contact-rules';
import type { CsvFieldColumns } from '../csv-dialect-columns';
import { importFallbacks, importFallbackValue } from '../import-fallback';
import type { CsvDialectDefinition } from './csv-dialect';
import type { FieldEntry, DialectTable } from './dialect-table';

/** The values a list's entry `type` takes, from the entry's declaration. */
function entryTypes(rule: Rule): readonly string[] {
  if (rule.kind !== 'list' || rule.items.kind !== 'object') return [];
  const type = rule.items.fields.type;
  return type?.kind === 'choice' ? type.values : [];
}

/** Whether a list's entries may be preferred (a `pref` flag in the entry's declaration). */
function hasPref(rule: Rule): boolean {
  return rule.kind === 'list' && rule.items.kind === 'object' && rule.items.fields.pref?.kind === 'flag';
}

function fieldEntry(
  field: string,
  rule: Rule,
  columns: CsvFieldColumns,
  dialect: CsvDialectDefinition,
): FieldEntry | undefined {
  if (Array.isArray(columns)) {
    const names = columns as readonly string[];
    if (rule.kind === 'list') return { kind: 'split', field, columns: names, split: dialect.splitList };
    return { kind: 'text', field, columns: names, ...(rule.format === 'date' ? { read: dialect.readDate } : {}) };
  }
  if ('parts' in columns) return { kind: 'parts', field, parts: columns.parts };
  if ('fixed' in columns) return { kind: 'fixed', field, entries: columns.fixed };
  if ('numbered' in columns) {
    const types = entryTypes(rule);
    return {
      kind: 'numbered',
      field,
      group: columns.numbered.group,
      typeSuffixes: dialect.typeSuffixes,
      values: columns.numbered.values,
      ...(columns.numbered.fallback ? { fallback: columns.numbered.fallback } : {}),
      typeOf: (word) => dialect.typeOf(word, types),
      pref: hasPref(rule),
    };
  }
  return undefined;
}

/**
 * An export's table, compiled from the contact's declaration: one entry per field whose `csv`
 * declaration names this export's columns, in the declaration's order, and for a field with an
 * `importFallback` (the display name), the value to take when its own columns give none.
 */
export function compileDialectTable(dialect: CsvDialectDefinition, schema: ObjectRule): DialectTable {
  const fallbacks = new Map(importFallbacks(schema).map(({ field, from }) => [field, from]));
  const fields: FieldEntry[] = [];
  for (const [field, rule] of Object.entries(schema.fields)) {
    const columns = rule.csv?.[dialect.key];
    const from = fallbacks.get(field);
    let entry = columns === undefined ? undefined : fieldEntry(field, rule, columns, dialect);
    if (from !== undefined && (entry === undefined || entry.kind === 'text')) {
      entry = {
        ...(entry ?? { kind: 'text', field, columns: [] }),
        otherwise: (found) => importFallbackValue(from, found),
      };
    }
    if (entry !== undefined) fields.push(entry);
  }
  return { dialect: dialect.dialect, markers: dialect.markers, fields };
}
