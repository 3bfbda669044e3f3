import { parse } from 'csv-parse/sync';
import { ApiError } from '../../core/errors/api-error';
import { contactCsvColumn, readCsvHeader } from '../../lib/contact';

/** The column forms of docs/contact.md#csv-columns, for the error that names an unknown column. */
const CSV_COLUMN_FORMS = [
  'fullName, organization, department, title, nickname, birthday, note, photoUrl, phone, email, website, address',
  'phone.<type>, email.<type>, url.<type>',
  'name.family, name.given, name.additional, name.prefix, name.suffix',
  'address.<component>, address.<type>.<component>',
  'social.<service>',
  'categories (values separated by |)',
];

/** A column name as it may appear in an error: shortened, control characters dropped. */
function shown(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean;
}

function invalidCsv(message: string, details: Record<string, unknown>): ApiError {
  return new ApiError('invalid_csv', { message, details });
}

/**
 * Contacts from CSV text, parsed by csv-parse (quoted fields with commas, quotes and line breaks,
 * CRLF or LF, a UTF-8 BOM). The header row names contact columns (docs/contact.md#csv-columns: `phone.cell`,
 * `address.home.locality`, `social.linkedin`, ...), in any case; an unknown or repeated column is a
 * 400 naming it. An empty cell is no value. Each row becomes the JSON contact the columns describe,
 * validated later like any JSON batch contact. Parser messages are not passed on: they may quote
 * the text, so only the line number is.
 */
export function contactsFromCsv(text: string): Array<Record<string, unknown>> {
  let rows: string[][];
  try {
    // Every line ending, even mixed in one file (csv-parse would otherwise keep the first it finds).
    rows = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw invalidCsv('The CSV body is not well-formed.', { line: typeof line === 'number' ? line : null });
  }
  const [header, ...records] = rows;
  if (!header) throw invalidCsv('The CSV body has no header row.', { line: 1 });
  const read = readCsvHeader(header, contactCsvColumn);
  if (!read.ok) {
    const column = shown(read.column);
    if (read.reason === 'repeated') throw invalidCsv(`The CSV column "${column}" appears twice.`, { column });
    throw invalidCsv(`The CSV column "${column}" is not a contact field.`, { column, columns: CSV_COLUMN_FORMS });
  }
  return records.map((record) => read.toContact(record));
}
