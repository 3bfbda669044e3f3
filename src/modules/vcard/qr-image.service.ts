import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { QrLevelCapacityError, qrMatrix, qrPng, qrSvg } from '../../lib/qr';
import { QR_BYTE_CAPACITY, type QrLevel } from '../../lib/vcard';
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

/** `asked`, or the highest lower level that holds a payload of `bytes` (L when none does). */
export function fittingQrLevel(bytes: number, asked: QrLevel): QrLevel {
  const lower = LEVELS_DOWNWARD.slice(LEVELS_DOWNWARD.indexOf(asked));
  return lower.find((candidate) => bytes <= QR_BYTE_CAPACITY[candidate][QR_BYTE_CAPACITY[candidate].length - 1]) ?? 'L';
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

  private draw(qrPayload: string, type: QrImageType, options: QrImageOptions, level: QrLevel): Buffer {
    const matrix = qrMatrix(qrPayload, level);
    return type === 'png' ? qrPng(matrix, options) : Buffer.from(qrSvg(matrix, options), 'utf8');
  }
}
