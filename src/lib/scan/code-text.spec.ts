import { describe, expect, it } from '@jest/globals';
import { codeText } from './code-text';
import type { ScannedSymbol, ScanQuad } from './scan-symbol';

const AT: ScanQuad = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];
const symbol = (bytes: Buffer, extra: Partial<ScannedSymbol> = {}): ScannedSymbol => ({
  bytes,
  position: AT,
  ...extra,
});

describe('codeText', () => {
  it('reads UTF-8 bytes as UTF-8, and tells a vCard and a MECARD by their start', () => {
    expect(codeText(symbol(Buffer.from('Zoë 中文')))).toEqual({ text: 'Zoë 中文', charset: 'UTF-8', content: 'text' });
    expect(codeText(symbol(Buffer.from('\r\nbegin:vcard\r\n'))).content).toBe('vcard');
    expect(codeText(symbol(Buffer.from('MECARD:N:Ada;;'))).content).toBe('mecard');
  });

  it("reads the ECI's character set, and takes ZXing's guess (charset null) for bytes that are not UTF-8", () => {
    expect(codeText(symbol(Buffer.from([0x5a, 0x6f, 0xeb]), { eci: 3 }))).toMatchObject({
      text: 'Zoë',
      charset: 'ISO-8859-1',
    });
    expect(codeText(symbol(Buffer.from([0x8e, 0x52]), { text: '山' }))).toMatchObject({ text: '山', charset: null });
    expect(codeText(symbol(Buffer.from([0x5a, 0xeb])))).toMatchObject({ text: 'Zë', charset: 'ISO-8859-1' });
    expect(codeText(symbol(Buffer.from('x'), { eci: 20, text: 'x' }))).toMatchObject({ charset: 'ECI 20' });
  });
});
