import type { QrLevel } from '../vcard/qr-capacity';

/** The two format-information bits of each level (ISO/IEC 18004, Table 12). */
const LEVEL_BITS: Record<QrLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** Whether mask pattern `mask` flips the module at `row`, `column` (ISO/IEC 18004, Table 10). */
function flips(mask: number, row: number, column: number): boolean {
  switch (mask) {
    case 0:
      return (row + column) % 2 === 0;
    case 1:
      return row % 2 === 0;
    case 2:
      return column % 3 === 0;
    case 3:
      return (row + column) % 3 === 0;
    case 4:
      return (Math.floor(row / 2) + Math.floor(column / 3)) % 2 === 0;
    case 5:
      return ((row * column) % 2) + ((row * column) % 3) === 0;
    case 6:
      return (((row * column) % 2) + ((row * column) % 3)) % 2 === 0;
    default:
      return (((row * column) % 3) + ((row + column) % 2)) % 2 === 0;
  }
}

/** The 15 format bits of a level and mask: BCH(15, 5), then XOR 101010000010010. */
function formatBits(level: QrLevel, mask: number): number {
  const data = (LEVEL_BITS[level] << 3) | mask;
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (remainder & (1 << bit)) remainder ^= 0x537 << (bit - 10);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** Writes the format bits of `level` and `mask` where the standard places them (both copies). */
function writeFormat(modules: Uint8Array, size: number, level: QrLevel, mask: number): void {
  const bits = formatBits(level, mask);
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    modules[row * size + 8] = bit;
    const column = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i;
    modules[8 * size + column] = bit;
  }
  modules[(size - 8) * size + 8] = 1;
}

/** The penalty of a run of `run` equal modules so far: 3 when it reaches 5, 1 for each module beyond. */
function runStep(run: number): number {
  return (((run ^ 5) - 1) >>> 31) * 3 + ((5 - run) >>> 31);
}

/** Per-column state of the penalty pass: the run so far, the last module, the last 11 modules as bits. */
interface ColumnState {
  run: Int32Array;
  last: Int32Array;
  bits: Int32Array;
}

/**
 * The penalty of the symbol `unmasked` XOR `cells` as npm `qrcode` (1.5) scores it, to the point:
 * runs of five or more in rows and columns (3 + the excess), 2×2 blocks (3 each), the 1:1:3:1:1
 * pattern with four light modules on one side (40 each), and the dark share's distance from half
 * in 5 % steps (10 each). One pass in memory order, the columns' runs carried in `columns`, run
 * counts without branches: the data modules are random, so branches on them are mispredicted.
 */
function penalty(unmasked: Uint8Array, cells: Uint8Array, size: number, columns: ColumnState): number {
  const { run: columnRun, last: columnLast, bits: columnBits } = columns;
  columnRun.fill(0);
  columnLast.fill(2);
  columnBits.fill(0);
  let score = 0;
  let blocks = 0;
  let dark = 0;
  for (let row = 0; row < size; row++) {
    const at = row * size;
    let run = 0;
    let last = 2;
    let bits = 0;
    let leftPair = 0;
    for (let column = 0; column < size; column++) {
      const module = unmasked[at + column] ^ cells[at + column];
      dark += module;
      run = module === last ? run + 1 : 1;
      last = module;
      score += runStep(run);
      bits = ((bits << 1) & 0x7ff) | module;
      if (column >= 10 && (bits === 0x5d0 || bits === 0x05d)) score += 40;
      const down = module === columnLast[column] ? columnRun[column] + 1 : 1;
      columnRun[column] = down;
      columnLast[column] = module;
      score += runStep(down);
      const downBits = ((columnBits[column] << 1) & 0x7ff) | module;
      columnBits[column] = downBits;
      if (row >= 10 && (downBits === 0x5d0 || downBits === 0x05d)) score += 40;
      if (row > 0) {
        // Each 2×2 block is two vertical pairs side by side.
        const pair = module + (unmasked[at - size + column] ^ cells[at - size + column]);
        const sum = pair + leftPair;
        if (column > 0 && (sum === 0 || sum === 4)) blocks++;
        leftPair = pair;
      }
    }
  }
  score += blocks * 3;
  return score + Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * 10;
}

/** Which data modules each mask flips, per symbol size (the function modules depend on the version alone). */
const maskCellsBySize = new Map<number, Uint8Array[]>();

function maskCells(reserved: Uint8Array, size: number): Uint8Array[] {
  let masks = maskCellsBySize.get(size);
  if (masks) return masks;
  masks = [];
  for (let mask = 0; mask < 8; mask++) {
    const cells = new Uint8Array(size * size);
    for (let row = 0; row < size; row++)
      for (let column = 0; column < size; column++)
        if (!reserved[row * size + column] && flips(mask, row, column)) cells[row * size + column] = 1;
    masks.push(cells);
  }
  maskCellsBySize.set(size, masks);
  return masks;
}

/**
 * The symbol npm `qrcode` would choose from a symbol it drew with mask 0 (its `modules` and the
 * `reserved` function modules): every mask scored by `qrcode`'s own rules, the lowest penalty winning
 * (the first on a tie), and the symbol with that mask and its format bits. `qrcode` does the same
 * search through a bit matrix's accessors, about twice the CPU here (bench/README.md, "Branded QR codes").
 */
export function bestMaskedModules(
  maskedWithZero: Uint8Array,
  reserved: Uint8Array,
  size: number,
  level: QrLevel,
): { mask: number; modules: Uint8Array } {
  const flipped = maskCells(reserved, size);
  const unmasked = new Uint8Array(size * size);
  for (let cell = 0; cell < unmasked.length; cell++) unmasked[cell] = maskedWithZero[cell] ^ flipped[0][cell];

  const columns = { run: new Int32Array(size), last: new Int32Array(size), bits: new Int32Array(size) };
  let best = { mask: 0, score: Infinity };
  for (let mask = 0; mask < 8; mask++) {
    // Format modules are never flipped: the mask's format bits go into the unmasked symbol.
    writeFormat(unmasked, size, level, mask);
    const score = penalty(unmasked, flipped[mask], size, columns);
    if (score < best.score) best = { mask, score };
  }
  const modules = new Uint8Array(size * size);
  const cells = flipped[best.mask];
  writeFormat(unmasked, size, level, best.mask);
  for (let cell = 0; cell < modules.length; cell++) modules[cell] = unmasked[cell] ^ cells[cell];
  return { mask: best.mask, modules };
}
