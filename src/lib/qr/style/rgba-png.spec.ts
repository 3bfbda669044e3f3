import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readPngsAsRgba } from '../../../../test/utils/rgba-png-reader';
import { bandedRgbaPng, rgbaPng } from './rgba-png';
import type { RgbaImage } from './scene-raster';

/** Images of a few sizes whose rows often repeat the one above (as a code's do), so both filters are used. */
const images = fc
  .record({
    width: fc.constantFrom(1, 3, 7),
    height: fc.constantFrom(1, 4, 9),
    rows: fc.array(fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
    picks: fc.array(fc.nat(), { minLength: 9, maxLength: 9 }),
  })
  .map(({ width, height, rows, picks }): RgbaImage => {
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      const [red, green, blue, alpha] = rows[picks[y] % rows.length];
      for (let x = 0; x < width; x++) data.set([(red + x) & 0xff, green, blue, alpha], (y * width + x) * 4);
    }
    return { width, height, data };
  });

describe('rgbaPng', () => {
  it('gives the bytes of a PNG written band by band into new memory, whatever image came before it; pngjs reads its pixels back (fast-check)', async () => {
    // Sequences of images, sizes repeating: the rows of one image are written over the last one of its size.
    const sequences = fc.sample(fc.array(images, { minLength: 2, maxLength: 6 }), { seed: 20261126, numRuns: 25 });
    const all = sequences.flat();
    const whole = all.map((image) => rgbaPng(image));
    const banded = await Promise.all(
      all.map((image) =>
        bandedRgbaPng(image.width, image.height, 2, ({ top, height }) => ({
          width: image.width,
          height,
          data: image.data.subarray(top * image.width * 4, (top + height) * image.width * 4),
        })),
      ),
    );
    expect(whole).toEqual(banded);
    const read = readPngsAsRgba(whole);
    expect(read.map(({ width, height, data }) => ({ width, height, data: Buffer.from(data) }))).toEqual(
      all.map(({ width, height, data }) => ({ width, height, data: Buffer.from(data) })),
    );
  });
});
