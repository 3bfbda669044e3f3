import type { ObjectRule } from '../contact-rules';
import { CONTACT_SCHEMA } from '../contact-schema';
import { applyDialectTable, type CsvDialectMapper } from './apply-dialect-table';
import { compileDialectTable } from './compile-dialect-table';
import { CSV_DIALECTS } from './detect-csv-dialect';
import type { CsvDialect, DialectTable } from './dialect-table';

export type { CsvDialectMapper } from './apply-dialect-table';
export { compileDialectTable } from './compile-dialect-table';
export type { CsvDialectDefinition } from './csv-dialect';
export { CSV_DIALECTS, detectCsvDialect } from './detect-csv-dialect';
export type { CsvDialect, DialectTable, FieldEntry, MappedContact } from './dialect-table';
export { GOOGLE_CSV } from './google-csv.dialect';
export { OUTLOOK_CSV } from './outlook-csv.dialect';
export { leaveOutRejected, type RowLeftOut } from './leave-out-rejected';

/** The contact's own tables, compiled once. */
const TABLES = new Map<CsvDialect, DialectTable>(
  CSV_DIALECTS.map((dialect) => [dialect.dialect, compileDialectTable(dialect, CONTACT_SCHEMA)]),
);

/**
 * The mapper of a recognised export's header row (see detectCsvDialect for which header is which),
 * for the contact's declaration or another schema's (a test's with one more field).
 */
export function csvDialectMapper(
  dialect: CsvDialect,
  header: readonly string[],
  schema: ObjectRule = CONTACT_SCHEMA,
): CsvDialectMapper {
  const definition = CSV_DIALECTS.find((candidate) => candidate.dialect === dialect)!;
  const table = schema === CONTACT_SCHEMA ? TABLES.get(dialect)! : compileDialectTable(definition, schema);
  return applyDialectTable(table, header);
}
