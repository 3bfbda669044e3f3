import { QR_BYTE_CAPACITY, type QrLevel } from './qr-capacity';

/**
 * Smallest QR version per level whose byte-mode capacity holds `bytes` (null: no version can).
 * An upper bound for clients that mix numeric/alphanumeric segments, exact for pure byte mode.
 */
export function minQrVersion(bytes: number): Record<QrLevel, number | null> {
  return {
    L: smallestVersion(QR_BYTE_CAPACITY.L, bytes),
    M: smallestVersion(QR_BYTE_CAPACITY.M, bytes),
    Q: smallestVersion(QR_BYTE_CAPACITY.Q, bytes),
    H: smallestVersion(QR_BYTE_CAPACITY.H, bytes),
  };
}

function smallestVersion(capacities: readonly number[], bytes: number): number | null {
  for (let version = 1; version <= capacities.length; version++) {
    if (capacities[version - 1] >= bytes) return version;
  }
  return null;
}
