import type { PixelShader } from './gradient-shader';
import type { CoverageRegion } from './path-coverage';
import { blend } from './raster-pixel';

/** The picture a shaded path is laid over: its bytes, the same memory as words, and its width. */
export interface ShadedTarget {
  data: Uint8Array;
  pixels: Uint32Array;
  width: number;
}

/**
 * Lays a path painted by a gradient over the pixels its accumulated areas cover, as `paintCoverage`
 * lays one colour (the same walk over the written cells, the same coverage, zeroing the areas as it
 * goes), each pixel taking the colour `shade` gives it. The walk is written twice on purpose: the
 * solid one runs for every styled raster the proof draws, and a shared walk calling back per run
 * would make that call site serve two callbacks.
 */
export function paintShadedCoverage(
  area: Float32Array,
  region: CoverageRegion,
  { data, pixels, width }: ShadedTarget,
  shade: PixelShader,
  evenOdd: boolean,
): void {
  const lay = (from: number, to: number, alpha: number): void => {
    if (alpha === 255) shade.run(pixels, from, to);
    else
      for (let pixel = from; pixel < to; pixel++) {
        const color = shade.at(pixel);
        blend(data, pixel * 4, color & 255, (color >>> 8) & 255, (color >>> 16) & 255, alpha);
      }
  };
  const { written, words, stride } = region;
  for (let row = 0; row < region.height; row++) {
    const line = (region.y + row) * width + region.x;
    const areaRow = row * stride;
    let winding = 0;
    let alpha = 0;
    let next = 0;
    for (let word = 0; word < words; word++) {
      let bits = written[row * words + word];
      written[row * words + word] = 0;
      while (bits !== 0) {
        const cell = (word << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (cell >= region.width) {
          area[areaRow + cell] = 0;
          continue;
        }
        if (alpha !== 0) lay(line + next, line + cell, alpha);
        winding += area[areaRow + cell];
        area[areaRow + cell] = 0;
        const magnitude = winding < 0 ? -winding : winding;
        const covered = evenOdd ? 1 - Math.abs(1 - (magnitude % 2)) : magnitude > 1 ? 1 : magnitude;
        alpha = Math.round(covered * 255);
        if (alpha !== 0) lay(line + cell, line + cell + 1, alpha);
        next = cell + 1;
      }
    }
    if (alpha === 255) lay(line + next, line + region.width, alpha);
  }
}
