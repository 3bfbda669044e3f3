/**
 * Where a contact field is in the address-book exports a CSV batch may be (docs/import.md#csv-exports):
 * the field's own columns in each export, declared beside its rule. How a cell becomes a value (a
 * birthday's forms, a list's separator, a type word) is the export's, in lib/contact/csv-dialects;
 * which columns hold the field is the field's, here.
 */
export interface CsvDialectColumns {
  /** Google Contacts' export ("Google CSV"), both header generations. */
  readonly google?: CsvFieldColumns;
  /** Outlook's exports (desktop, Outlook.com, and the Outlook-format exports of others). */
  readonly outlook?: CsvFieldColumns;
}

/** Column names as the export writes them; the first that holds text wins (one name per header generation). */
export type CsvColumnNames = readonly string[];

/** Every one of these columns that holds text, one line each (Outlook's Street, Street 2, Street 3). */
export interface CsvColumnLines {
  readonly lines: CsvColumnNames;
}

export type CsvComponentSource = CsvColumnNames | CsvColumnLines;

/**
 * A field's columns in one export: a text field's (or a text list's, held in one cell), an object
 * field's parts, a list's entries from numbered column groups, or a list's entries from columns of
 * their own.
 */
export type CsvFieldColumns =
  | CsvColumnNames
  | { readonly parts: Readonly<Record<string, CsvColumnNames>> }
  | { readonly numbered: CsvNumberedEntries }
  | { readonly fixed: readonly CsvFixedEntry[] };

/**
 * Entries from numbered column groups, `<group> <n> - <suffix>` (Google's `Phone 2 - Value`), in
 * the order of n: each entry key from the columns of these suffixes.
 */
export interface CsvNumberedEntries {
  readonly group: string;
  readonly values: Readonly<Record<string, readonly string[]>>;
  /** Suffixes used only when every key in `values` is empty: Google's `Address 1 - Formatted`. */
  readonly fallback?: Readonly<Record<string, readonly string[]>>;
}

/** One entry whose type the column names imply (Outlook's `Mobile Phone` is a cell phone). */
export interface CsvFixedEntry {
  readonly values: Readonly<Record<string, CsvComponentSource>>;
  /** The entry's `type`. */
  readonly type: string;
  readonly pref?: true;
  /** Used only when every key in `values` is empty: Outlook's one-cell `Home Address`. */
  readonly fallback?: Readonly<Record<string, CsvColumnNames>>;
  /** The entry is left out when this column holds this word (any case): an Exchange `EX` address is no email. */
  readonly skipWhen?: { readonly column: string; readonly is: string };
}
