import { applyDialectTable, type CsvDialectMapper } from './apply-dialect-table';
import { CSV_DIALECT_TABLES } from './detect-csv-dialect';
import type { CsvDialect } from './dialect-table';

export type { CsvDialectMapper } from './apply-dialect-table';
export { CSV_DIALECT_TABLES, detectCsvDialect } from './detect-csv-dialect';
export type { CsvDialect, DialectTable, FieldEntry, MappedContact } from './dialect-table';
export { GOOGLE_CSV_TABLE } from './google-csv.table';
export { OUTLOOK_CSV_TABLE } from './outlook-csv.table';

/** The mapper of a recognised export's header row (see detectCsvDialect for which header is which). */
export function csvDialectMapper(dialect: CsvDialect, header: readonly string[]): CsvDialectMapper {
  const table = CSV_DIALECT_TABLES.find((candidate) => candidate.dialect === dialect)!;
  return applyDialectTable(table, header);
}
