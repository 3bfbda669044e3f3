import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minQrVersion } from './min-qr-version';
import { QR_BYTE_CAPACITY, QR_MAX_BYTES } from './qr-capacity';
import { qrWarnings } from './qr-warnings';

// The level M sentences, as every answer without qrLevel has always carried them.
const QR_WARNING_PRINT_LARGE =
  'Too dense to print small at error correction level M: print the QR code at least 3 cm wide, or show it on a screen.';
const QR_WARNING_SCREEN_ONLY =
  'Over 1000 bytes: the QR code is too dense to print on a card; show it on a screen only.';
const QR_WARNING_LEVEL_M_TOO_SMALL =
  'Over 2331 bytes: error correction level M cannot hold this payload; encode it at level L.';

// A verbatim copy of test/fixtures/vcard/qr-byte-capacity.json (measured with qrencode).
const measured = JSON.parse(
  readFileSync(join(__dirname, '../../../test/fixtures/vcard/qr-byte-capacity.json'), 'utf8'),
) as Record<'L' | 'M' | 'Q' | 'H', number[]>;

describe('QR byte capacity', () => {
  it('is the measured table, 40 versions per level', () => {
    expect(QR_BYTE_CAPACITY).toEqual(measured);
    for (const level of ['L', 'M', 'Q', 'H'] as const) expect(QR_BYTE_CAPACITY[level]).toHaveLength(40);
  });

  it('matches the byte-mode arithmetic at version 40 (docs/encoding.md#qr-capacity): floor((8·codewords − 20) / 8)', () => {
    const dataCodewords = { L: 2956, M: 2334, Q: 1666, H: 1276 };
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      expect(QR_BYTE_CAPACITY[level][39]).toBe(Math.floor((8 * dataCodewords[level] - 20) / 8));
    }
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(QR_BYTE_CAPACITY)).toBe(true);
    expect(Object.isFrozen(QR_BYTE_CAPACITY.M)).toBe(true);
  });

  it('QR_MAX_BYTES is version 40 at level L', () => {
    expect(QR_MAX_BYTES).toBe(2953);
    expect(QR_MAX_BYTES).toBe(QR_BYTE_CAPACITY.L[39]);
  });
});

describe('minQrVersion', () => {
  it.each([
    [177, { L: 8, M: 9, Q: 11, H: 13 }],
    [406, { L: 13, M: 15, Q: 19, H: 22 }],
    [649, { L: 18, M: 20, Q: 24, H: 28 }],
    [1000, { L: 22, M: 26, Q: 31, H: 36 }],
  ])('%i bytes -> %j (the examples of docs/encoding.md#minimum-version)', (bytes, expected) => {
    expect(minQrVersion(bytes)).toEqual(expected);
  });

  it.each([
    [0, { L: 1, M: 1, Q: 1, H: 1 }],
    [7, { L: 1, M: 1, Q: 1, H: 1 }],
    [8, { L: 1, M: 1, Q: 1, H: 2 }],
    [1273, { L: 25, M: 30, Q: 35, H: 40 }],
    [1274, { L: 26, M: 30, Q: 35, H: null }],
    [1663, { L: 30, M: 34, Q: 40, H: null }],
    [2331, { L: 36, M: 40, Q: null, H: null }],
    [2332, { L: 36, M: null, Q: null, H: null }],
    [2953, { L: 40, M: null, Q: null, H: null }],
    [2954, { L: null, M: null, Q: null, H: null }],
  ])('%i bytes -> %j (edges of the table)', (bytes, expected) => {
    expect(minQrVersion(bytes)).toEqual(expected);
  });

  it('is the smallest version whose capacity holds the bytes, for every size up to 2954', () => {
    for (let bytes = 1; bytes <= 2954; bytes++) {
      const versions = minQrVersion(bytes);
      for (const level of ['L', 'M', 'Q', 'H'] as const) {
        const table = measured[level];
        const version = versions[level];
        if (version === null) {
          expect(table[39]).toBeLessThan(bytes);
        } else {
          expect(table[version - 1]).toBeGreaterThanOrEqual(bytes);
          if (version > 1) expect(table[version - 2]).toBeLessThan(bytes);
        }
      }
    }
  });
});

describe('qrWarnings', () => {
  it.each([
    [100, []],
    [250, []],
    [251, [QR_WARNING_PRINT_LARGE]],
    [1000, [QR_WARNING_PRINT_LARGE]],
    [1001, [QR_WARNING_SCREEN_ONLY]],
    [2331, [QR_WARNING_SCREEN_ONLY]],
    [2332, [QR_WARNING_SCREEN_ONLY, QR_WARNING_LEVEL_M_TOO_SMALL]],
    [2953, [QR_WARNING_SCREEN_ONLY, QR_WARNING_LEVEL_M_TOO_SMALL]],
  ])('%i bytes -> %j', (bytes, expected) => {
    expect(qrWarnings(bytes)).toEqual(expected);
  });

  it('speaks of the level the code is drawn at: what versions 11 and 25 hold there', () => {
    expect(qrWarnings(137, 'H')).toEqual([]);
    expect(qrWarnings(138, 'H')).toEqual([
      'Too dense to print small at error correction level H: print the QR code at least 3 cm wide, or show it on a screen.',
    ]);
    expect(qrWarnings(536, 'H')).toEqual([
      'Over 535 bytes at error correction level H: the QR code is too dense to print on a card; show it on a screen only.',
    ]);
    expect(qrWarnings(1274, 'H')[1]).toBe(
      'Over 1273 bytes: error correction level H cannot hold this payload; encode it at level L.',
    );
    expect(qrWarnings(321, 'L')).toEqual([]);
    expect(qrWarnings(322, 'L')[0]).toMatch(/at error correction level L:/);
    expect(qrWarnings(178, 'Q')[0]).toMatch(/at error correction level Q:/);
    expect(qrWarnings(250, 'M')).toEqual(qrWarnings(250));
  });

  it('uses fixed sentences only, whatever the size and level', () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const)
      for (let bytes = 0; bytes <= 2953; bytes += 7)
        for (const warning of qrWarnings(bytes, level)) expect(warning).toMatch(/^[A-Z][A-Za-z0-9 ,:;.]+\.$/);
  });
});
