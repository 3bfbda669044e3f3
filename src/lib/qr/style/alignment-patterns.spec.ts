import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import * as QRCode from 'qrcode';
import { alignmentCentres, alignmentModules } from './alignment-patterns';

const library = createRequire(__filename);
const qrcodeAlignment = library('qrcode/lib/core/alignment-pattern') as {
  getRowColCoords(version: number): number[];
  getPositions(version: number): Array<[number, number]>;
};

describe('alignment patterns', () => {
  it.each(Array.from({ length: 40 }, (_, index) => index + 1))(
    'version %i: the centres npm qrcode lays out',
    (version) => {
      expect(alignmentCentres(version)).toEqual(qrcodeAlignment.getRowColCoords(version));
      const size = 17 + 4 * version;
      const mask = alignmentModules(version);
      const expected = new Uint8Array(size * size);
      for (const [row, column] of qrcodeAlignment.getPositions(version))
        for (let y = row - 2; y <= row + 2; y++)
          for (let x = column - 2; x <= column + 2; x++) expected[y * size + x] = 1;
      expect(mask).toEqual(expected);
    },
  );

  it("covers exactly the modules of a symbol's alignment patterns (its 1:1:1 ring and eye)", () => {
    const symbol = QRCode.create('alignment', { version: 7, errorCorrectionLevel: 'M', maskPattern: 0 });
    const { size } = symbol.modules;
    const mask = alignmentModules(7);
    for (const row of [6, 22, 38])
      for (const column of [6, 22, 38])
        for (let y = row - 2; y <= row + 2; y++)
          for (let x = column - 2; x <= column + 2; x++) {
            if (!mask[y * size + x]) continue;
            expect(Boolean(symbol.modules.isReserved(y, x))).toBe(true);
            expect([y, x, symbol.modules.get(y, x)]).toEqual([
              y,
              x,
              Math.max(Math.abs(y - row), Math.abs(x - column)) === 1 ? 0 : 1,
            ]);
          }
    // Six patterns of 25 modules at version 7 (centres 6, 22, 38 less the three on the finders).
    expect(mask.reduce((sum, value) => sum + value, 0)).toBe(6 * 25);
  });
});
