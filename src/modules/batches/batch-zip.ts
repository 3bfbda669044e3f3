import { ApiError } from '../../core/errors/api-error';
import type { BodyStream } from '../../http/request-body';
import { nativeRequest, type HttpRequestLike } from '../../http/native-http';
import type { StoredItemError } from '../../infra/store/batch-record';
import type { CardImport } from '../../lib/vcard/reader';
import type { ScanAnswer } from '../scans/scan-answer';
import type { ScansService } from '../scans/scans.service';
import { invalidVCard } from '../vcard/vcard-import.service';
import { readZipEntries, type ZipLimits } from './zip-entries';

/** One image of a ZIP batch as stored until processed: its name in the archive, and its scan's contact or error. */
export type StoredScan = { file: string } & ({ import: CardImport<object> } | { error: StoredItemError });

/** What bounds a ZIP batch: the archive's bytes, then its files (ZipLimits). */
export interface ZipBatchLimits extends ZipLimits {
  bodyLimitBytes: number;
}

/**
 * The images of a ZIP posted as a batch, each scanned as it is read (ScansService, as POST
 * /v1/scans scans one) and kept as its contact's import (StoredScan): the archive is never held
 * whole, nor any image once scanned. An image with no code, or no contact in its codes, is an item
 * that fails alone with the scan's error; what the service cannot do at all (shutting down) fails
 * the request. Every image after the first is charged to the rate budget before it is scanned
 * (`chargeScan` throws the 429), so an archive costs one unit an image.
 */
export async function readZipContacts(
  request: HttpRequestLike,
  limits: ZipBatchLimits,
  scans: ScansService,
  chargeScan: () => Promise<void>,
): Promise<string[]> {
  const contacts: string[] = [];
  const body = bodyChunks(nativeRequest(request), request.headers['content-length'], limits.bodyLimitBytes);
  for await (const { name, data } of readZipEntries(body, limits)) {
    // Each image is a scan, and costs what POST /v1/scans costs: the request paid for the first.
    if (contacts.length > 0) await chargeScan();
    const stored = await scanned(data, scans);
    contacts.push(JSON.stringify({ file: name, ...stored } satisfies StoredScan));
  }
  return contacts;
}

async function scanned(image: Buffer, scans: ScansService) {
  try {
    return contactOf(await scans.scan(image, 'application/octet-stream', 'wait'));
  } catch (error) {
    if (!(error instanceof ApiError) || error.getStatus() >= 500) throw error;
    return { error: storedError(error) };
  }
}

/**
 * The first code's contact that could be imported; else the first import's error; else, for codes
 * of text only, what POST /v1/vcard answers such text as a vCard body (invalid_vcard, no_begin).
 */
function contactOf(answer: ScanAnswer): { import: CardImport<object> } | { error: StoredItemError } {
  const card = answer.codes.find((code) => code.import !== undefined);
  if (card?.import) return { import: card.import };
  const refused = answer.codes.find((code) => code.importError !== undefined)?.importError;
  if (refused) return { error: refused };
  return { error: storedError(invalidVCard({ line: 1, issue: 'no_begin' })) };
}

function storedError(error: ApiError): StoredItemError {
  const { message, hint, details } = error.extras;
  return { code: error.code, message: message ?? error.message, ...(hint && { hint }), ...(details && { details }) };
}

/**
 * A request body's chunks as they arrive, within its limit (against Content-Length first, then the
 * bytes received: 413), a body shorter or longer than its Content-Length a 400, as readBody() has it.
 */
async function* bodyChunks(
  payload: BodyStream & AsyncIterable<Buffer | string>,
  contentLengthHeader: string | string[] | undefined,
  limit: number,
): AsyncGenerator<Buffer> {
  const contentLength = Number(contentLengthHeader);
  const tooLarge = (): ApiError => new ApiError('payload_too_large', { details: { maxBytes: limit } });
  if (contentLength > limit) throw tooLarge();
  let received = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit) throw tooLarge();
    yield bytes;
  }
  if (!Number.isNaN(contentLength) && received !== contentLength) throw new ApiError('bad_request');
}
