import { QR_BYTE_CAPACITY } from './qr-capacity';

// Thresholds of vcard-encoding.md §4.3, for the default level M. Up to 250 bytes fits version 11,
// fine for a 2 cm code on a business card; 250–1000 bytes (version 12–25) needs a bigger print;
// beyond that the modules are too small to print on a card at all.
const PRINT_SMALL_MAX_BYTES = 250;
const PRINT_MAX_BYTES = 1000;
const LEVEL_M_MAX_BYTES = QR_BYTE_CAPACITY.M[QR_BYTE_CAPACITY.M.length - 1];

export const QR_WARNING_PRINT_LARGE =
  'Too dense to print small at error correction level M: print the QR code at least 3 cm wide, or show it on a screen.';
export const QR_WARNING_SCREEN_ONLY =
  'Over 1000 bytes: the QR code is too dense to print on a card; show it on a screen only.';
export const QR_WARNING_LEVEL_M_TOO_SMALL =
  'Over 2331 bytes: error correction level M cannot hold this payload; encode it at level L.';

/**
 * Advice for the client about the payload size. Fixed sentences only: a warning must never
 * quote contact data. A small card gets no warnings at all.
 */
export function qrWarnings(bytes: number): string[] {
  const warnings: string[] = [];
  if (bytes > PRINT_MAX_BYTES) warnings.push(QR_WARNING_SCREEN_ONLY);
  else if (bytes > PRINT_SMALL_MAX_BYTES) warnings.push(QR_WARNING_PRINT_LARGE);
  if (bytes > LEVEL_M_MAX_BYTES) warnings.push(QR_WARNING_LEVEL_M_TOO_SMALL);
  return warnings;
}
