import type { GreyImage } from '../decode/decodable-image';

/** The JPEG standard's luminance quantisation table (ITU T.81, Annex K), row by row. */
const LUMA_TABLE = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];

/** The luminance table at a quality (1-100), scaled as libjpeg (and jpeg-js) scale it. */
export function jpegLumaTable(quality: number): Float32Array {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return Float32Array.from(LUMA_TABLE, (base) => Math.min(255, Math.max(1, Math.floor((base * scale + 50) / 100))));
}

/** The orthonormal 8-point DCT-II as a matrix: row u, column x. */
const DCT = (() => {
  const matrix = new Float32Array(64);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < 8; x++)
      matrix[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  return matrix;
})();

/**
 * A grey plane as a baseline JPEG decoder would give it back: each 8×8 block (edge blocks padded
 * with their last row and column, as encoders do) level-shifted, transformed, every coefficient
 * rounded to a multiple of its table entry, transformed back. Huffman coding, the rest of the
 * file, is lossless and left out; a grey plane has no chroma to subsample.
 *
 * Each pass of the transform multiplies the block by the 32-bit matrix and keeps 32-bit floats.
 * Where the block holds whole numbers (the level-shifted samples, the quantised coefficients), each
 * product is exact in a double and so is their sum (multiples of 2^-27 under 2^13: 40 bits), so the
 * sum is the same in any order: the first pass each way is worked out with fewer products (pairs
 * of mirrored samples; only the coefficients not rounded to zero), the same numbers as `multiply`.
 */
export function jpegBlocks({ width, height, data }: GreyImage, table: Float32Array): GreyImage {
  const out = new Uint8Array(width * height);
  const block = new Float32Array(64);
  const temp = new Float32Array(64);
  for (let top = 0; top < height; top += 8)
    for (let left = 0; left < width; left += 8) {
      for (let y = 0; y < 8; y++) {
        const row = Math.min(height - 1, top + y) * width;
        for (let x = 0; x < 8; x++) block[y * 8 + x] = data[row + Math.min(width - 1, left + x)] - 128;
      }
      if (MIRRORED) multiplyMirrored(block, temp);
      else multiply(block, temp, DCT);
      multiply(temp, block, DCT);
      for (let i = 0; i < 64; i++) block[i] = Math.round(block[i] / table[i]) * table[i];
      multiplySparse(block, temp);
      multiply(temp, block, IDCT);
      for (let y = 0; y < 8 && top + y < height; y++)
        for (let x = 0; x < 8 && left + x < width; x++) {
          const value = block[y * 8 + x] + 128;
          out[(top + y) * width + left + x] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
        }
    }
  return { width, height, data: out };
}

/** The inverse transform's matrix: the DCT's transpose (it is orthonormal). */
const IDCT = Float32Array.from(DCT, (_, i) => DCT[(i % 8) * 8 + Math.floor(i / 8)]);

/** Whether the 32-bit DCT keeps the cosines' mirror symmetry: row u at column 7 - x is (-1)^u times column x. */
const MIRRORED = DCT.every((value, i) => DCT[(i >> 3) * 8 + 7 - (i & 7)] === ((i >> 3) % 2 === 0 ? value : -value));

/** `multiply` by the DCT of whole numbers: sums (even rows) and differences (odd) of mirrored samples. */
function multiplyMirrored(source: Float32Array, target: Float32Array): void {
  for (let r = 0; r < 64; r += 8) {
    const a0 = source[r] + source[r + 7];
    const a1 = source[r + 1] + source[r + 6];
    const a2 = source[r + 2] + source[r + 5];
    const a3 = source[r + 3] + source[r + 4];
    const d0 = source[r] - source[r + 7];
    const d1 = source[r + 1] - source[r + 6];
    const d2 = source[r + 2] - source[r + 5];
    const d3 = source[r + 3] - source[r + 4];
    const column = r >> 3;
    for (let k = 0; k < 8; k += 2) {
      const even = k * 8;
      const odd = even + 8;
      target[even + column] = a0 * DCT[even] + a1 * DCT[even + 1] + a2 * DCT[even + 2] + a3 * DCT[even + 3];
      target[odd + column] = d0 * DCT[odd] + d1 * DCT[odd + 1] + d2 * DCT[odd + 2] + d3 * DCT[odd + 3];
    }
  }
}

/** The sums of one column of `multiplySparse`, in doubles until they are stored. */
const SUMS = new Float64Array(8);

/** `multiply` by the inverse DCT of a block of whole numbers, mostly zeros: each non-zero one's products alone. */
function multiplySparse(source: Float32Array, target: Float32Array): void {
  for (let r = 0; r < 64; r += 8) {
    SUMS.fill(0);
    for (let x = 0; x < 8; x++) {
      const coefficient = source[r + x];
      if (coefficient !== 0) for (let k = 0; k < 8; k++) SUMS[k] += coefficient * IDCT[k * 8 + x];
    }
    const column = r >> 3;
    for (let k = 0; k < 8; k++) target[k * 8 + column] = SUMS[k];
  }
}

/** Transforms each row of `source` by `matrix` and writes it as a column of `target`. */
function multiply(source: Float32Array, target: Float32Array, matrix: Float32Array): void {
  for (let r = 0; r < 64; r += 8) {
    const s0 = source[r];
    const s1 = source[r + 1];
    const s2 = source[r + 2];
    const s3 = source[r + 3];
    const s4 = source[r + 4];
    const s5 = source[r + 5];
    const s6 = source[r + 6];
    const s7 = source[r + 7];
    for (let k = 0; k < 8; k++) {
      const m = k * 8;
      target[m + (r >> 3)] =
        s0 * matrix[m] +
        s1 * matrix[m + 1] +
        s2 * matrix[m + 2] +
        s3 * matrix[m + 3] +
        s4 * matrix[m + 4] +
        s5 * matrix[m + 5] +
        s6 * matrix[m + 6] +
        s7 * matrix[m + 7];
    }
  }
}
