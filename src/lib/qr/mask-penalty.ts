/**
 * A symbol packed as bits for scoring masks: `rows[r · words + w]` holds columns 32w to 32w + 31
 * of row r (bit c & 31 for column c), `columns[c · words + w]` the same rows of column c, so that
 * runs, patterns and blocks are counted for 32 modules at once.
 */
export interface PackedSymbol {
  size: number;
  words: number;
  rows: Int32Array;
  columns: Int32Array;
}

/** An empty (all light) packed symbol of `size` modules a side. */
export function emptyPackedSymbol(size: number): PackedSymbol {
  const words = (size + 31) >>> 5;
  return { size, words, rows: new Int32Array(size * words), columns: new Int32Array(size * words) };
}

/** Sets the module at `row`, `column` to `dark` (0 or 1) in both packings. */
export function setPackedModule(symbol: PackedSymbol, row: number, column: number, dark: number): void {
  const { words, rows, columns } = symbol;
  const across = row * words + (column >>> 5);
  rows[across] = (rows[across] & ~(1 << (column & 31))) | (dark << (column & 31));
  const down = column * words + (row >>> 5);
  columns[down] = (columns[down] & ~(1 << (row & 31))) | (dark << (row & 31));
}

function bitCount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The bits of word `w` that are modules of the symbol (the last word is only partly used). */
function usedBits(size: number, w: number): number {
  const left = size - 32 * w;
  return left >= 32 ? -1 : (1 << left) - 1;
}

/**
 * Runs of five or more equal modules (3 + the excess each) and the 1:1:3:1:1 pattern with four light
 * modules on one side (40 each), along one direction: `lines` are that direction's perpendicular
 * lines, so line i's bit j is the module i of the run through j. A run of length n ≥ 5 is counted
 * as its n − 4 windows of five equal modules plus 2 for the window that starts it.
 */
function linePenalty(lines: Int32Array, size: number, words: number): number {
  let windows = 0;
  let starts = 0;
  let patterns = 0;
  for (let w = 0; w < words; w++) {
    const used = usedBits(size, w);
    let e1 = 0; // equal to the line before, per bit; e2 to e4 one to three lines earlier
    let e2 = 0;
    let e3 = 0;
    let e4 = 0;
    // The last eleven lines, l0 the current one.
    let l1 = 0;
    let l2 = 0;
    let l3 = 0;
    let l4 = 0;
    let l5 = 0;
    let l6 = 0;
    let l7 = 0;
    let l8 = 0;
    let l9 = 0;
    let l10 = 0;
    for (let i = 0; i < size; i++) {
      const l0 = lines[i * words + w];
      const e0 = i === 0 ? 0 : ~(l0 ^ l1) & used;
      if (i >= 4) {
        const five = e0 & e1 & e2 & e3;
        windows += bitCount(five);
        starts += bitCount(i === 4 ? five : five & ~e4);
      }
      if (i >= 10) {
        // 10111010000 and 00001011101, the oldest line first.
        const light = ~l7 & ~l8 & ~l9 & ~l10;
        const core = l0 & ~l1 & l2 & l3 & l4 & ~l5 & l6;
        const coreBack = l10 & ~l9 & l8 & l7 & l6 & ~l5 & l4;
        patterns += bitCount(core & light & used) + bitCount(coreBack & ~l0 & ~l1 & ~l2 & ~l3 & used);
      }
      e4 = e3;
      e3 = e2;
      e2 = e1;
      e1 = e0;
      l10 = l9;
      l9 = l8;
      l8 = l7;
      l7 = l6;
      l6 = l5;
      l5 = l4;
      l4 = l3;
      l3 = l2;
      l2 = l1;
      l1 = l0;
    }
  }
  return windows + 2 * starts + 40 * patterns;
}

/** The 2×2 blocks of one colour (3 each): two vertical pairs of equal modules side by side, equal to each other. */
function blockPenalty(rows: Int32Array, size: number, words: number): number {
  let blocks = 0;
  for (let r = 1; r < size; r++) {
    const at = r * words;
    for (let w = 0; w < words; w++) {
      const here = rows[at + w];
      const above = rows[at - words + w];
      const next = w + 1 < words ? rows[at + w + 1] : 0;
      const nextAbove = w + 1 < words ? rows[at - words + w + 1] : 0;
      const down = ~(here ^ above);
      const downRight = ~(next ^ nextAbove);
      const downShifted = (down >>> 1) | (downRight << 31);
      const across = ~(here ^ ((here >>> 1) | (next << 31)));
      // Column c pairs with c + 1, so the last column starts no block.
      blocks += bitCount(down & downShifted & across & usedBits(size - 1, w));
    }
  }
  return 3 * blocks;
}

/**
 * The penalty of a symbol as npm `qrcode` (1.5) scores a masked symbol: runs of five or more in
 * rows and columns (3 + the excess), 2×2 blocks (3 each), the 1:1:3:1:1 pattern with four light
 * modules on one side (40 each), and the dark share's distance from half in 5 % steps (10 each).
 */
export function maskPenalty(symbol: PackedSymbol): number {
  const { size, words, rows, columns } = symbol;
  let dark = 0;
  for (let k = 0; k < rows.length; k++) dark += bitCount(rows[k]);
  return (
    linePenalty(columns, size, words) +
    linePenalty(rows, size, words) +
    blockPenalty(rows, size, words) +
    Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * 10
  );
}
