import { QR_BYTE_CAPACITY, QR_LEVELS, type QrLevel } from './qr-capacity';

/**
 * Smallest QR version per level whose byte-mode capacity holds `bytes` (null: no version can).
 * An upper bound for clients that mix numeric/alphanumeric segments, exact for pure byte mode.
 */
export function minQrVersion(bytes: number): Record<QrLevel, number | null> {
  const result = { L: null, M: null, Q: null, H: null } as Record<QrLevel, number | null>;
  for (const level of QR_LEVELS) {
    const index = QR_BYTE_CAPACITY[level].findIndex((capacity) => capacity >= bytes);
    result[level] = index === -1 ? null : index + 1;
  }
  return result;
}
