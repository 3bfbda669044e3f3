/** What in a code makes it harder to read: the proof's words, and a scan's own (small modules, inverted). */
export type ScanCause = 'low_contrast' | 'logo' | 'quiet_zone' | 'transparent' | 'small_modules' | 'inverted';

/** A code's scan report: what was measured on it, and what to do about it. */
export interface CodeReport {
  /** Image pixels a module (2 decimals); null when only ZBar read it (it tells no module count). */
  modulePixels: number | null;
  /** The light margin found around the code, in modules (1 decimal, at most 10); null with modulePixels. */
  quietZone: number | null;
  /** True when the image ends before the quiet zone does on some side. */
  quietZoneAtEdge: boolean;
  /** WCAG contrast of the code's dark and light modules (as the style rules measure colours), 2 decimals. */
  contrast: number;
  colors: { dark: string; light: string };
  inverted: boolean;
  decodersAgree: boolean;
  /** The share of error correction left unused (1: nothing corrected), where ZXing tells it; else null. */
  spareErrorCorrection: number | null;
  /** Named when only one decoder, or none, read the code. */
  causes: ScanCause[];
  advice: string[];
}
