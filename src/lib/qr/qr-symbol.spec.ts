import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as QRCode from 'qrcode';
import { QR_BYTE_CAPACITY, type QrLevel } from '../vcard/qr-capacity';
import { qrSymbol } from './qr-symbol';

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

/** npm `qrcode`'s own symbol of the bytes with mask 0: what `qrSymbol` must equal, module for module. */
function expectQrcodeSymbol(bytes: Uint8Array, level: QrLevel): void {
  const expected = QRCode.create([{ data: Buffer.from(bytes), mode: 'byte' }], {
    errorCorrectionLevel: level,
    maskPattern: 0,
  });
  const symbol = qrSymbol(bytes, level);
  expect(symbol.version).toBe(expected.version);
  expect(symbol.size).toBe(expected.modules.size);
  expect(Buffer.from(symbol.data).equals(Buffer.from(expected.modules.data))).toBe(true);
  expect(Buffer.from(symbol.reserved).equals(Buffer.from(expected.modules.reservedBit))).toBe(true);
}

/** `length` bytes from a seed: every byte value, zero runs included. */
function bytesOf(length: number, seed: number): Uint8Array {
  let state = seed >>> 0;
  return Uint8Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state >>> 24 < 40 ? 0 : state >>> 24;
  });
}

describe('qrSymbol is npm qrcode’s mask-0 symbol', () => {
  it('for any bytes and level: the same version, modules and function modules', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 700 }), fc.constantFrom(...LEVELS), (bytes, level) =>
        expectQrcodeSymbol(bytes, level),
      ),
      { seed: 20261126, numRuns: 400 },
    );
  });

  it('for every version of every level, at the fewest and the most bytes it holds', () => {
    for (const level of LEVELS) {
      QR_BYTE_CAPACITY[level].forEach((most, index) => {
        const fewest = index === 0 ? 1 : QR_BYTE_CAPACITY[level][index - 1] + 1;
        for (const length of [fewest, most]) {
          const bytes = bytesOf(length, length * 31 + index);
          expectQrcodeSymbol(bytes, level);
          expect(qrSymbol(bytes, level).version).toBe(index + 1);
        }
      });
    }
  });

  it('the symbol of all-zero and all-0xFF bytes (codewords whose remainders start with zeros)', () => {
    for (const level of LEVELS)
      for (const length of [1, 14, 106, 271, 1000]) {
        if (length > QR_BYTE_CAPACITY[level][39]) continue;
        expectQrcodeSymbol(new Uint8Array(length), level);
        expectQrcodeSymbol(new Uint8Array(length).fill(0xff), level);
      }
  });

  it('a symbol drawn after others of its version is unchanged by them: the shared template is never written', () => {
    const first = qrSymbol(bytesOf(100, 1), 'M');
    const copy = Buffer.from(first.data);
    qrSymbol(bytesOf(100, 2), 'M');
    qrSymbol(bytesOf(101, 3), 'M');
    expect(Buffer.from(first.data).equals(copy)).toBe(true);
    expectQrcodeSymbol(bytesOf(100, 1), 'M');
  });
});
