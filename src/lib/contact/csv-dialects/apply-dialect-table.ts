import type {
  Columns,
  ComponentSource,
  CsvDialect,
  DialectTable,
  FieldEntry,
  FixedEntriesEntry,
  MappedContact,
  NumberedEntriesEntry,
} from './dialect-table';
import { readGoogleTypeWord, splitGoogleCell } from './google-csv-values';

/** A recognised export's header, ready to map its rows. */
export interface CsvDialectMapper {
  readonly dialect: CsvDialect;
  /** The header's columns that have no place in the contact: names only, each once, in header order. */
  readonly ignoredColumns: string[];
  /** One row (its cells in header order) as the JSON contact it describes, not yet validated. */
  toContact(cells: readonly string[]): MappedContact;
}

type Cells = readonly string[];
type Step = (cells: Cells, contact: MappedContact) => void;
type Entry = Record<string, string | boolean>;

/** How header names are compared: exports differ in case and spacing between versions and locales' tools. */
export const normalColumnName = (name: string): string =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Whether a cell holds more than blanks; a printable ASCII first character answers without trimming. */
function hasText(cell: string | undefined): cell is string {
  if (cell === undefined || cell === '') return false;
  const first = cell.charCodeAt(0);
  return (first > 32 && first < 127) || cell.trim() !== '';
}

/** The first of these cells that holds text. */
function firstText(cells: Cells, indices: readonly number[]): string | undefined {
  for (const index of indices) if (hasText(cells[index])) return cells[index];
  return undefined;
}

/** A header's column indices by name, and the indices some field has claimed. */
class HeaderColumns {
  private readonly byName = new Map<string, number[]>();
  readonly claimed = new Set<number>();

  constructor(readonly header: readonly string[]) {
    header.forEach((name, index) => {
      const key = normalColumnName(name);
      this.byName.set(key, [...(this.byName.get(key) ?? []), index]);
    });
  }

  /** The indices of these columns, in the table's order of preference, claimed for a field. */
  claim(names: Columns): number[] {
    const indices = names.flatMap((name) => this.byName.get(normalColumnName(name)) ?? []);
    for (const index of indices) this.claimed.add(index);
    return indices;
  }

  /** `<group> <n> - <suffix>` columns: for each n in ascending order, its indices by normalised suffix. */
  numbered(group: string): Array<Map<string, number[]>> {
    const pattern = new RegExp(`^${normalColumnName(group).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+) - (.+)$`);
    const groups = new Map<number, Map<string, number[]>>();
    for (const [name, indices] of this.byName) {
      const match = pattern.exec(name);
      if (!match) continue;
      const n = Number(match[1]);
      const suffixes = groups.get(n) ?? new Map<string, number[]>();
      suffixes.set(match[2], indices);
      groups.set(n, suffixes);
    }
    return [...groups.keys()].sort((a, b) => a - b).map((n) => groups.get(n)!);
  }

  ignored(): string[] {
    const names = new Set<string>();
    this.header.forEach((name, index) => {
      const shown = name.replace(/^\uFEFF/, '').trim();
      if (!this.claimed.has(index) && shown !== '') names.add(shown);
    });
    return [...names];
  }
}

/** Reads one entry key from its columns: the first with text, or every one with text, one line each. */
function componentReader(columns: HeaderColumns, source: ComponentSource): (cells: Cells) => string | undefined {
  if (!('lines' in source)) {
    const indices = columns.claim(source as Columns);
    return (cells) => firstText(cells, indices);
  }
  const indices = columns.claim(source.lines);
  return (cells) => {
    const lines = indices.map((index) => cells[index]).filter(hasText);
    return lines.length === 0 ? undefined : lines.map((line) => line.trim()).join('\n');
  };
}

function readersOf(columns: HeaderColumns, sources: Readonly<Record<string, ComponentSource>> = {}) {
  return Object.entries(sources).map(([key, source]) => [key, componentReader(columns, source!)] as const);
}

/** At most one entry of a list is preferred: the first the export marked. */
function keepFirstPref(entries: Entry[]): void {
  let seen = false;
  for (const entry of entries) {
    if (entry.pref !== true) continue;
    if (seen) delete entry.pref;
    seen = true;
  }
}

function fixedEntriesStep(columns: HeaderColumns, entry: FixedEntriesEntry): Step {
  const compiled = entry.entries.map((fixed) => ({
    fixed,
    values: readersOf(columns, fixed.values),
    fallback: readersOf(columns, fixed.fallback),
    skip: fixed.skipWhen ? columns.claim([fixed.skipWhen.column]) : [],
  }));
  return (cells, contact) => {
    const list: Entry[] = [];
    for (const { fixed, values, fallback, skip } of compiled) {
      let found = readEntry(cells, values);
      if (found === undefined) found = readEntry(cells, fallback);
      if (found === undefined) continue;
      if (fixed.skipWhen && firstText(cells, skip)?.trim().toLowerCase() === fixed.skipWhen.is.toLowerCase()) continue;
      list.push({ ...found, type: fixed.type, ...(fixed.pref ? { pref: true } : {}) });
    }
    keepFirstPref(list);
    if (list.length > 0) contact[entry.field] = list;
  };
}

/** The keys of one entry that hold text; undefined when none does. */
function readEntry(cells: Cells, readers: ReadonlyArray<readonly [string, (cells: Cells) => string | undefined]>) {
  let found: Entry | undefined;
  for (const [key, reader] of readers) {
    const value = reader(cells);
    if (value !== undefined) (found ??= {})[key] = value;
  }
  return found;
}

/** One numbered group's columns: the type's indices, and each key's indices in parallel arrays. */
interface NumberedGroup {
  type: number[];
  keys: string[];
  indices: number[][];
  fallbackKeys: string[];
  fallbackIndices: number[][];
}

function numberedEntriesStep(columns: HeaderColumns, entry: NumberedEntriesEntry): Step {
  const claimSuffixes = (suffixes: Map<string, number[]>, wanted: readonly string[]): number[] =>
    wanted.flatMap((suffix) => {
      const indices = suffixes.get(normalColumnName(suffix)) ?? [];
      for (const index of indices) columns.claimed.add(index);
      return indices;
    });
  const valueKeys = Object.keys(entry.values);
  const fallbackKeys = Object.keys(entry.fallback ?? {});
  const groups: NumberedGroup[] = columns.numbered(entry.group).map((suffixes) => ({
    type: claimSuffixes(suffixes, entry.typeSuffixes),
    keys: valueKeys,
    indices: valueKeys.map((key) => claimSuffixes(suffixes, entry.values[key])),
    fallbackKeys,
    fallbackIndices: fallbackKeys.map((key) => claimSuffixes(suffixes, entry.fallback![key])),
  }));
  return (cells, contact) => {
    const list: Entry[] = [];
    for (const group of groups) {
      const values = piecesOf(cells, group.indices);
      const fallback = piecesOf(cells, group.fallbackIndices);
      const count = Math.max(countOf(values), countOf(fallback));
      if (count === 0) continue;
      const types = splitGoogleCell(firstText(cells, group.type) ?? '', true);
      for (let k = 0; k < count; k++) {
        const found = pick(group.keys, values, k) ?? pick(group.fallbackKeys, fallback, k);
        if (found === undefined) continue;
        // One type word for several values types them all; its primary mark goes to the first.
        const { word, primary } = readGoogleTypeWord(types.length > 1 ? (types[k] ?? '') : types[0]);
        found.type = entry.typeOf(word);
        if (entry.pref && primary && (types.length > 1 || k === 0)) found.pref = true;
        list.push(found);
      }
    }
    keepFirstPref(list);
    if (list.length > 0) contact[entry.field] = list;
  };
}

/** Each key's values in a group's cells, split at ` ::: ` with empty places kept so that keys line up. */
function piecesOf(cells: Cells, indices: readonly number[][]): Array<string[] | undefined> | undefined {
  let pieces: Array<string[] | undefined> | undefined;
  for (let i = 0; i < indices.length; i++) {
    const cell = firstText(cells, indices[i]);
    if (cell !== undefined)
      (pieces ??= new Array<string[] | undefined>(indices.length))[i] = splitGoogleCell(cell, true);
  }
  return pieces;
}

function countOf(pieces: ReadonlyArray<string[] | undefined> | undefined): number {
  let count = 0;
  if (pieces) for (const values of pieces) if (values && values.length > count) count = values.length;
  return count;
}

/** The entry made of the k-th value of each key; pieces are trimmed, so an empty one is no value. */
function pick(keys: readonly string[], pieces: ReadonlyArray<string[] | undefined> | undefined, k: number) {
  if (pieces === undefined) return undefined;
  let found: Entry | undefined;
  for (let i = 0; i < keys.length; i++) {
    const value = pieces[i]?.[k];
    if (value) (found ??= {})[keys[i]] = value;
  }
  return found;
}

function fieldStep(columns: HeaderColumns, entry: FieldEntry): Step {
  switch (entry.kind) {
    case 'text': {
      const indices = columns.claim(entry.columns);
      const readCell = entry.read ?? ((cell: string) => cell);
      return (cells, contact) => {
        const cell = firstText(cells, indices);
        const value = cell === undefined ? undefined : readCell(cell);
        if (hasText(value)) contact[entry.field] = value;
      };
    }
    case 'parts': {
      const parts = Object.entries(entry.parts).map(([part, names]) => [part, columns.claim(names)] as const);
      return (cells, contact) => {
        let value: Record<string, string> | undefined;
        for (const [part, indices] of parts) {
          const cell = firstText(cells, indices);
          if (cell !== undefined) (value ??= {})[part] = cell;
        }
        if (value) contact[entry.field] = value;
      };
    }
    case 'split': {
      const indices = columns.claim(entry.columns);
      return (cells, contact) => {
        const cell = firstText(cells, indices);
        const values = cell === undefined ? [] : entry.split(cell);
        if (values.length > 0) contact[entry.field] = values;
      };
    }
    case 'fixed':
      return fixedEntriesStep(columns, entry);
    case 'numbered':
      return numberedEntriesStep(columns, entry);
  }
}

/**
 * Compiles a dialect's table against one header: every column is looked up once, so a row costs
 * only its cells. Lists follow the table's order (and Google's numbering), never the header's, so
 * the same export in another column order gives the same contacts.
 */
export function applyDialectTable(table: DialectTable, header: readonly string[]): CsvDialectMapper {
  const columns = new HeaderColumns(header);
  const steps = table.fields.map((entry) => fieldStep(columns, entry));
  const fallbacks = table.fields.flatMap((entry) =>
    entry.kind === 'text' && entry.otherwise ? [{ field: entry.field, otherwise: entry.otherwise }] : [],
  );
  const ordered = table.fields.map((entry) => entry.field);
  return {
    dialect: table.dialect,
    ignoredColumns: columns.ignored(),
    toContact(cells) {
      const found: MappedContact = {};
      for (const step of steps) step(cells, found);
      let late = false;
      for (const { field, otherwise } of fallbacks) {
        if (found[field] !== undefined) continue;
        const value = otherwise(found);
        if (value === undefined) continue;
        found[field] = value;
        late = true;
      }
      // Steps fill the fields in the table's order; a late fallback is put back in its place, so the
      // same row always gives the same JSON bytes.
      if (!late) return found;
      const contact: MappedContact = {};
      for (const field of ordered) if (found[field] !== undefined) contact[field] = found[field];
      return contact;
    },
  };
}
