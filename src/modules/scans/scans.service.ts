import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { ownBuffer } from '../../infra/render-pool/moved-result';
import type { WhenFull } from '../../infra/render-pool/render-pool';
import {
  RenderPoolBusyError,
  RenderPoolClosedError,
  RenderPoolError,
} from '../../infra/render-pool/render-pool.errors';
import { RenderPools } from '../../infra/render-pool/render-pools';
import {
  mecardAsVCard,
  readScanImageHeader,
  sniffImageType,
  type ScanImageType,
  type ScannedCode,
} from '../../lib/scan';
import { VCardImportService } from '../vcard/vcard-import.service';
import type { ScanAnswer, ScanAnswerCode } from './scan-answer';
import {
  invalidImage,
  noCodeFound,
  refusedImage,
  SCAN_IMAGE_TYPES,
  scannerBusy,
  unreadableImageType,
} from './scan-refusals';

const RETRY_SECONDS = '2';

/**
 * Reads the QR codes in an image: the one entry point of every surface that scans (POST /v1/scans,
 * the MCP tool, a batch of scans). The image is checked from its header first (type, pixels,
 * structure, metadata), then decoded and read by both decoders on a render-pool worker; when every
 * worker is busy and the queue is full, a request is refused (503 scanner_busy) and a batch's scan
 * waits for room. A code that holds a vCard or MECARD is imported as a text/vcard body is. Nothing
 * is stored or logged.
 */
@Injectable()
export class ScansService {
  constructor(
    private readonly pools: RenderPools,
    private readonly imports: VCardImportService,
  ) {}

  /**
   * The codes in `image`, sent as `mediaType` (image/png, image/jpeg or image/webp;
   * application/octet-stream or empty: the type its bytes show). 400 invalid_image, 413
   * payload_too_large (pixels), 415 for another type, 422 no_code_found when no code is read.
   * `whenFull`: how a full scan pool meets it, `refuse` (503 scanner_busy at once: a request) or
   * `wait` (for room: a batch's images, one at a time).
   */
  async scan(image: Buffer, mediaType: string, whenFull: WhenFull): Promise<ScanAnswer> {
    const type = imageType(image, mediaType);
    const header = readScanImageHeader(image, type);
    if ('refused' in header) throw refusedImage(header);
    const scanned = await this.run(image, header, whenFull);
    if ('undecodable' in scanned)
      throw invalidImage(scanned.undecodable, 'The image is damaged: its pixels cannot be decoded.');
    if (scanned.noCode) throw noCodeFound(scanned.noCode, scanned.width, scanned.height);
    return {
      image: { width: scanned.width, height: scanned.height, mediaType: `image/${type}` },
      codes: scanned.codes.map((code) => this.withImport(code)),
    };
  }

  private async run(
    image: Buffer,
    header: Exclude<ReturnType<typeof readScanImageHeader>, { refused: unknown }>,
    whenFull: WhenFull,
  ) {
    // The worker takes a copy of its own, moved rather than copied again; the caller's buffer stays whole.
    const moved = ownBuffer(new Uint8Array(image));
    try {
      return await this.pools.scans.run({ image: moved, header }, [moved], whenFull);
    } catch (error) {
      if (error instanceof RenderPoolBusyError) throw scannerBusy();
      if (error instanceof RenderPoolClosedError)
        throw new ApiError('service_unavailable', {
          message: 'The service is shutting down.',
          headers: { 'Retry-After': RETRY_SECONDS },
        });
      if (error instanceof RenderPoolError)
        throw new ApiError('service_unavailable', {
          message: 'Every scanner is busy; the image was not read in time.',
          headers: { 'Retry-After': RETRY_SECONDS },
        });
      throw error;
    }
  }

  /** A code with its import, when it holds a vCard or MECARD. */
  private withImport({ report, ...code }: ScannedCode): ScanAnswerCode {
    if (code.content === 'text') return { ...code, report };
    try {
      const card = this.imports.fromText(code.content === 'mecard' ? mecardAsVCard(code.text) : code.text);
      return { ...code, import: card, report };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const details = error.extras.details;
      return {
        ...code,
        importError: { code: error.code, message: error.message, ...(details ? { details } : {}) },
        report,
      };
    }
  }
}

/** The image type to read: the declared one, or for an untyped file the one its bytes show. */
function imageType(image: Buffer, mediaType: string): ScanImageType {
  const declared = mediaType.trim().toLowerCase();
  if (declared === 'image/png') return 'png';
  if (declared === 'image/jpeg' || declared === 'image/jpg') return 'jpeg';
  if (declared === 'image/webp') return 'webp';
  if (declared === '' || declared === 'application/octet-stream') {
    const sniffed = sniffImageType(image);
    if (sniffed !== undefined) return sniffed;
    throw invalidImage('not_an_image', 'The file is not a PNG, JPEG or WebP image.');
  }
  throw unreadableImageType(SCAN_IMAGE_TYPES);
}
