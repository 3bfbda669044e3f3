import type { GreyImage } from '../qr/decode/decodable-image';
import type { RgbaImage } from '../qr/decode';
import { contrastRatio } from '../qr/style/style-color';
import { QR_STYLE_LIMITS } from '../qr/style/qr-style';
import { greyAt, medianColour, moduleSamples, quadPoint, quantile, type ModuleSample } from './code-samples';
import { quadSide, type MergedReading } from './merge-readings';
import { scanAdvice } from './scan-advice';
import type { ScanQuad } from './scan-symbol';
import type { CodeReport, ScanCause } from './scan-report';

export type { CodeReport, ScanCause } from './scan-report';

/** The most quiet zone measured, in modules. */
const MAX_QUIET_MODULES = 10;
/** Under this many pixels a module, a phone at arm's length misses codes. */
const SMALL_MODULE_PIXELS = 3;
/** The grid a code is sampled on when its module count is not known. */
const UNKNOWN_GRID = 41;

/** The scan report of one code found in `plane` (whose pixels are `scale` image pixels). */
export function codeReport(reading: MergedReading, plane: GreyImage, image: RgbaImage, scale: number): CodeReport {
  const { symbol } = reading;
  const modules = symbol.modules ?? (symbol.version ? 17 + 4 * symbol.version : undefined);
  const samples = moduleSamples(plane, image, scale, symbol.position, modules ?? UNKNOWN_GRID);
  const split = splitSamples(samples);
  const inverted = symbol.inverted === true;
  const [bars, spaces] = inverted ? [split.light, split.dark] : [split.dark, split.light];
  const dark = medianColour(bars.length ? bars : samples);
  const light = medianColour(spaces.length ? spaces : samples);
  const contrast = Math.round(contrastRatio(dark, light) * 100) / 100;
  const modulePlanePixels = modules ? quadSide(symbol.position) / modules : undefined;
  const quiet = modulePlanePixels
    ? quietZone(plane, symbol.position, modulePlanePixels, inverted ? split.darkGrey : split.lightGrey, split.threshold)
    : undefined;
  const causes: ScanCause[] = [];
  if (reading.readBy.length < 2) {
    if (contrast < QR_STYLE_LIMITS.warnContrast) causes.push('low_contrast');
    if (logoLike(samples, split)) causes.push('logo');
    if (quiet && quiet.modules < QR_STYLE_LIMITS.quietZone) causes.push('quiet_zone');
    if (samples.some((sample) => sample.translucent)) causes.push('transparent');
    if (modulePlanePixels && modulePlanePixels * scale < SMALL_MODULE_PIXELS) causes.push('small_modules');
    if (inverted) causes.push('inverted');
  }
  const report: Omit<CodeReport, 'advice'> = {
    modulePixels: modulePlanePixels ? Math.round(modulePlanePixels * scale * 100) / 100 : null,
    quietZone: quiet ? quiet.modules : null,
    quietZoneAtEdge: quiet?.atEdge ?? false,
    contrast,
    colors: { dark, light },
    inverted,
    decodersAgree: reading.agree && reading.readBy.length === 2,
    spareErrorCorrection:
      symbol.spareErrorCorrection === undefined ? null : Math.round(symbol.spareErrorCorrection * 100) / 100,
    causes,
  };
  return { ...report, advice: scanAdvice(report, reading.readBy) };
}

interface SplitSamples {
  dark: ModuleSample[];
  light: ModuleSample[];
  darkGrey: number;
  lightGrey: number;
  threshold: number;
}

/** The samples split at the grey halfway between the darkest and lightest tenth. */
function splitSamples(samples: readonly ModuleSample[]): SplitSamples {
  const greys = samples.map((sample) => sample.grey).sort((a, b) => a - b);
  const low = quantile(greys, 0.1);
  const high = quantile(greys, 0.9);
  const threshold = (low + high) / 2;
  const dark = samples.filter((sample) => sample.grey < threshold);
  const light = samples.filter((sample) => sample.grey >= threshold);
  return { dark, light, darkGrey: low, lightGrey: high, threshold };
}

/**
 * Whether the middle of the code holds something other than modules: over a fifth of the samples
 * in its central third are far from both module colours (a picture, not a dark or light module).
 */
function logoLike(samples: readonly ModuleSample[], split: SplitSamples): boolean {
  const range = split.lightGrey - split.darkGrey;
  if (range <= 0) return false;
  const central = samples.filter((s) => s.u > 1 / 3 && s.u < 2 / 3 && s.v > 1 / 3 && s.v < 2 / 3);
  if (central.length === 0) return false;
  const spread = (sample: ModuleSample) => Math.max(...sample.rgb) - Math.min(...sample.rgb);
  const odd = central.filter(
    (s) =>
      (Math.abs(s.grey - split.darkGrey) > 0.3 * range && Math.abs(s.grey - split.lightGrey) > 0.3 * range) ||
      spread(s) > 96,
  );
  return odd.length / central.length > 0.2;
}

/**
 * The quiet zone: for each side, how far out (in plane pixels) lines parallel to it stay on the
 * space side of `threshold`, then the least of the four in modules (1 decimal, capped); whether the
 * image's edge came first on any side.
 */
function quietZone(
  plane: GreyImage,
  quad: ScanQuad,
  modulePixels: number,
  spaceGrey: number,
  threshold: number,
): { modules: number; atEdge: boolean } {
  const maxDistance = Math.ceil(MAX_QUIET_MODULES * modulePixels);
  const isSpace = (grey: number) => (spaceGrey >= threshold ? grey >= threshold : grey < threshold);
  let least = maxDistance;
  let atEdge = false;
  const sides: Array<[number, number, number, number]> = [
    [0, 0, 0, -1],
    [1, 0, 1, 0],
    [0, 1, 0, 1],
    [0, 0, -1, 0],
  ];
  for (const [fixedU, fixedV, du, dv] of sides) {
    let distance = 0;
    for (; distance < maxDistance; distance++) {
      const out = (distance + 0.5) / quadSide(quad);
      let clear = true;
      for (let step = 0; step <= 24 && clear; step++) {
        const t = -out + (step / 24) * (1 + 2 * out);
        const u = du === 0 ? t : fixedU + du * out;
        const v = dv === 0 ? t : fixedV + dv * out;
        const grey = greyAt(plane, quadPoint(quad, u, v));
        if (grey === undefined) {
          atEdge = true;
          clear = false;
        } else if (!isSpace(grey)) clear = false;
      }
      if (!clear) break;
    }
    least = Math.min(least, distance);
  }
  return { modules: Math.min(MAX_QUIET_MODULES, Math.floor((least / modulePixels) * 10) / 10), atEdge };
}
