import { ApiError } from '../../core/errors/api-error';
import { invalidField } from '../../core/validation/invalid-request';
import { MAX_JSON_DEPTH, nestsDeeperThan, readBody, tooDeep } from '../../http/request-body';
import { nativeRequest, type HttpRequestLike } from '../../http/native-http';
import { charsetError } from '../../http/utf8-body';
import type { BatchSource } from '../../infra/store/batch-record';
import { isVCardBody } from '../vcard/vcard-body';
import type { VCardImportService } from '../vcard/vcard-import.service';
import { contactsFromCsv } from './batch-csv';
import { BatchJsonReader } from './batch-json-body';
import { readVcfContacts } from './batch-vcf';
import { readZipContacts, type ZipBatchLimits } from './batch-zip';
import type { ScansService } from '../scans/scans.service';
import { csvBodyText } from './csv-body-text';

/** A batch body read into its contacts, each as JSON text (parsed only when processed). */
export interface BatchBody {
  contacts: string[];
  /** What the contacts were read from (the batch's `source`). */
  source: BatchSource;
  /** A JSON body's `style`, as sent (its shape is checked by the caller). */
  style?: unknown;
  /** The columns of a Google or Outlook export that have no place in the contact. */
  ignoredColumns?: string[];
}

/** What bounds a batch body: JSON and CSV bytes, an address-book export's bytes and cards, a ZIP of images. */
export interface BatchBodyLimits {
  bodyLimitBytes: number;
  vcfLimitBytes: number;
  maxContacts: number;
  zip: ZipBatchLimits;
}

/** The media types of a ZIP of images (Windows browsers send the second for a .zip file). */
export const ZIP_BODY_TYPES = ['application/zip', 'application/x-zip-compressed'];

/**
 * The contacts of a POST /v1/batches body: JSON `{"contacts": [...]}`, CSV (the service's columns,
 * or a Google or Outlook export), a vCard address-book export (each card imported as it is
 * read), or a ZIP of images (each scanned as it is read). A body the host's parser left unread
 * (the standalone app's, for this route; Express's, for CSV and vCard) is read here as it arrives,
 * within its limit, a JSON body cut into contacts piece by piece (BatchJsonReader) so no turn of
 * the event loop parses megabytes; a body the host already parsed is taken as it is.
 */
export async function readBatchBody(
  request: HttpRequestLike,
  limits: BatchBodyLimits,
  imports: VCardImportService,
  scans: ScansService,
  chargeScan: () => Promise<void>,
): Promise<BatchBody> {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (ZIP_BODY_TYPES.some((zip) => type.split(';')[0].trim() === zip))
    return { contacts: await readZipContacts(request, limits.zip, scans, chargeScan), source: 'zip' };
  if (isVCardBody(request)) {
    const contacts = await readVcfContacts(request, limits.vcfLimitBytes, limits.maxContacts, imports);
    return { contacts, source: 'vcard' };
  }
  if (type.startsWith('text/csv')) {
    const text = typeof request.body === 'string' ? request.body : await readCsvText(request, limits.bodyLimitBytes);
    const { contacts, source, ignoredColumns } = contactsFromCsv(text);
    return {
      contacts: contacts.map((row) => JSON.stringify(row)),
      source,
      ...(ignoredColumns !== undefined ? { ignoredColumns } : {}),
    };
  }
  const read =
    request.body !== undefined ? { parsed: request.body } : await readJsonContacts(request, limits.bodyLimitBytes);
  if ('contacts' in read) return { contacts: read.contacts, source: 'json' };
  const contacts = contactsFromJson(read.parsed);
  return { contacts, source: 'json', style: (read.parsed as { style?: unknown }).style };
}

/**
 * The contacts of a parsed JSON body `{ "contacts": [...] }`, each as JSON text; anything else is
 * a 400 naming the problem.
 */
export function contactsFromJson(body: unknown): string[] {
  const fail = (issue: string, message: string, field = 'contacts'): never => {
    throw invalidField(field, issue, message);
  };
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return fail('type', 'The body must be a JSON object: {"contacts": [...]}', '(body)');
  const unknown = Object.keys(body).find((key) => key !== 'contacts' && key !== 'style');
  if (unknown !== undefined)
    fail('unknown', 'Only "contacts" and "style" are accepted in a batch body', unknown.slice(0, 64));
  const contacts = (body as { contacts?: unknown }).contacts;
  if (contacts === undefined) fail('required', 'contacts is required');
  if (!Array.isArray(contacts)) fail('type', 'contacts must be an array of VCardRequest objects');
  return (contacts as unknown[]).map((contact) => JSON.stringify(contact) ?? 'null');
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A JSON body read as it arrives: the contacts when it has the plain shape, else the body parsed
 * whole (a style beside the contacts, or a body to refuse as any JSON body is refused).
 */
function readJsonContacts(
  request: HttpRequestLike,
  limitBytes: number,
): Promise<{ contacts: string[] } | { parsed: unknown }> {
  const reader = new BatchJsonReader(MAX_JSON_DEPTH, isValidJson);
  return new Promise((resolve, reject) => {
    const raw = nativeRequest(request);
    readBody(
      raw,
      raw.headers['content-length'],
      limitBytes,
      (chunk) => reader.write(chunk),
      (error) => {
        if (error) return reject(error);
        const refused = charsetError(raw.headers['content-type'], 'JSON', 'application/json');
        if (refused) return reject(refused);
        const read = reader.finish();
        if (read === 'invalid_encoding') return reject(new ApiError('invalid_encoding'));
        if (Array.isArray(read)) return resolve({ contacts: read });
        // As any JSON body: a leading byte order mark is read past, an empty body is invalid.
        const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
        if (text === '') return reject(new ApiError('invalid_json'));
        if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return reject(tooDeep());
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return reject(new ApiError('invalid_json'));
        }
        resolve({ parsed: body });
      },
    );
  });
}

/** A CSV body the host's parser left unread, as text (UTF-8, or an export's own charset: csvBodyText). */
function readCsvText(request: HttpRequestLike, limitBytes: number): Promise<string> {
  const raw = nativeRequest(request);
  if (raw.readableEnded || !raw.readable)
    return Promise.reject(
      new ApiError('unsupported_media_type', { message: "The host's body parser did not pass the CSV text on." }),
    );
  return new Promise((resolve, reject) => {
    readBody(raw, raw.headers['content-length'], limitBytes, null, (error, chunks, length) => {
      if (error) return reject(error);
      const text = csvBodyText(Buffer.concat(chunks, length), raw.headers['content-type']);
      if (text instanceof ApiError) reject(text);
      else resolve(text);
    });
  });
}
