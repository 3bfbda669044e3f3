import { parse } from 'csv-parse/sync';
import { ApiError } from '../../core/errors/api-error';
import type { BatchSource } from '../../infra/store/batch-record';
import { CONTACT_CSV_COLUMN_FORMS, contactCsvColumn, readCsvHeader, validateContact } from '../../lib/contact';
import { csvDialectMapper, detectCsvDialect, leaveOutRejected, type RowLeftOut } from '../../lib/contact/csv-dialects';

/** A column name as it may appear in an error: shortened, control characters dropped. */
function shown(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean;
}

function invalidCsv(message: string, details: Record<string, unknown>): ApiError {
  return new ApiError('invalid_csv', { message, details });
}

/** A row of an export whose rejected values were left out: stored so, its report beside the contact. */
export interface StoredExportRow {
  contact: Record<string, unknown>;
  leftOut: RowLeftOut[];
}

/** An export's row as a batch stores it: the contact, or the contact and what was left out of it. */
function exportRow(row: Record<string, unknown>): Record<string, unknown> | StoredExportRow {
  const { contact, leftOut } = leaveOutRejected(row, validateContact);
  return leftOut.length === 0 ? contact : { contact, leftOut };
}

/** The contacts of a CSV body, what they were read from, and the ignored columns of an export. */
export interface CsvContacts {
  contacts: Array<Record<string, unknown> | StoredExportRow>;
  source: Extract<BatchSource, 'csv' | 'google-csv' | 'outlook-csv'>;
  ignoredColumns?: string[];
}

/** csv-parse's options for every CSV body: every line ending, even mixed in one file (else it keeps the first). */
const CSV_OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: false,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** The header row of a CSV text, or undefined when its first record is not well-formed. */
export function csvHeaderOf(text: string): string[] | undefined {
  try {
    return (parse(text, { ...CSV_OPTIONS, to_line: 1 }) as string[][])[0];
  } catch {
    return undefined;
  }
}

/**
 * Contacts from CSV text, parsed by csv-parse (quoted fields with commas, quotes and line breaks,
 * CRLF or LF, a UTF-8 BOM). A header that is a Google Contacts or Outlook export (detectCsvDialect)
 * is mapped by that export's columns, the columns with no place in the contact listed as ignored,
 * and a value of its rows the contact rules reject left out and reported (StoredExportRow).
 * Any other header names contact columns (docs/contact.md#csv-columns: `phone.cell`,
 * `address.home.locality`, `social.linkedin`, ...), in any case; an unknown or repeated column is a
 * 400 naming it. An empty cell is no value. Each row becomes the JSON contact the columns describe,
 * validated later like any JSON batch contact. Parser messages are not passed on: they may quote
 * the text, so only the line number is.
 */
export function contactsFromCsv(text: string): CsvContacts {
  let rows: string[][];
  try {
    rows = parse(text, CSV_OPTIONS) as string[][];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw invalidCsv('The CSV body is not well-formed.', { line: typeof line === 'number' ? line : null });
  }
  const [header, ...records] = rows;
  if (!header) throw invalidCsv('The CSV body has no header row.', { line: 1 });
  const dialect = detectCsvDialect(header);
  if (dialect !== 'csv') {
    const mapper = csvDialectMapper(dialect, header);
    return {
      contacts: records.map((record) => exportRow(mapper.toContact(record))),
      source: dialect,
      ignoredColumns: mapper.ignoredColumns,
    };
  }
  const read = readCsvHeader(header, contactCsvColumn);
  if (!read.ok) {
    const column = shown(read.column);
    if (read.reason === 'repeated') throw invalidCsv(`The CSV column "${column}" appears twice.`, { column });
    throw invalidCsv(`The CSV column "${column}" is not a contact field.`, {
      column,
      columns: CONTACT_CSV_COLUMN_FORMS,
    });
  }
  return { contacts: records.map((record) => read.toContact(record)), source: 'csv' };
}
