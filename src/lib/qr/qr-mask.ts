import type { QrLevel } from '../vcard/qr-capacity';
import { emptyPackedSymbol, maskPenalty, type PackedSymbol, setPackedModule } from './mask-penalty';

/** The two format-information bits of each level (ISO/IEC 18004, Table 12). */
const LEVEL_BITS: Record<QrLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** Whether mask pattern `mask` flips the module at `row`, `column` (ISO/IEC 18004, Table 10). */
export function flips(mask: number, row: number, column: number): boolean {
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

/**
 * Which data modules each mask flips, as bytes and packed, per symbol size: the function modules
 * depend on the version alone.
 */
const maskCellsBySize = new Map<number, MaskCells[]>();

interface MaskCells {
  cells: Uint8Array;
  packed: PackedSymbol;
}

function maskCells(reserved: Uint8Array, size: number): MaskCells[] {
  let masks = maskCellsBySize.get(size);
  if (masks) return masks;
  masks = [];
  for (let mask = 0; mask < 8; mask++) {
    const cells = new Uint8Array(size * size);
    const packed = emptyPackedSymbol(size);
    for (let row = 0; row < size; row++)
      for (let column = 0; column < size; column++)
        if (!reserved[row * size + column] && flips(mask, row, column)) {
          cells[row * size + column] = 1;
          setPackedModule(packed, row, column, 1);
        }
    masks.push({ cells, packed });
  }
  maskCellsBySize.set(size, masks);
  return masks;
}

/** Copies row 8 and column 8, where the format bits go, from `modules` into `packed`. */
function packFormatLines(modules: Uint8Array, size: number, packed: PackedSymbol): void {
  for (let i = 0; i < size; i++) {
    setPackedModule(packed, 8, i, modules[8 * size + i]);
    setPackedModule(packed, i, 8, modules[i * size + 8]);
  }
}

/**
 * The symbol npm `qrcode` would choose from a symbol it drew with mask 0 (its `modules` and the
 * `reserved` function modules): every mask scored by `qrcode`'s own rules, the lowest penalty winning
 * (the first on a tie), and the symbol with that mask and its format bits. `qrcode` does the same
 * search through a bit matrix's accessors, one module at a time; here each mask is scored on the
 * symbol packed as bits, 32 modules at once (`maskPenalty`), several times faster.
 */
export function bestMaskedModules(
  maskedWithZero: Uint8Array,
  reserved: Uint8Array,
  size: number,
  level: QrLevel,
): { mask: number; modules: Uint8Array } {
  const masks = maskCells(reserved, size);
  const unmasked = new Uint8Array(size * size);
  const packed = emptyPackedSymbol(size);
  const { words, rows, columns } = packed;
  const zeroCells = masks[0].cells;
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      const cell = row * size + column;
      const dark = maskedWithZero[cell] ^ zeroCells[cell];
      unmasked[cell] = dark;
      rows[row * words + (column >>> 5)] |= dark << (column & 31);
      columns[column * words + (row >>> 5)] |= dark << (row & 31);
    }

  const masked = emptyPackedSymbol(size);
  let best = { mask: 0, score: Infinity };
  for (let mask = 0; mask < 8; mask++) {
    // Format modules are never flipped: the mask's format bits go into the unmasked symbol.
    writeFormat(unmasked, size, level, mask);
    packFormatLines(unmasked, size, packed);
    const flipped = masks[mask].packed;
    for (let k = 0; k < packed.rows.length; k++) {
      masked.rows[k] = packed.rows[k] ^ flipped.rows[k];
      masked.columns[k] = packed.columns[k] ^ flipped.columns[k];
    }
    const score = maskPenalty(masked);
    if (score < best.score) best = { mask, score };
  }
  const modules = new Uint8Array(size * size);
  const { cells } = masks[best.mask];
  writeFormat(unmasked, size, level, best.mask);
  for (let cell = 0; cell < modules.length; cell++) modules[cell] = unmasked[cell] ^ cells[cell];
  return { mask: best.mask, modules };
}
