import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { QrLevelCapacityError, qrMatrix, qrPng, qrSvg } from '../../lib/qr';
import { QR_BYTE_CAPACITY, type QrLevel, utf8Length } from '../../lib/vcard';
import type { QrImageOptions } from './card-query';

export type QrImageType = 'png' | 'svg';

export const QR_IMAGE_MEDIA_TYPES: Readonly<Record<QrImageType, string>> = Object.freeze({
  png: 'image/png',
  svg: 'image/svg+xml',
});

/** Levels from the most to the least error correction. */
const LEVELS_DOWNWARD: readonly QrLevel[] = ['H', 'Q', 'M', 'L'];

/** The 400 of a payload no QR version holds at the level an image is drawn at. */
export function qrImageCapacityError({ bytes, capacity, level }: QrLevelCapacityError): ApiError {
  return new ApiError('qr_capacity_exceeded', {
    message: `The vCard is too large for a QR code at level ${level}.`,
    hint: `Ask for a lower qrLevel (L holds the most), or shorten the contact so the payload fits in ${capacity} bytes.`,
    details: { bytes, maxBytes: capacity, qrLevel: level },
  });
}

/** Draws the QR code of a payload. Nothing is kept: the image exists only in the answer. */
@Injectable()
export class QrImageService {
  /** The code at exactly the asked level; a payload no version holds there is a 400 qr_capacity_exceeded. */
  render(qrPayload: string, type: QrImageType, options: QrImageOptions): Buffer {
    try {
      return this.draw(qrPayload, type, options, options.qrLevel);
    } catch (error) {
      if (!(error instanceof QrLevelCapacityError)) throw error;
      throw qrImageCapacityError(error);
    }
  }

  /**
   * The code at the asked level or, for a payload too large for it, at the highest lower level
   * that holds it: every card the service encodes fits at level L, so this always draws. For the
   * images of a batch's ZIP, which cannot refuse one contact after the answer has begun.
   */
  renderFitting(qrPayload: string, type: QrImageType, options: QrImageOptions): { file: Buffer; level: QrLevel } {
    const bytes = utf8Length(qrPayload);
    const lower = LEVELS_DOWNWARD.slice(LEVELS_DOWNWARD.indexOf(options.qrLevel));
    const level =
      lower.find((candidate) => bytes <= QR_BYTE_CAPACITY[candidate][QR_BYTE_CAPACITY[candidate].length - 1]) ?? 'L';
    return { file: this.draw(qrPayload, type, options, level), level };
  }

  private draw(qrPayload: string, type: QrImageType, options: QrImageOptions, level: QrLevel): Buffer {
    const matrix = qrMatrix(qrPayload, level);
    return type === 'png' ? qrPng(matrix, options) : Buffer.from(qrSvg(matrix, options), 'utf8');
  }
}
