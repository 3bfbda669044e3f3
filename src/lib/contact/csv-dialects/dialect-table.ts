import type { AddressComponent, PhoneType, PlaceType } from '../contact';

/** The address-book exports the batch CSV reader recognises besides the service's own columns. */
export type CsvDialect = 'google-csv' | 'outlook-csv';

/** The JSON contact a row maps to, in the request body's shape; the service validates it afterwards. */
export type MappedContact = Record<string, unknown>;

/** Turns one cell's text into the value the contact holds; undefined leaves the field out. */
export type CellReader = (cell: string) => string | undefined;

/** Column names as the export writes them; the first that holds text wins (one entry per header generation). */
export type Columns = readonly string[];

/**
 * Where one component of an entry comes from: the first of `columns` that holds text, or with
 * `lines`, every one of those columns that holds text, one line each (Outlook's Street, Street 2, Street 3).
 */
export type ComponentSource = Columns | { readonly lines: Columns };

/** A field holding one text: the first of its columns with text; `otherwise` runs once every other field is read. */
export interface TextFieldEntry {
  readonly kind: 'text';
  readonly field: string;
  readonly columns: Columns;
  readonly read?: CellReader;
  readonly otherwise?: (contact: MappedContact) => string | undefined;
}

export type NamePart = 'family' | 'given' | 'additional' | 'prefix' | 'suffix';

/** The structured name, each part from its own columns; absent when every part is empty. */
export interface NameEntry {
  readonly kind: 'name';
  readonly field: 'name';
  readonly parts: Readonly<Record<NamePart, Columns>>;
}

/** A list of texts held in one cell (categories). */
export interface SplitFieldEntry {
  readonly kind: 'split';
  readonly field: string;
  readonly columns: Columns;
  readonly split: (cell: string) => string[];
}

/** The lists of typed entries a dialect fills, with the keys their entries hold. */
export type EntryList = 'phones' | 'emails' | 'urls' | 'addresses';
export type EntryKey = 'number' | 'address' | 'url' | AddressComponent;

/** One entry whose type the column names imply (Outlook's `Mobile Phone` is a cell phone). */
export interface FixedEntry {
  readonly values: Readonly<Partial<Record<EntryKey, ComponentSource>>>;
  readonly type: PhoneType | PlaceType;
  readonly pref?: true;
  /** Used only when every key in `values` is empty: Outlook's one-cell `Home Address`. */
  readonly fallback?: Readonly<Partial<Record<EntryKey, Columns>>>;
  /** The entry is left out when this column holds this word (any case): an Exchange `EX` address is no email. */
  readonly skipWhen?: { readonly column: string; readonly is: string };
}

/** A list whose entries have fixed columns, in the order given here (never the header's order). */
export interface FixedEntriesEntry {
  readonly kind: 'fixed';
  readonly field: EntryList;
  readonly entries: readonly FixedEntry[];
}

/**
 * A list read from numbered column groups, `<group> <n> - <suffix>` (Google's `Phone 2 - Value`), in
 * the order of n. A cell may hold several values joined by ` ::: `; the type cell's word (a leading
 * `* ` marks the primary entry) becomes the entry's type through `typeOf`.
 */
export interface NumberedEntriesEntry {
  readonly kind: 'numbered';
  readonly field: EntryList;
  readonly group: string;
  /** Suffixes of the type column, one per header generation (`Type`, `Label`). */
  readonly typeSuffixes: readonly string[];
  readonly values: Readonly<Partial<Record<EntryKey, readonly string[]>>>;
  /** Suffixes used only when every key in `values` is empty: Google's `Address 1 - Formatted`. */
  readonly fallback?: Readonly<Partial<Record<EntryKey, readonly string[]>>>;
  readonly typeOf: (word: string) => PhoneType | PlaceType;
  /** Whether the list's entries carry `pref` (urls do not). */
  readonly pref: boolean;
}

export type FieldEntry = TextFieldEntry | NameEntry | SplitFieldEntry | FixedEntriesEntry | NumberedEntriesEntry;

/**
 * One export dialect as a per-field table: one entry per contact field, naming the dialect's
 * columns for it and the reader of their cells. `markers` are the columns that identify the dialect.
 */
export interface DialectTable {
  readonly dialect: CsvDialect;
  readonly markers: Columns;
  readonly fields: readonly FieldEntry[];
}
