import { createRequire } from 'node:module';
import * as QRCode from 'qrcode';
import { QR_BYTE_CAPACITY, type QrLevel } from '../vcard/qr-capacity';
import { flips } from './qr-mask';

/**
 * A QR symbol as npm `qrcode` draws it with mask 0: its modules (1 dark) and which of them are
 * function modules (finder, timing and alignment patterns, format and version information).
 */
export interface QrSymbol {
  version: number;
  size: number;
  /** `size` × `size`, row-major, mask 0 applied, its format bits written. */
  data: Uint8Array;
  /** `size` × `size`, 1 for a function module. Shared by every symbol of the version: read only. */
  reserved: Uint8Array;
}

// npm qrcode's own error-correction tables and generator polynomials, from its CommonJS modules
// (the package declares no types for them).
const library = createRequire(__filename);
const ecTables = library('qrcode/lib/core/error-correction-code') as {
  getBlocksCount(version: number, level: { bit: number }): number;
  getTotalCodewordsCount(version: number, level: { bit: number }): number;
};
const ecLevels = library('qrcode/lib/core/error-correction-level') as Record<QrLevel, { bit: number }>;
const polynomial = library('qrcode/lib/core/polynomial') as { generateECPolynomial(degree: number): Uint8Array };
const galoisField = library('qrcode/lib/core/galois-field') as { exp(n: number): number; log(n: number): number };

/**
 * What every symbol of a version shares: which modules are function modules, and the data modules
 * in the order the codewords' bits fill them (a cell index fits 16 bits up to version 40's 177²).
 */
interface Layout {
  size: number;
  reserved: Uint8Array;
  order: Uint16Array;
}

/**
 * What every symbol of a version and level shares: its layout, the function modules with mask 0's
 * format bits and mask 0 already applied to every data module (as if each were light), and its blocks.
 */
interface Template extends Layout {
  base: Uint8Array;
  blocks: number;
  ecPerBlock: number;
  dataCodewords: number;
}

// At most 40 layouts and 160 templates a thread: about 3 MB if every version and level is drawn.
const layouts = new Map<number, Layout>();
const templates = new Map<string, Template>();

/**
 * The symbol of `bytes` as one byte-mode segment at the smallest version from `minVersion` on that holds it at `level`:
 * module for module what `qrcode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel:
 * level, maskPattern: 0 })` gives (a property test holds the two equal). `qrcode` builds the symbol
 * bit by bit through accessors and divides each block's polynomial by allocating a new array at
 * every step; here the function modules and the data modules' order are taken once a version from
 * `qrcode` itself, and each code only fills its codewords in (bench/README.md, "The QR symbol").
 * The caller has checked that `bytes` fits in version 40 at `level`.
 */
export function qrSymbol(bytes: Uint8Array, level: QrLevel, minVersion = 1): QrSymbol {
  const capacities = QR_BYTE_CAPACITY[level];
  let version = minVersion;
  while (capacities[version - 1] < bytes.length) version++;
  const template = templateOf(version, level);
  const codewords = interleaved(dataCodewords(bytes, version, template.dataCodewords), template);
  const data = template.base.slice();
  const { order } = template;
  for (let i = 0; i < codewords.length; i++) {
    const codeword = codewords[i];
    if (codeword === 0) continue;
    const at = i * 8;
    for (let bit = 0; bit < 8; bit++) if ((codeword >> (7 - bit)) & 1) data[order[at + bit]] ^= 1;
  }
  return { version, size: template.size, data, reserved: template.reserved };
}

/** The data codewords: mode 0100, the byte count, the bytes, a 4-bit terminator, then pad bytes. */
function dataCodewords(bytes: Uint8Array, version: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  let at = 0;
  let accumulator = 0;
  let held = 0;
  const put = (value: number, bits: number): void => {
    accumulator = (accumulator << bits) | value;
    held += bits;
    while (held >= 8) {
      held -= 8;
      out[at++] = (accumulator >>> held) & 0xff;
    }
    accumulator &= (1 << held) - 1;
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (let i = 0; i < bytes.length; i++) put(bytes[i], 8);
  // The version holds the bytes, so four bits of terminator always fit; they end on a byte boundary.
  put(0, 4);
  for (let pad = 0; at < count; pad++) out[at++] = pad % 2 ? 0x11 : 0xec;
  return out;
}

/** The blocks' data codewords, then their error-correction codewords, interleaved as the standard places them. */
function interleaved(data: Uint8Array, template: Template): Uint8Array {
  const { blocks, ecPerBlock, dataCodewords: dataCount } = template;
  const total = dataCount + blocks * ecPerBlock;
  const longBlocks = dataCount % blocks;
  const shortBlocks = blocks - longBlocks;
  const shortLength = Math.floor(dataCount / blocks);
  const out = new Uint8Array(total);
  const generator = generatorLogs(ecPerBlock);
  let offset = 0;
  for (let block = 0; block < blocks; block++) {
    const length = block < shortBlocks ? shortLength : shortLength + 1;
    const blockData = data.subarray(offset, offset + length);
    offset += length;
    for (let i = 0; i < length; i++) {
      // The long blocks' last codeword comes after every block's shortLength-th.
      const index = i < shortLength ? i * blocks + block : shortLength * blocks + (block - shortBlocks);
      out[index] = blockData[i];
    }
    const ec = remainder(blockData, generator);
    for (let i = 0; i < ecPerBlock; i++) out[dataCount + i * blocks + block] = ec[i];
  }
  return out;
}

const EXP = new Uint8Array(512);
const LOG = new Int16Array(256);
for (let i = 0; i < 512; i++) EXP[i] = galoisField.exp(i);
for (let i = 1; i < 256; i++) LOG[i] = galoisField.log(i);

const generators = new Map<number, Int16Array>();

/** The logarithms of `qrcode`'s generator polynomial of `degree` below its leading 1 (-1 for a zero). */
function generatorLogs(degree: number): Int16Array {
  let logs = generators.get(degree);
  if (!logs) {
    const coefficients = polynomial.generateECPolynomial(degree);
    logs = Int16Array.from(coefficients.subarray(1), (c) => (c === 0 ? -1 : LOG[c]));
    generators.set(degree, logs);
  }
  return logs;
}

/** The Reed-Solomon remainder of `data`·x^degree divided by the generator, in GF(256): a shift register. */
function remainder(data: Uint8Array, generator: Int16Array): Uint8Array {
  const degree = generator.length;
  const register = new Uint8Array(degree);
  for (let i = 0; i < data.length; i++) {
    const factor = data[i] ^ register[0];
    register.copyWithin(0, 1);
    register[degree - 1] = 0;
    if (factor === 0) continue;
    const log = LOG[factor];
    for (let j = 0; j < degree; j++) if (generator[j] >= 0) register[j] ^= EXP[generator[j] + log];
  }
  return register;
}

/** The template of a version and level, drawn once by `qrcode` from a one-byte symbol. */
function templateOf(version: number, level: QrLevel): Template {
  const key = `${version}${level}`;
  const cached = templates.get(key);
  if (cached) return cached;
  const symbol = QRCode.create([{ data: new Uint8Array([0]), mode: 'byte' }], {
    errorCorrectionLevel: level,
    maskPattern: 0,
    version,
  });
  const { size, data, reservedBit } = symbol.modules as unknown as {
    size: number;
    data: Uint8Array;
    reservedBit: Uint8Array;
  };
  let layout = layouts.get(version);
  if (!layout) {
    const reserved = Uint8Array.from(reservedBit, (bit) => (bit ? 1 : 0));
    layout = { size, reserved, order: placementOrder(reserved, size) };
    layouts.set(version, layout);
  }
  const { reserved, order } = layout;
  const base = new Uint8Array(size * size);
  for (let cell = 0; cell < base.length; cell++) {
    const row = Math.floor(cell / size);
    base[cell] = reserved[cell] ? data[cell] : flips(0, row, cell % size) ? 1 : 0;
  }
  const blocks = ecTables.getBlocksCount(version, ecLevels[level]);
  const ecTotal = ecTables.getTotalCodewordsCount(version, ecLevels[level]);
  const totalCodewords = Math.floor(order.length / 8);
  const template: Template = {
    size,
    reserved,
    order,
    base,
    blocks,
    ecPerBlock: ecTotal / blocks,
    dataCodewords: totalCodewords - ecTotal,
  };
  templates.set(key, template);
  return template;
}

/**
 * The data modules in the order the codewords' bits fill them: two-module columns from the right,
 * upwards then downwards in turn, the vertical timing column skipped, function modules passed over.
 */
function placementOrder(reserved: Uint8Array, size: number): Uint16Array {
  const order: number[] = [];
  let upwards = true;
  for (let column = size - 1; column > 0; column -= 2) {
    if (column === 6) column--;
    for (let step = 0; step < size; step++) {
      const row = upwards ? size - 1 - step : step;
      for (let c = 0; c < 2; c++) {
        const cell = row * size + column - c;
        if (!reserved[cell]) order.push(cell);
      }
    }
    upwards = !upwards;
  }
  return Uint16Array.from(order);
}
