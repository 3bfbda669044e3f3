import { parse } from 'csv-parse/sync';
import { ApiError } from '../../core/errors/api-error';
import { CONTACT_FIELDS, type ContactField } from '../../lib/vcard';

const FIELDS_BY_NAME = new Map<string, ContactField>(CONTACT_FIELDS.map((field) => [field.toLowerCase(), field]));

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
 * CRLF or LF, a UTF-8 BOM). The header row names VCardRequest fields, in any case; an unknown or
 * repeated column is a 400 naming it. An empty cell is an absent field. Parser messages are not
 * passed on: they may quote the text, so only the line number is.
 */
export function contactsFromCsv(text: string): Array<Record<string, string>> {
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
  const columns: ContactField[] = [];
  for (const name of header) {
    const field = FIELDS_BY_NAME.get(name.trim().toLowerCase());
    if (!field)
      throw invalidCsv(`The CSV column "${shown(name)}" is not a VCardRequest field.`, { column: shown(name), fields: CONTACT_FIELDS });
    if (columns.includes(field)) throw invalidCsv(`The CSV column "${shown(name)}" appears twice.`, { column: shown(name) });
    columns.push(field);
  }
  return records.map((record) => {
    const contact: Record<string, string> = {};
    record.forEach((value, i) => {
      if (value !== '') contact[columns[i]] = value;
    });
    return contact;
  });
}
