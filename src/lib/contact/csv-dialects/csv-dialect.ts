import type { CsvDialectColumns } from '../csv-dialect-columns';
import type { CellReader, Columns, CsvDialect } from './dialect-table';

/**
 * What an export does its own way, whatever the field: how it is recognised, how its cells hold a
 * date, a list and a type word. Which columns hold which field is the field's declaration.
 */
export interface CsvDialectDefinition {
  readonly dialect: CsvDialect;
  /** The key of the fields' `csv` declarations that names this export's columns. */
  readonly key: keyof CsvDialectColumns;
  /** Columns that identify the export. */
  readonly markers: Columns;
  /** A date field's cell (the birthday) as `YYYY-MM-DD`, or as written for the rules to judge. */
  readonly readDate: CellReader;
  /** A list of texts held in one cell (categories). */
  readonly splitList: (cell: string) => string[];
  /** Suffixes of a numbered group's type column, one per header generation. */
  readonly typeSuffixes: readonly string[];
  /** A type cell's word as one of the entry's types (`types`), `other` when it is none of them. */
  readonly typeOf: (word: string, types: readonly string[]) => string;
}
