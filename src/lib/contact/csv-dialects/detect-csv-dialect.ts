import { normalColumnName } from './apply-dialect-table';
import type { CsvDialectDefinition } from './csv-dialect';
import type { CsvDialect } from './dialect-table';
import { GOOGLE_CSV } from './google-csv.dialect';
import { OUTLOOK_CSV } from './outlook-csv.dialect';

/** Checked in this order: Google's Outlook-format export is Outlook's dialect, so Google's own markers go first. */
export const CSV_DIALECTS: readonly CsvDialectDefinition[] = [GOOGLE_CSV, OUTLOOK_CSV];

/**
 * Which export a CSV header row comes from: Google's when it has `E-mail 1 - Value` or `Given Name`,
 * Outlook's when it has `E-mail Address`, `Business Phone` or `Mobile Phone`, and otherwise the
 * service's own columns (`csv`). Names are compared without regard to case or surrounding spaces.
 */
export function detectCsvDialect(header: readonly string[]): CsvDialect | 'csv' {
  const names = new Set(header.map(normalColumnName));
  const found = CSV_DIALECTS.find(({ markers }) => markers.some((marker) => names.has(normalColumnName(marker))));
  return found?.dialect ?? 'csv';
}
