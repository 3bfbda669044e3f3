import type { GreyImage } from '../decode/decodable-image';
import { jpegBlocks, jpegLumaTable } from './jpeg-blocks';

/** What an effect may know besides the plane: the seed of any noise (from the payload's bytes). */
export interface EffectContext {
  seed: number;
}

/** A pure step of a rendering: a new grey plane from one (the input is never written). */
export type GreyEffect = (plane: GreyImage, context: EffectContext) => GreyImage;

const clampByte = (value: number): number => (value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value));

/** A Gaussian blur of `sigma` pixels, in two separable passes, edges extended. */
export function blur(sigma: number): GreyEffect {
  // Taps past 2.5 σ weigh under 0.5 % together: left out.
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const taps = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += taps[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < taps.length; i++) taps[i] /= sum;
  const weights = Float64Array.from(taps);
  return ({ width, height, data }) => {
    const across = blurRows(data, width, height, weights, radius);
    // Down the columns, each output pixel summed in 32-bit floats tap by tap (rounded at each step,
    // as a row of 32-bit sums would be), the rows of its taps looked up once a row.
    const out = new Uint8Array(width * height);
    const rows = new Int32Array(weights.length);
    for (let y = 0; y < height; y++) {
      for (let i = 0; i < rows.length; i++) rows[i] = Math.min(height - 1, Math.max(0, y + i - radius)) * width;
      const row = y * width;
      for (let x = 0; x < width; x++) {
        let value = 0;
        for (let i = 0; i < weights.length; i++) value = Math.fround(value + weights[i] * across[rows[i] + x]);
        out[row + x] = value + 0.5;
      }
    }
    return { width, height, data: out };
  };
}

/** The blur across the rows: each pixel's taps summed in doubles, kept as a 32-bit float. */
function blurRows(data: Uint8Array, width: number, height: number, weights: Float64Array, radius: number) {
  const across = new Float32Array(width * height);
  // Each line is padded by `radius` on both sides with the edge's own samples, so no tap is tested.
  const line = new Float64Array(width + 2 * radius);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < radius; x++) {
      line[x] = data[row];
      line[width + radius + x] = data[row + width - 1];
    }
    for (let x = 0; x < width; x++) line[x + radius] = data[row + x];
    for (let x = 0; x < width; x++) {
      let value = 0;
      for (let i = 0; i < weights.length; i++) value += weights[i] * line[x + i];
      across[row + x] = value;
    }
  }
  return across;
}

/**
 * A keystone: the code seen from below its centre, a true perspective (a homography: straight lines
 * stay straight, the far side is narrower and its rows closer), the top edge `share` shorter than
 * the bottom, sampled bilinearly; what falls outside the code is the corner's grey.
 */
export function keystone(share: number): GreyEffect {
  // w(v) = 1 + far · (1 − v) divides both coordinates: 1 + far at the top edge, 1 at the bottom.
  const far = 1 / (1 - share) - 1;
  return ({ width, height, data }) => {
    const out = new Uint8Array(width * height);
    const surround = data[0];
    for (let y = 0; y < height; y++) {
      const down = (y + 0.5) / height;
      const v = (down * (1 + far)) / (1 + far * down);
      const w = 1 + far * (1 - v);
      // Within half a pixel of the edge is the edge pixel's own.
      const sy = Math.min(height - 1, Math.max(0, v * height - 0.5));
      if (v * height < 0 || v * height > height) {
        out.fill(surround, y * width, (y + 1) * width);
        continue;
      }
      const y0 = Math.floor(sy);
      const y1 = Math.min(height - 1, y0 + 1);
      const fy = sy - y0;
      for (let x = 0; x < width; x++) {
        const across = ((x + 0.5) / width - 0.5) * w + 0.5;
        if (across < 0 || across > 1) {
          out[y * width + x] = surround;
          continue;
        }
        const sx = Math.min(width - 1, Math.max(0, across * width - 0.5));
        const x0 = Math.floor(sx);
        const x1 = Math.min(width - 1, x0 + 1);
        const fx = sx - x0;
        const top = data[y0 * width + x0] * (1 - fx) + data[y0 * width + x1] * fx;
        const bottom = data[y1 * width + x0] * (1 - fx) + data[y1 * width + x1] * fx;
        out[y * width + x] = clampByte(top * (1 - fy) + bottom * fy);
      }
    }
    return { width, height, data: out };
  };
}

/** Uneven light: full brightness at the top-left corner, `drop` (0.3: 30 %) darker at the bottom-right. */
export function light(drop: number): GreyEffect {
  return ({ width, height, data }) => {
    const out = new Uint8Array(width * height);
    const span = Math.max(1, width + height - 2);
    // The factor of each diagonal x + y, worked out once (the same arithmetic as at each pixel).
    const factors = new Float64Array(width + height - 1);
    for (let sum = 0; sum < factors.length; sum++) factors[sum] = 1 - (drop * sum) / span;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) out[row + x] = clampByte(data[row + x] * factors[x + y]);
    }
    return { width, height, data: out };
  };
}

/** Normal samples by quantile, spread evenly: one draw of the generator picks one. */
const NORMAL = (() => {
  const table = new Float32Array(4096);
  for (let i = 0; i < table.length; i++) table[i] = normalQuantile((i + 0.5) / table.length);
  return table;
})();

/** Sensor noise: Gaussian, `sigma` grey levels, from a generator seeded by the context (one seed, one noise). */
export function noise(sigma: number): GreyEffect {
  const scaled = Float64Array.from(NORMAL, (sample) => sigma * sample);
  return ({ width, height, data }, { seed }) => {
    const random = mulberry32(seed);
    const out = new Uint8Array(width * height);
    const pairs = out.length & ~1;
    // Two samples from each 32-bit draw: its low and high 12 bits.
    for (let i = 0; i < pairs; i += 2) {
      const word = random();
      out[i] = clampByte(data[i] + scaled[word & 4095]);
      out[i + 1] = clampByte(data[i + 1] + scaled[(word >>> 20) & 4095]);
    }
    if (pairs < out.length) out[pairs] = clampByte(data[pairs] + scaled[random() & 4095]);
    return { width, height, data: out };
  };
}

/** The standard normal quantile (Acklam's rational approximation, to about 1e-9). */
function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/**
 * A lossy photo file: what a JPEG of `quality` keeps of a grey plane, its 8×8 blocks' cosine
 * transforms quantised by the standard luminance table at that quality (see jpegBlocks).
 */
export function compress(quality: number): GreyEffect {
  const table = jpegLumaTable(quality);
  return (plane) => jpegBlocks(plane, table);
}

/** A small, fast, well-spread generator of 32-bit words: the noise is the same on every machine for a seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The seed of a payload's noise: FNV-1a of its bytes. */
export function payloadSeed(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}
