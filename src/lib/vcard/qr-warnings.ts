import { QR_BYTE_CAPACITY, type QrLevel } from './qr-capacity';

/**
 * The printing limits per error-correction level: up to `small` bytes a code stays fine at 2 cm on a
 * business card (about version 11), beyond `card` bytes (about version 25) its modules are too small
 * for a card at all. Level M keeps its long-published round figures; the other levels take what
 * versions 11 and 25 hold at that level.
 */
const PRINT_LIMITS: Readonly<Record<QrLevel, { small: number; card: number }>> = {
  L: { small: QR_BYTE_CAPACITY.L[10], card: QR_BYTE_CAPACITY.L[24] },
  M: { small: 250, card: 1000 },
  Q: { small: QR_BYTE_CAPACITY.Q[10], card: QR_BYTE_CAPACITY.Q[24] },
  H: { small: QR_BYTE_CAPACITY.H[10], card: QR_BYTE_CAPACITY.H[24] },
};

/**
 * Advice for the client about the payload size at the level the code will be drawn at (M unless
 * the request named one). Fixed sentences only: a warning must never quote contact data. A small
 * card gets no warnings at all.
 */
export function qrWarnings(bytes: number, level: QrLevel = 'M'): string[] {
  const { small, card } = PRINT_LIMITS[level];
  const capacity = QR_BYTE_CAPACITY[level][QR_BYTE_CAPACITY[level].length - 1];
  const at = level === 'M' ? '' : ` at error correction level ${level}`;
  const warnings: string[] = [];
  if (bytes > card)
    warnings.push(`Over ${card} bytes${at}: the QR code is too dense to print on a card; show it on a screen only.`);
  else if (bytes > small)
    warnings.push(
      `Too dense to print small at error correction level ${level}: print the QR code at least 3 cm wide, or show it on a screen.`,
    );
  if (bytes > capacity)
    warnings.push(
      `Over ${capacity} bytes: error correction level ${level} cannot hold this payload; encode it at level L.`,
    );
  return warnings;
}

/** Whether a payload is too dense to print small at `level` (the first of qrWarnings' advice). */
export function isTooDenseToPrintSmall(bytes: number, level: QrLevel = 'M'): boolean {
  return bytes > PRINT_LIMITS[level].small;
}
