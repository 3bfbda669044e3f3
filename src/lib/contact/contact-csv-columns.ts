import type { ChoiceRule, ObjectRule, Rule, TextRule } from './contact-rules';

/** Where one CSV column's cell goes in the contact. */
type Column =
  | { kind: 'field'; field: string }
  | { kind: 'split'; field: string; separator: string }
  | { kind: 'part'; field: string; part: string }
  /** An entry of its own: `entry` (its type, or its key text) plus the cell as `valueKey`. */
  | { kind: 'entry'; list: string; entry: Record<string, string>; valueKey: string }
  /** One component of the structured entry shared by every column of the same list and type. */
  | { kind: 'component'; list: string; slot: string; type: string | undefined; component: string };

export type CsvHeader =
  | { ok: true; toContact: (cells: readonly string[]) => Record<string, unknown> }
  | { ok: false; column: string; reason: 'unknown' | 'repeated' };

/**
 * The CSV column names of a contact schema (docs/contact.md#csv-columns), derived from it: a top-level text
 * field is a column of its own name; `name.<part>` for the structured name; `<stem>.<type>` for a
 * typed list with one required text (`phone.cell`); `<stem>.<component>` and
 * `<stem>.<type>.<component>` for a typed list of structured entries (`address.home.locality`);
 * `<stem>.<key>` for an untyped pair (`social.linkedin`); a text list in one column, split.
 * Names are matched case-insensitively; the result maps each known name to its canonical target.
 */
export function csvColumnsOf(schema: ObjectRule): (name: string) => Column | null {
  const fixed = new Map<string, Column>();
  const patterns: Array<(lower: string) => Column | null> = [];
  for (const [field, rule] of Object.entries(schema.fields)) {
    if (rule.kind === 'text') fixed.set(field.toLowerCase(), { kind: 'field', field });
    else if (rule.kind === 'object') {
      for (const part of Object.keys(rule.fields))
        fixed.set(`${field}.${part}`.toLowerCase(), { kind: 'part', field, part });
    } else if (rule.kind === 'list' && rule.csvSeparator !== undefined) {
      fixed.set(field.toLowerCase(), { kind: 'split', field, separator: rule.csvSeparator });
    } else if (rule.kind === 'list' && rule.csvStem !== undefined && rule.items.kind === 'object') {
      patterns.push(listColumns(field, rule.csvStem, rule.items));
    }
  }
  return (name) => {
    const lower = name.trim().toLowerCase();
    const column = fixed.get(lower);
    if (column) return column;
    for (const pattern of patterns) {
      const found = pattern(lower);
      if (found) return found;
    }
    return null;
  };
}

function listColumns(list: string, stem: string, items: ObjectRule): (lower: string) => Column | null {
  const entries = Object.entries(items.fields);
  const typeRule = items.fields.type as Rule | undefined;
  const types = typeRule?.kind === 'choice' ? (typeRule as ChoiceRule).values : undefined;
  const texts = entries.filter((entry): entry is [string, TextRule] => entry[1].kind === 'text');
  const required = texts.filter(([, rule]) => rule.required);
  const components = new Map(texts.map(([key]) => [key.toLowerCase(), key]));
  const prefix = `${stem.toLowerCase()}.`;
  return (lower) => {
    if (!lower.startsWith(prefix)) return null;
    const parts = lower.slice(prefix.length).split('.');
    if (types && required.length === 1 && parts.length === 1 && types.includes(parts[0])) {
      return { kind: 'entry', list, valueKey: required[0][0], entry: { type: parts[0] } };
    }
    if (types && required.length === 0) {
      // Structured entries: `<stem>.<component>` is of the default type.
      const [type, component] = parts.length === 1 ? [undefined, parts[0]] : parts;
      if (parts.length > 2 || (type !== undefined && !types.includes(type))) return null;
      const key = components.get(component);
      if (key === undefined) return null;
      const canonical = type ?? (typeRule as ChoiceRule).default;
      return { kind: 'component', list, slot: canonical ?? '', type: canonical, component: key };
    }
    const [keyText] = required;
    if (
      !types &&
      required.length === 2 &&
      parts.length === 1 &&
      (keyText[1].checks ?? []).every((check) => check.test(parts[0]))
    ) {
      // An untyped pair, the column naming the first text (social.<service>) and the cell the second.
      return { kind: 'entry', list, valueKey: required[1][0], entry: { [required[0][0]]: parts[0] } };
    }
    return null;
  };
}

/** Reads a header row against the schema's columns: an unknown or repeated column is named. */
export function readCsvHeader(header: readonly string[], columnOf: (name: string) => Column | null): CsvHeader {
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    const column = columnOf(name);
    if (column === null) return { ok: false, column: name, reason: 'unknown' };
    const key = columnKey(column);
    if (seen.has(key)) return { ok: false, column: name, reason: 'repeated' };
    seen.add(key);
    columns.push(column);
  }
  return { ok: true, toContact: (cells) => toContact(columns, cells) };
}

function columnKey(column: Column): string {
  switch (column.kind) {
    case 'field':
    case 'split':
      return column.field;
    case 'part':
      return `${column.field}.${column.part}`;
    case 'entry':
      return `${column.list}.${JSON.stringify(column.entry)}`;
    case 'component':
      return `${column.list}.${column.slot}.${column.component}`;
  }
}

/**
 * One row as a JSON contact. An empty cell is no entry; entries follow the column order (a
 * structured entry takes the place of its first column); the flat shorthands stay flat fields,
 * which the encoder puts first.
 */
function toContact(columns: readonly Column[], cells: readonly string[]): Record<string, unknown> {
  const contact: Record<string, unknown> = {};
  const structured = new Map<string, Record<string, string>>();
  const list = (name: string): unknown[] => (contact[name] ??= []) as unknown[];
  columns.forEach((column, i) => {
    const cell = cells[i] ?? '';
    switch (column.kind) {
      case 'field':
        if (cell !== '') contact[column.field] = cell;
        return;
      case 'split': {
        const values = cell.split(column.separator).filter((value) => value.trim() !== '');
        if (values.length > 0) contact[column.field] = values;
        return;
      }
      case 'part':
        if (cell !== '') ((contact[column.field] ??= {}) as Record<string, string>)[column.part] = cell;
        return;
      case 'entry':
        if (cell !== '') list(column.list).push({ ...column.entry, [column.valueKey]: cell });
        return;
      case 'component': {
        const slot = `${column.list}.${column.slot}`;
        let entry = structured.get(slot);
        if (entry === undefined) {
          entry = column.type === undefined ? {} : { type: column.type };
          structured.set(slot, entry);
          list(column.list).push(entry);
        }
        if (cell !== '') entry[column.component] = cell;
        return;
      }
    }
  });
  // Structured entries with no cell are no entry, and an empty list is no list.
  for (const [name, value] of Object.entries(contact)) {
    if (!Array.isArray(value)) continue;
    const kept = value.filter(
      (entry) => typeof entry !== 'object' || Object.keys(entry as object).some((key) => key !== 'type'),
    );
    if (kept.length === 0) delete contact[name];
    else contact[name] = kept;
  }
  return contact;
}
