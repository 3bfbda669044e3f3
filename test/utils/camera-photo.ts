/**
 * A simulated phone photo of a code, the test's own (it shares nothing with the service's proof):
 * the code's grey pixels placed on paper under a random perspective and rotation, resampled to a
 * few pixels a module, blurred, lit unevenly, given sensor noise and compressed as a JPEG's 8×8 blocks are.
 * Everything is drawn from a seed, so photo `n` of a run is the same photo of every code.
 */

/** One grey byte a pixel. */
export interface GreyPhoto {
  width: number;
  height: number;
  data: Uint8Array;
}

/** What one photo does to a code: how it is framed, seen, focused, lit and saved. */
export interface PhotoConditions {
  /** Photo pixels a module. */
  modulePixels: number;
  /** Radians the code is turned by. */
  rotation: number;
  /** How much shorter the far side is (0.1: 10 %), and which side is far (0-3). */
  tilt: number;
  farSide: number;
  /** Gaussian blur σ in photo pixels. */
  blur: number;
  /** Darkening across the photo (0.3: 30 % darker at one edge), its direction in radians, and the exposure. */
  shade: number;
  shadeAngle: number;
  exposure: number;
  /** Sensor noise σ in grey levels. */
  noise: number;
  jpegQuality: number;
}

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Photo `index` of a run: a phone held at 2.8-5 px a module, up to 8° turned, up to 10 % tilted, and so on. */
export function photoConditions(index: number): PhotoConditions {
  const random = seededRandom(0x9e3779b9 ^ Math.imul(index + 1, 0x85ebca6b));
  const between = (low: number, high: number) => low + (high - low) * random();
  return {
    modulePixels: between(2.8, 5),
    rotation: between(-0.14, 0.14),
    tilt: between(0, 0.1),
    farSide: Math.floor(random() * 4),
    blur: between(0.3, 0.9),
    shade: between(0.1, 0.35),
    shadeAngle: between(0, 2 * Math.PI),
    exposure: between(0.8, 1),
    noise: between(2, 5),
    jpegQuality: Math.round(between(60, 90)),
  };
}

/**
 * The photo of `code` (its grey pixels, `sourceModulePixels` a module) under `conditions`: the code
 * resampled (2×2 samples a pixel, bilinear) into a frame 15 % larger than it, on paper of a
 * slightly darker grey than the code's light modules.
 */
export function cameraPhoto(code: GreyPhoto, sourceModulePixels: number, conditions: PhotoConditions): GreyPhoto {
  const zoom = conditions.modulePixels / sourceModulePixels;
  const width = Math.ceil(code.width * zoom * 1.15);
  const height = Math.ceil(code.height * zoom * 1.15);
  const toCode = photoToCode(code, zoom, width, height, conditions);
  const data = new Uint8Array(width * height);
  const paper = 228;
  const point = new Float64Array(2);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let sy = 0.25; sy < 1; sy += 0.5)
        for (let sx = 0.25; sx < 1; sx += 0.5) {
          toCode(x + sx, y + sy, point);
          const u = point[0];
          const v = point[1];
          sum += u < 0 || v < 0 || u >= code.width || v >= code.height ? paper : bilinear(code, u, v);
        }
      data[y * width + x] = Math.round(sum / 4);
    }
  const photo = { width, height, data };
  return saveAsJpeg(addNoise(shade(blurred(photo, conditions.blur), conditions), conditions), conditions.jpegQuality);
}

/**
 * The inverse of the photo's projection, a true perspective (a homography: straight lines stay
 * straight, the far side's rows closer): the code's corners seen with the far side `tilt` shorter,
 * turned about the frame's centre; a photo pixel's point in the code's pixels.
 */
function photoToCode(code: GreyPhoto, zoom: number, width: number, height: number, c: PhotoConditions) {
  const [w, h] = [code.width, code.height];
  const seen = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ].map(([x, y]) => {
    // The far side (top, right, bottom or left) is narrower by `tilt`, about the code's axis.
    const far = [y === 0, x === w, y === h, x === 0][c.farSide];
    const along =
      c.farSide % 2 === 0
        ? [(x - w / 2) * (far ? 1 - c.tilt : 1), y - h / 2]
        : [x - w / 2, (y - h / 2) * (far ? 1 - c.tilt : 1)];
    const [ax, ay] = [along[0] * zoom, along[1] * zoom];
    const [cos, sin] = [Math.cos(c.rotation), Math.sin(c.rotation)];
    return [width / 2 + ax * cos - ay * sin, height / 2 + ax * sin + ay * cos];
  });
  const m = homography(seen, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  return (x: number, y: number, point: Float64Array): void => {
    const d = m[6] * x + m[7] * y + 1;
    point[0] = (m[0] * x + m[1] * y + m[2]) / d;
    point[1] = (m[3] * x + m[4] * y + m[5]) / d;
  };
}

/** The homography taking each of four points `from` to its `to` (h33 = 1), by Gaussian elimination. */
function homography(from: number[][], to: number[][]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    const pivot = rows
      .slice(col)
      .reduce((best, row, i) => (Math.abs(row[col]) > Math.abs(rows[best][col]) ? col + i : best), col);
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    for (let r = 0; r < 8; r++)
      if (r !== col) {
        const factor = rows[r][col] / rows[col][col];
        for (let k = col; k < 9; k++) rows[r][k] -= factor * rows[col][k];
      }
  }
  return rows.map((row, i) => row[8] / row[i]);
}

function bilinear({ width, height, data }: GreyPhoto, u: number, v: number): number {
  const x = Math.min(width - 1, Math.max(0, u - 0.5));
  const y = Math.min(height - 1, Math.max(0, v - 0.5));
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [x1, y1] = [Math.min(width - 1, x0 + 1), Math.min(height - 1, y0 + 1)];
  const [fx, fy] = [x - x0, y - y0];
  const top = data[y0 * width + x0] * (1 - fx) + data[y0 * width + x1] * fx;
  const bottom = data[y1 * width + x0] * (1 - fx) + data[y1 * width + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/** A Gaussian blur of `sigma` pixels (3 σ each side), across the rows then down the columns, edges extended. */
function blurred({ width, height, data }: GreyPhoto, sigma: number): GreyPhoto {
  const radius = Math.ceil(3 * sigma);
  const taps = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = taps.reduce((a, b) => a + b, 0);
  const kernel = Float64Array.from(taps, (tap) => tap / total);
  const across = new Float64Array(width * height);
  const line = new Float64Array(Math.max(width, height) + 2 * radius);
  for (let y = 0; y < height; y++) {
    for (let x = -radius; x < width + radius; x++)
      line[x + radius] = data[y * width + Math.min(width - 1, Math.max(0, x))];
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let i = 0; i < kernel.length; i++) sum += kernel[i] * line[x + i];
      across[y * width + x] = sum;
    }
  }
  const out = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = -radius; y < height + radius; y++)
      line[y + radius] = across[Math.min(height - 1, Math.max(0, y)) * width + x];
    for (let y = 0; y < height; y++) {
      let sum = 0;
      for (let i = 0; i < kernel.length; i++) sum += kernel[i] * line[y + i];
      out[y * width + x] = Math.round(sum);
    }
  }
  return { width, height, data: out };
}

/** Uneven light: `exposure`, darkened linearly by up to `shade` along `shadeAngle`. */
function shade({ width, height, data }: GreyPhoto, c: PhotoConditions): GreyPhoto {
  const [ax, ay] = [Math.cos(c.shadeAngle), Math.sin(c.shadeAngle)];
  const reach = Math.abs(ax) * width + Math.abs(ay) * height;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const across = ((x - width / 2) * ax + (y - height / 2) * ay) / reach + 0.5;
      out[y * width + x] = Math.round(data[y * width + x] * c.exposure * (1 - c.shade * across));
    }
  return { width, height, data: out };
}

/** Gaussian sensor noise (Box-Muller), seeded from the conditions. */
function addNoise({ width, height, data }: GreyPhoto, c: PhotoConditions): GreyPhoto {
  const random = seededRandom(Math.round(c.noise * 1e6) ^ Math.round(c.shadeAngle * 1e6));
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    out[i] = Math.min(255, Math.max(0, Math.round(data[i] + c.noise * gaussian)));
  }
  return { width, height, data: out };
}

/** The JPEG standard's luminance table (ITU T.81, Annex K.1). */
const LUMINANCE = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];
/** cos((2x + 1)uπ/16) scaled for an orthonormal 8-point DCT, at [u · 8 + x]. */
const BASIS = Array.from({ length: 64 }, (_, i) => {
  const [u, x] = [Math.floor(i / 8), i % 8];
  return (u === 0 ? Math.sqrt(1 / 8) : 0.5) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});

/**
 * What a baseline JPEG of `quality` keeps of the grey photo: each 8×8 block's cosine transform
 * rounded to the luminance table scaled as libjpeg scales it (the file's lossless coding left out).
 */
function saveAsJpeg({ width, height, data }: GreyPhoto, quality: number): GreyPhoto {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  const table = LUMINANCE.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
  const out = new Uint8Array(width * height);
  const block = new Float64Array(64);
  const rows = new Float64Array(64);
  for (let top = 0; top < height; top += 8)
    for (let left = 0; left < width; left += 8) {
      for (let i = 0; i < 64; i++)
        block[i] = data[Math.min(height - 1, top + (i >> 3)) * width + Math.min(width - 1, left + (i & 7))] - 128;
      transform(block, rows, false);
      for (let i = 0; i < 64; i++) block[i] = Math.round(block[i] / table[i]) * table[i];
      transform(block, rows, true);
      for (let i = 0; i < 64; i++) {
        const y = top + (i >> 3);
        const x = left + (i & 7);
        if (y < height && x < width) out[y * width + x] = Math.min(255, Math.max(0, Math.round(block[i] + 128)));
      }
    }
  return { width, height, data: out };
}

/** The basis transposed, for the inverse transform. */
const BASIS_T = BASIS.map((_, i) => BASIS[(i & 7) * 8 + (i >> 3)]);

/** The 2-D DCT of an 8×8 block in place (or its inverse): along the rows into `temp`, then down the columns. */
function transform(block: Float64Array, temp: Float64Array, inverse: boolean): void {
  const basis = inverse ? BASIS_T : BASIS;
  for (let y = 0; y < 8; y++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += block[y * 8 + x] * basis[u * 8 + x];
      temp[y * 8 + u] = sum;
    }
  for (let x = 0; x < 8; x++)
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += temp[y * 8 + x] * basis[v * 8 + y];
      block[v * 8 + x] = sum;
    }
}
