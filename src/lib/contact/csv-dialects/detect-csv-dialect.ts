import { normalColumnName } from './apply-dialect-table';
import type { CsvDialect, DialectTable } from './dialect-table';
import { GOOGLE_CSV_TABLE } from './google-csv.table';
import { OUTLOOK_CSV_TABLE } from './outlook-csv.table';

/** Checked in this order: Google's Outlook-format export is Outlook's dialect, so Google's own markers go first. */
export const CSV_DIALECT_TABLES: readonly DialectTable[] = [GOOGLE_CSV_TABLE, OUTLOOK_CSV_TABLE];

/**
 * Which export a CSV header row comes from: Google's when it has `E-mail 1 - Value` or `Given Name`,
 * Outlook's when it has `E-mail Address`, `Business Phone` or `Mobile Phone`, and otherwise the
 * service's own columns (`csv`). Names are compared without regard to case or surrounding spaces.
 */
export function detectCsvDialect(header: readonly string[]): CsvDialect | 'csv' {
  const names = new Set(header.map(normalColumnName));
  const table = CSV_DIALECT_TABLES.find(({ markers }) => markers.some((marker) => names.has(normalColumnName(marker))));
  return table?.dialect ?? 'csv';
}
