import type { CsvColumnNames, CsvComponentSource, CsvFixedEntry } from '../csv-dialect-columns';

/** The address-book exports the batch CSV reader recognises besides the service's own columns. */
export type CsvDialect = 'google-csv' | 'outlook-csv';

/** The JSON contact a row maps to, in the request body's shape; the service validates it afterwards. */
export type MappedContact = Record<string, unknown>;

/** Turns one cell's text into the value the contact holds; undefined leaves the field out. */
export type CellReader = (cell: string) => string | undefined;

/** Column names as the export writes them; the first that holds text wins (one entry per header generation). */
export type Columns = CsvColumnNames;

export type ComponentSource = CsvComponentSource;

/** A field holding one text: the first of its columns with text; `otherwise` runs once every other field is read. */
export interface TextFieldEntry {
  readonly kind: 'text';
  readonly field: string;
  readonly columns: Columns;
  readonly read?: CellReader;
  readonly otherwise?: (contact: MappedContact) => string | undefined;
}

/** An object field (the structured name), each part from its own columns; absent when every part is empty. */
export interface PartsEntry {
  readonly kind: 'parts';
  readonly field: string;
  readonly parts: Readonly<Record<string, Columns>>;
}

/** A list of texts held in one cell (categories). */
export interface SplitFieldEntry {
  readonly kind: 'split';
  readonly field: string;
  readonly columns: Columns;
  readonly split: (cell: string) => string[];
}

/** One entry whose type the column names imply (Outlook's `Mobile Phone` is a cell phone). */
export type FixedEntry = CsvFixedEntry;

/** A list whose entries have fixed columns, in the order given here (never the header's order). */
export interface FixedEntriesEntry {
  readonly kind: 'fixed';
  readonly field: string;
  readonly entries: readonly FixedEntry[];
}

/**
 * A list read from numbered column groups, `<group> <n> - <suffix>` (Google's `Phone 2 - Value`), in
 * the order of n. A cell may hold several values joined by ` ::: `; the type cell's word (a leading
 * `* ` marks the primary entry) becomes the entry's type through `typeOf`.
 */
export interface NumberedEntriesEntry {
  readonly kind: 'numbered';
  readonly field: string;
  readonly group: string;
  /** Suffixes of the type column, one per header generation (`Type`, `Label`). */
  readonly typeSuffixes: readonly string[];
  readonly values: Readonly<Record<string, readonly string[]>>;
  /** Suffixes used only when every key in `values` is empty: Google's `Address 1 - Formatted`. */
  readonly fallback?: Readonly<Record<string, readonly string[]>>;
  readonly typeOf: (word: string) => string;
  /** Whether the list's entries carry `pref` (urls do not). */
  readonly pref: boolean;
}

export type FieldEntry = TextFieldEntry | PartsEntry | SplitFieldEntry | FixedEntriesEntry | NumberedEntriesEntry;

/**
 * One export dialect as a per-field table, compiled from the contact's declaration (each field's
 * `csv` columns): one entry per contact field the export has, naming its columns and the reader of
 * their cells. `markers` are the columns that identify the dialect.
 */
export interface DialectTable {
  readonly dialect: CsvDialect;
  readonly markers: Columns;
  readonly fields: readonly FieldEntry[];
}
