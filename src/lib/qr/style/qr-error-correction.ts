import type { QrLevel } from '../../vcard/qr-capacity';

const LEVEL_COLUMN: Record<QrLevel, number> = { L: 0, M: 1, Q: 2, H: 3 };

// Per version 1 to 40, per level L, M, Q, H: the number of blocks, then the error-correction
// codewords of each block. The standard's block structure (ISO/IEC 18004 Table 9), the same as
// npm qrcode's own tables.
const BLOCKS: readonly number[] = [
  1, 7, 1, 10, 1, 13, 1, 17, 1, 10, 1, 16, 1, 22, 1, 28, 1, 15, 1, 26, 2, 18, 2, 22, 1, 20, 2, 18, 2, 26, 4, 16, 1, 26,
  2, 24, 4, 18, 4, 22, 2, 18, 4, 16, 4, 24, 4, 28, 2, 20, 4, 18, 6, 18, 5, 26, 2, 24, 4, 22, 6, 22, 6, 26, 2, 30, 5, 22,
  8, 20, 8, 24, 4, 18, 5, 26, 8, 24, 8, 28, 4, 20, 5, 30, 8, 28, 11, 24, 4, 24, 8, 22, 10, 26, 11, 28, 4, 26, 9, 22, 12,
  24, 16, 22, 4, 30, 9, 24, 16, 20, 16, 24, 6, 22, 10, 24, 12, 30, 18, 24, 6, 24, 10, 28, 17, 24, 16, 30, 6, 28, 11, 28,
  16, 28, 19, 28, 6, 30, 13, 26, 18, 28, 21, 28, 7, 28, 14, 26, 21, 26, 25, 26, 8, 28, 16, 26, 20, 30, 25, 28, 8, 28,
  17, 26, 23, 28, 25, 30, 9, 28, 17, 28, 23, 30, 34, 24, 9, 30, 18, 28, 25, 30, 30, 30, 10, 30, 20, 28, 27, 30, 32, 30,
  12, 26, 21, 28, 29, 30, 35, 30, 12, 28, 23, 28, 34, 28, 37, 30, 12, 30, 25, 28, 34, 30, 40, 30, 13, 30, 26, 28, 35,
  30, 42, 30, 14, 30, 28, 28, 38, 30, 45, 30, 15, 30, 29, 28, 40, 30, 48, 30, 16, 30, 31, 28, 43, 30, 51, 30, 17, 30,
  33, 28, 45, 30, 54, 30, 18, 30, 35, 28, 48, 30, 57, 30, 19, 30, 37, 28, 51, 30, 60, 30, 19, 30, 38, 28, 53, 30, 63,
  30, 20, 30, 40, 28, 56, 30, 66, 30, 21, 30, 43, 28, 59, 30, 70, 30, 22, 30, 45, 28, 62, 30, 74, 30, 24, 30, 47, 28,
  65, 30, 77, 30, 25, 30, 49, 28, 68, 30, 81, 30,
];

/** How a QR version at a level protects its data: per block, the codewords that correct errors. */
export interface QrErrorCorrection {
  blocks: number;
  codewordsPerBlock: number;
  /** Codewords of each block kept to detect wrong decodes rather than correct errors (versions 1 to 3). */
  protection: number;
  /** Codeword errors each block can correct: ⌊(codewordsPerBlock − protection) / 2⌋. */
  correctable: number;
}

/** The error-correction structure of `version` (1 to 40) at `level`. */
export function qrErrorCorrection(version: number, level: QrLevel): QrErrorCorrection {
  const at = ((version - 1) * 4 + LEVEL_COLUMN[level]) * 2;
  const [blocks, codewordsPerBlock] = [BLOCKS[at], BLOCKS[at + 1]];
  const protection = misdecodeProtection(version, level);
  return { blocks, codewordsPerBlock, protection, correctable: Math.floor((codewordsPerBlock - protection) / 2) };
}

// The small symbols spend a few codewords on detection alone (the standard's "p" in Table 9).
function misdecodeProtection(version: number, level: QrLevel): number {
  if (version === 1) return { L: 3, M: 2, Q: 1, H: 1 }[level];
  if (version === 2 && level === 'L') return 2;
  if (version === 3 && level === 'L') return 1;
  return 0;
}
