/** The units a print size may be written in. */
export type PrintUnit = 'mm' | 'cm' | 'in' | 'pt';

/** A parsed `size`: the code's width with its quiet zone, as written and in millimetres. */
export interface PrintSize {
  /** As the request wrote it (`"30mm"`), for echoing back. */
  text: string;
  value: number;
  unit: PrintUnit;
  mm: number;
}

/** Why a `size` or `dpi` value was refused; never carries the value itself. */
export interface PrintValueIssue {
  issue: 'format' | 'range';
}

/** Module size of a code drawn at a physical size, and what the caller should warn about. */
export interface PrintFit {
  /** The module as drawn, rounded to 2 decimals (vector: size / modules; PNG: scale / dpi). */
  moduleMm: number;
  warnings: 'small_modules'[];
  /**
   * With `small_modules`: the smallest size, in the request's unit, rounded up to 2 decimals, at
   * which the modules reach 0.40 mm (for the hint).
   */
  recommendedSize?: string;
}

/** A PNG fit: the pixels per module and the image's width. */
export interface PngPrintFit extends PrintFit {
  scale: number;
  widthPx: number;
}

/** The modules would be under 0.25 mm: refused, with the smallest size at which the request succeeds. */
export interface PrintTooSmall {
  issue: 'too_small';
  /** In the request's unit, rounded up to 2 decimals (`"14.25mm"`). */
  minimumSize: string;
}

export const PRINT_SIZE_MM = { min: 10, max: 500 } as const;
export const PRINT_DPI = { min: 72, max: 1200 } as const;
/** Under this the code is refused; under the warning size it is drawn with `small_modules`. */
export const MODULE_MM = { refused: 0.25, warning: 0.4 } as const;

const MM_PER_UNIT: Record<PrintUnit, number> = { mm: 1, cm: 10, in: 25.4, pt: 25.4 / 72 };
const SIZE_PATTERN = /^(\d{1,4}(?:\.\d{1,4})?)(mm|cm|in|pt)$/;
// Conversions between units are not exact in binary; a size this close to a limit counts as on it.
const EPSILON = 1e-9;

/** Reads `30mm`, `2.5cm`, `1.25in` or `85pt`, 10 mm to 500 mm inclusive. */
export function parsePrintSize(text: string): PrintSize | PrintValueIssue {
  const match = SIZE_PATTERN.exec(text);
  if (match === null) return { issue: 'format' };
  const value = Number(match[1]);
  const unit = match[2] as PrintUnit;
  const mm = value * MM_PER_UNIT[unit];
  if (mm < PRINT_SIZE_MM.min - EPSILON || mm > PRINT_SIZE_MM.max + EPSILON) return { issue: 'range' };
  return { text, value, unit, mm };
}

/** Reads a whole number of dots per inch, 72 to 1200. */
export function parseDpi(text: string): number | PrintValueIssue {
  if (!/^\d{1,5}$/.test(text)) return { issue: 'format' };
  const dpi = Number(text);
  return dpi < PRINT_DPI.min || dpi > PRINT_DPI.max ? { issue: 'range' } : dpi;
}

/** Points (1/72 in) in a print size: what the PDF and EPS writers take. */
export function printSizePt(size: PrintSize): number {
  return (size.mm / 25.4) * 72;
}

/**
 * A PDF or EPS code `size` wide, `modulesAcross` modules wide (the symbol and both quiet zones):
 * each module is size / modulesAcross.
 */
export function vectorPrintFit(size: PrintSize, modulesAcross: number): PrintFit | PrintTooSmall {
  const moduleMm = size.mm / modulesAcross;
  const fits = (mm: number, limit: number) => mm / modulesAcross >= limit - EPSILON;
  if (moduleMm < MODULE_MM.refused - EPSILON)
    return { issue: 'too_small', minimumSize: smallestSize(size.unit, (mm) => fits(mm, MODULE_MM.refused)) };
  return withWarning(moduleMm, size.unit, (mm) => fits(mm, MODULE_MM.warning));
}

/**
 * A PNG at most `size`·`dpi` pixels wide: the largest whole number of pixels per module that keeps
 * it so; the module is that scale / dpi. A scale of 0 is under every limit, so too small as well.
 */
export function pngPrintFit(size: PrintSize, dpi: number, modulesAcross: number): PngPrintFit | PrintTooSmall {
  const scaleAt = (mm: number) => Math.floor(((mm / 25.4) * dpi * (1 + EPSILON)) / modulesAcross);
  const moduleAt = (mm: number) => (scaleAt(mm) / dpi) * 25.4;
  const scale = scaleAt(size.mm);
  const moduleMm = moduleAt(size.mm);
  if (scale === 0 || moduleMm < MODULE_MM.refused - EPSILON) {
    const minimumSize = smallestSize(size.unit, (mm) => scaleAt(mm) > 0 && moduleAt(mm) >= MODULE_MM.refused - EPSILON);
    return { issue: 'too_small', minimumSize };
  }
  const fit = withWarning(moduleMm, size.unit, (mm) => moduleAt(mm) >= MODULE_MM.warning - EPSILON);
  return { ...fit, scale, widthPx: scale * modulesAcross };
}

function withWarning(moduleMm: number, unit: PrintUnit, reachesWarning: (mm: number) => boolean): PrintFit {
  const rounded = Math.round(moduleMm * 100) / 100;
  if (moduleMm >= MODULE_MM.warning - EPSILON) return { moduleMm: rounded, warnings: [] };
  return { moduleMm: rounded, warnings: ['small_modules'], recommendedSize: smallestSize(unit, reachesWarning) };
}

/**
 * The smallest size in `unit`, a multiple of 0.01, that `succeeds` and lies in the allowed range.
 * Binary search over hundredths: success is monotonic in the size for both rules.
 */
function smallestSize(unit: PrintUnit, succeeds: (mm: number) => boolean): string {
  const toMm = (hundredths: number) => (hundredths / 100) * MM_PER_UNIT[unit];
  let low = Math.ceil(((PRINT_SIZE_MM.min - EPSILON) / MM_PER_UNIT[unit]) * 100);
  let high = Math.floor(((PRINT_SIZE_MM.max + EPSILON) / MM_PER_UNIT[unit]) * 100);
  if (!succeeds(toMm(high))) return formatSize(high, unit);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (succeeds(toMm(middle))) high = middle;
    else low = middle + 1;
  }
  return formatSize(low, unit);
}

function formatSize(hundredths: number, unit: PrintUnit): string {
  return `${Number((hundredths / 100).toFixed(2))}${unit}`;
}
