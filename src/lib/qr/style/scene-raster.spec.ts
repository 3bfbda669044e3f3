import { describe, expect, it } from '@jest/globals';
import { ringLogo, TYPICAL_CARD } from '../../../../test/fixtures/styled/styled-fixtures';
import { qrMatrix } from '../qr-matrix';
import { paintLogo } from './logo-pixels';
import type { QrStyle } from './qr-style';
import { blankRaster, releaseRaster } from './scene-raster';
import { judgeServiceQrStyle } from './service-qr-style';
import { styledQrLayers } from './styled-qr-scene';
import { styledRaster } from './styled-raster';

function layersOf(style: QrStyle) {
  const judged = judgeServiceQrStyle(style, { margin: 4 });
  return styledQrLayers(qrMatrix(TYPICAL_CARD, judged.level), judged.style!, { margin: 4 });
}

describe('rasters drawn into given-back memory', () => {
  it('draws the same pixels into a picture given back as into new memory, with or without a background', () => {
    const styles: QrStyle[] = [
      {
        modules: 'rounded',
        finders: 'circle',
        logo: { image: ringLogo(48), size: 0.2 },
        frame: { caption: 'Scan me' },
      },
      { colors: { light: 'transparent' }, modules: 'dots', finders: 'rounded' },
    ];
    for (const style of styles) {
      const fresh = styledRaster(layersOf(style), 4, paintLogo);
      const expected = Buffer.from(fresh.data);
      // Drawn again into the same memory (and the same coverage areas), twice.
      for (let round = 0; round < 2; round++) {
        releaseRaster(fresh);
        const again = styledRaster(layersOf(style), 4, paintLogo);
        expect(again.data.buffer).toBe(fresh.data.buffer);
        expect(Buffer.from(again.data).equals(expected)).toBe(true);
      }
    }
  });

  it('lends a picture given back to the next one of its size only, once', () => {
    const scene = { width: 10, height: 12, background: '#336699' } as const;
    const first = blankRaster(scene, 2);
    first.data.fill(7);
    releaseRaster(first);
    expect(blankRaster({ ...scene, width: 11 }, 2).data.buffer).not.toBe(first.data.buffer);
    const again = blankRaster({ ...scene, background: null }, 2);
    expect(again.data.buffer).toBe(first.data.buffer);
    expect(again.data.every((byte) => byte === 0)).toBe(true);
    expect(blankRaster(scene, 2).data.buffer).not.toBe(first.data.buffer);
  });
});
