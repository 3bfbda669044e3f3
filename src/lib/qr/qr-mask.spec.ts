import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as QRCode from 'qrcode';
import { QR_BYTE_CAPACITY, type QrLevel } from '../vcard/qr-capacity';
import { qrMatrix } from './qr-matrix';

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

/** The symbol as npm `qrcode` draws it on its own: its mask search, its modules. */
function qrcodeSymbol(payload: string, level: QrLevel): { version: number; modules: Uint8Array } {
  const symbol = QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: level });
  return { version: symbol.version, modules: symbol.modules.data };
}

describe('qrMatrix chooses the mask npm qrcode chooses', () => {
  it('for any payload and level: the same version and the same modules, bit for bit', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.string({ unit: 'grapheme-ascii', minLength: 100, maxLength: 1200 }),
        ),
        fc.constantFrom(...LEVELS),
        (payload, level) => {
          const expected = qrcodeSymbol(payload, level);
          const matrix = qrMatrix(payload, level);
          expect(matrix.version).toBe(expected.version);
          expect(Buffer.from(matrix.modules).equals(Buffer.from(expected.modules))).toBe(true);
        },
      ),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it('for a random version of a random level: random ASCII just over the version below', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEVELS),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (level, version, seed) => {
          const capacities = QR_BYTE_CAPACITY[level];
          const least = version === 1 ? 1 : capacities[version - 2] + 1;
          const length = least + (seed % (capacities[version - 1] - least + 1));
          let state = seed;
          const payload = Array.from({ length }, () => {
            state = (state * 1103515245 + 12345) >>> 0;
            return String.fromCharCode(32 + (state >>> 26));
          }).join('');
          const expected = qrcodeSymbol(payload, level);
          const matrix = qrMatrix(payload, level);
          expect(matrix.version).toBe(version);
          expect(Buffer.from(matrix.modules).equals(Buffer.from(expected.modules))).toBe(true);
        },
      ),
      { seed: 20261126, numRuns: 120 },
    );
  });

  it('for every version of every level (the largest payload each holds)', () => {
    for (const level of LEVELS) {
      QR_BYTE_CAPACITY[level].forEach((capacity, index) => {
        const payload = 'vCard '.repeat(Math.ceil(capacity / 6)).slice(0, capacity);
        const expected = qrcodeSymbol(payload, level);
        const matrix = qrMatrix(payload, level);
        expect(matrix.version).toBe(index + 1);
        expect(Buffer.from(matrix.modules).equals(Buffer.from(expected.modules))).toBe(true);
      });
    }
  });
});
