import { describe, expect, it } from '@jest/globals';
import * as QRCode from 'qrcode';
import type { QrLevel } from '../../vcard/qr-capacity';
import { qrErrorCorrection } from './qr-error-correction';
import { LOGO_DAMAGE_SHARE, logoFitIssue, qrLogoFit, qrLogoModules } from './qr-logo-fit';

// npm qrcode's own tables, read as an independent copy of the standard's (test-only import).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const qrcodeTables = require('qrcode/lib/core/error-correction-code');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const qrcodeLevels = require('qrcode/lib/core/error-correction-level');

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];
const VERSIONS = Array.from({ length: 40 }, (_, index) => index + 1);

/**
 * Which codeword each module of a version carries (-1 for function patterns and remainder bits),
 * laid as the standard lays them.
 */
function codewordLayout(version: number): { size: number; codeword: Int32Array } {
  const symbol = QRCode.create('x', { version, errorCorrectionLevel: 'L' });
  const size = symbol.modules.size;
  const reserved = (symbol.modules as unknown as { reservedBit: Uint8Array }).reservedBit;
  const codeword = new Int32Array(size * size).fill(-1);
  let bit = 0;
  let upward = true;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const column of [right, right - 1]) {
        if (reserved[row * size + column]) continue;
        codeword[row * size + column] = bit >> 3;
        bit++;
      }
    }
    upward = !upward;
  }
  return { size, codeword };
}

/**
 * The block each codeword of the interleaved stream belongs to (shorter blocks first, then the
 * error-correction codewords).
 */
function blockOfCodeword(version: number, level: QrLevel): Int32Array {
  const { blocks, codewordsPerBlock } = qrErrorCorrection(version, level);
  const total = Math.floor(codewordLayout(version).codeword.reduce((max, value) => Math.max(max, value), -1) + 1);
  const longBlocks = total % blocks;
  const shortData = Math.floor(total / blocks) - codewordsPerBlock;
  const owner: number[] = [];
  for (let index = 0; index <= shortData; index++)
    for (let block = 0; block < blocks; block++)
      if (index < shortData || block >= blocks - longBlocks) owner.push(block);
  for (let index = 0; index < codewordsPerBlock; index++)
    for (let block = 0; block < blocks; block++) owner.push(block);
  return Int32Array.from(owner);
}

describe('the logo rule (qrLogoFit)', () => {
  it('uses the standard block structure (the same as npm qrcode for every version and level)', () => {
    for (const version of VERSIONS) {
      for (const level of LEVELS) {
        const { blocks, codewordsPerBlock } = qrErrorCorrection(version, level);
        const theirs = qrcodeLevels.from(level);
        expect(blocks).toBe(qrcodeTables.getBlocksCount(version, theirs));
        expect(blocks * codewordsPerBlock).toBe(qrcodeTables.getTotalCodewordsCount(version, theirs));
      }
    }
  });

  it('admits only squares whose damage every block can correct, checked against the exact codeword layout', () => {
    let admitted = 0;
    for (const version of VERSIONS) {
      const { size, codeword } = codewordLayout(version);
      for (const level of LEVELS) {
        const owner = blockOfCodeword(version, level);
        const { correctable, blocks } = qrErrorCorrection(version, level);
        for (let hundredths = 10; hundredths <= 30; hundredths++) {
          const fit = qrLogoFit(version, level, hundredths / 100);
          if (!fit.fits) continue;
          admitted++;
          const start = (size - fit.clearedModules) / 2;
          const touched = new Set<number>();
          for (let row = start; row < start + fit.clearedModules; row++)
            for (let column = start; column < start + fit.clearedModules; column++)
              if (codeword[row * size + column] >= 0) touched.add(codeword[row * size + column]);
          const perBlock = new Array(blocks).fill(0);
          for (const index of touched) perBlock[owner[index]]++;
          expect(touched.size).toBeLessThanOrEqual(fit.touchedCodewords);
          expect(Math.max(...perBlock)).toBeLessThanOrEqual(correctable);
        }
      }
    }
    expect(admitted).toBeGreaterThan(1500);
  });

  it('is the published formula: the odd logo side (5 made 7), a module of padding, 40 % of what the level corrects', () => {
    expect(qrLogoModules(18, 0.2)).toBe(17); // 0.2 · 89 = 17.8
    expect(qrLogoModules(7, 0.1)).toBe(7); // 4.5 rounds to 5, which becomes 7
    expect(qrLogoModules(1, 0.1)).toBe(3);
    const fit = qrLogoFit(18, 'H', 0.2);
    expect(fit).toEqual({
      logoModules: 17,
      clearedModules: 19,
      share: Math.round((19 * 19 * 1000) / (89 * 89)) / 1000,
      touchedCodewords: 10 * 6,
      correctableCodewords: 21 * 14, // 21 blocks of 28 error-correction codewords
      fits: 60 <= LOGO_DAMAGE_SHARE * 21 * 14,
    });
    expect(fit.fits).toBe(true);
    // A bigger logo needs more of the level: never admitted where a smaller one is refused.
    for (const version of VERSIONS)
      for (const level of LEVELS)
        for (let hundredths = 11; hundredths <= 30; hundredths++)
          if (qrLogoFit(version, level, hundredths / 100).fits)
            expect(qrLogoFit(version, level, (hundredths - 1) / 100).fits).toBe(true);
  });

  it('refuses at style.logo.size with a message that names the level and version, not the value', () => {
    expect(logoFitIssue(18, 'H', 0.2)).toBeUndefined();
    const issue = logoFitIssue(11, 'L', 0.3);
    expect(issue).toMatchObject({ field: 'style.logo.size', issue: 'too_large' });
    expect(issue?.message).not.toContain('0.3');
    expect(issue?.message).toContain('level H');
  });

  it('never asks for level H when the level already is H', () => {
    const issue = logoFitIssue(1, 'H', 0.3);
    expect(issue?.message).toContain('level H at version 1 can recover');
    expect(issue?.message).toMatch(/; use a smaller logo\.size or a larger version\.$/);
  });
});
