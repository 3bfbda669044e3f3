/** A point in the image's pixels. */
export interface ScanPoint {
  x: number;
  y: number;
}

/** The four corners of a code, clockwise from the corner with the first finder (as the code is read). */
export type ScanQuad = [topLeft: ScanPoint, topRight: ScanPoint, bottomRight: ScanPoint, bottomLeft: ScanPoint];

/** One QR symbol as one decoder read it, in the pixels of the plane it read. */
export interface ScannedSymbol {
  bytes: Uint8Array;
  position: ScanQuad;
  /** What only ZXing tells. */
  version?: number;
  level?: 'L' | 'M' | 'Q' | 'H';
  mask?: number;
  /** The ECI designator the symbol declares, if any. */
  eci?: number;
  /** ZXing's text, in the symbol's ECI (or the character set ZXing guessed). */
  text?: string;
  /** The share of the error correction left unused (1: no error corrected). */
  spareErrorCorrection?: number;
  inverted?: boolean;
  mirrored?: boolean;
  /** The symbol's modules a side (ZXing's sampled grid). */
  modules?: number;
}

/** A QR code ZXing found but could not decode: where, and why (for the no-code answer). */
export interface UnreadSymbol {
  position: ScanQuad;
  error: string;
}
