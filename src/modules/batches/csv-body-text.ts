import iconv from 'iconv-lite';
import { ApiError } from '../../core/errors/api-error';
import { charsetOf, utf8BodyText } from '../../http/utf8-body';
import { detectCsvDialect } from '../../lib/contact/csv-dialects';
import { csvHeaderOf } from './batch-csv';

/** Enough of a body to hold its header row (Outlook's, the longest, is about 1.5 KB). */
const HEADER_BYTES = 64 * 1024;

/** What desktop Outlook writes its CSV export in (Western locales): the system's ANSI code page. */
const OUTLOOK_CHARSET = 'windows-1252';

/** A byte order mark other than UTF-8's, and the charset it says. */
function utf16Bom(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * The text of a CSV batch body. UTF-8, as every body is (a declared charset other than UTF-8 is a
 * 415, bytes that are not UTF-8 a 400), except for the address-book exports that are not: Google's
 * older exports are UTF-16 with a BOM, desktop Outlook writes Windows-1252. A body in another
 * charset is read in it when its header, so read, is a Google or Outlook export: by its UTF-16
 * BOM, by the charset its Content-Type declares (any iconv-lite knows), or, for Outlook's header
 * and when nothing is declared, as Windows-1252. Any other body answers as it always did.
 */
export function csvBodyText(bytes: Buffer, contentType: string | undefined): string | ApiError {
  const utf8 = utf8BodyText(bytes, contentType, 'CSV', 'text/csv');
  if (!(utf8 instanceof ApiError)) return utf8;
  const bom = utf16Bom(bytes);
  const declared = charsetOf(contentType);
  let charset: string;
  if (bom !== undefined) charset = bom;
  else if (declared === undefined) charset = OUTLOOK_CHARSET;
  else if (/^utf-?8$/.test(declared) || !iconv.encodingExists(declared)) return utf8;
  else charset = declared;
  const header = csvHeaderOf(iconv.decode(bytes.subarray(0, HEADER_BYTES), charset));
  const dialect = header === undefined ? 'csv' : detectCsvDialect(header);
  // Only Outlook writes an undeclared charset other than UTF-8.
  const guessed = bom === undefined && declared === undefined;
  if (dialect === 'outlook-csv' || (dialect === 'google-csv' && !guessed)) return iconv.decode(bytes, charset);
  return utf8;
}
