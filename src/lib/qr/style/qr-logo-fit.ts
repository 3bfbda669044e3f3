import type { QrLevel } from '../../vcard/qr-capacity';
import { qrErrorCorrection } from './qr-error-correction';
import type { QrStyleIssue } from './qr-style';

/**
 * The share of a symbol's correctable codewords the cleared square may touch. Codewords are
 * interleaved over the blocks unevenly enough that the worst block takes up to about 2.5 times the
 * average (measured over every version, level and square size against the exact codeword layout),
 * so 40 % of the total keeps the worst block within what it can correct (and decoders read every
 * admitted case of the readability matrix).
 */
export const LOGO_DAMAGE_SHARE = 0.4;

/** Where a logo sits on a symbol and whether the symbol's level can recover what it covers. */
export interface QrLogoFit {
  /** Side of the logo in modules: the odd number nearest `size · (17 + 4·version)` (5 becomes 7). */
  logoModules: number;
  /** Side of the square cleared for it: one module of padding around the logo. */
  clearedModules: number;
  /** Cleared modules over all modules of the symbol, 3 decimals. */
  share: number;
  /** Codewords the cleared square can touch at most: (⌊c/2⌋ + 1) · (⌊(c + 3)/4⌋ + 1). */
  touchedCodewords: number;
  /** Codewords the level corrects over the whole symbol: blocks · ⌊(ecPerBlock − p)/2⌋. */
  correctableCodewords: number;
  fits: boolean;
}

/**
 * The published logo rule. A square `c` modules wide crosses at most ⌊c/2⌋ + 1 of the two-module
 * columns codewords are laid in, and in each of them at most ⌊(c + 3)/4⌋ + 1 codewords (a codeword
 * is 8 modules of one column pair, so 2c modules of it touch that many). The logo fits when those
 * codewords are at most LOGO_DAMAGE_SHARE of what the level corrects.
 */
export function qrLogoFit(version: number, level: QrLevel, size: number): QrLogoFit {
  const side = 17 + 4 * version;
  const logoModules = qrLogoModules(version, size);
  const clearedModules = logoModules + 2;
  const touchedCodewords = (Math.floor(clearedModules / 2) + 1) * (Math.floor((clearedModules + 3) / 4) + 1);
  const { blocks, correctable } = qrErrorCorrection(version, level);
  const correctableCodewords = blocks * correctable;
  return {
    logoModules,
    clearedModules,
    share: Math.round((clearedModules * clearedModules * 1000) / (side * side)) / 1000,
    touchedCodewords,
    correctableCodewords,
    fits: touchedCodewords <= LOGO_DAMAGE_SHARE * correctableCodewords,
  };
}

/**
 * Side in modules of a logo of `size` on a symbol of `version`: the odd number nearest
 * `size · (17 + 4·version)`, ties up, except that 5 becomes 7.
 */
export function qrLogoModules(version: number, size: number): number {
  // Odd, so that the logo and its square sit centred on the (odd-sized) module grid. A logo of
  // exactly 5 modules lies on the 5-module alignment pattern at the centre of a version 7 or larger
  // symbol, outline on outline, and zbarimg then missed codes it otherwise reads.
  const nearest = Math.max(1, 2 * Math.round((size * (17 + 4 * version) - 1) / 2 + 1e-9) + 1);
  return nearest === 5 ? 7 : nearest;
}

/** `too_large` at `style.logo.size` when the level cannot recover what a logo of that size clears. */
export function logoFitIssue(version: number, level: QrLevel, size: number): QrStyleIssue | undefined {
  if (qrLogoFit(version, level, size).fits) return undefined;
  // The hint never asks for what the request has: at level H, only the size and the version are left.
  const remedies =
    level === 'H' ? 'a smaller logo.size or a larger version' : 'a smaller logo.size, level H or a larger version';
  return {
    field: 'style.logo.size',
    issue: 'too_large',
    message: `The logo clears more of the code than level ${level} at version ${version} can recover; use ${remedies}.`,
  };
}
