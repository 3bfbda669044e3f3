import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MappedContact } from '../../src/lib/contact/csv-dialects';

/** The sample address-book exports (their sources: test/fixtures/import/CSV-SOURCES.md). */
export const IMPORT_FIXTURES = join(__dirname, '../fixtures/import');

/** A CSV text as the batch route reads it: csv-parse with the service's options, the header row first. */
export function parseCsvExport(text: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
  return { header, rows };
}

/** A sample export from the fixtures folder, parsed. */
export const readCsvExport = (file: string): { header: string[]; rows: string[][] } =>
  parseCsvExport(readFileSync(join(IMPORT_FIXTURES, file), 'utf8'));

/** A sample export with what it means: the contacts of its rows, written by hand, and its ignored columns. */
export interface ExportSample {
  file: string;
  contacts: MappedContact[];
  ignored: string[];
}
