import type { GreyImage } from './decodable-image';

/** What a reader may know of the image besides its pixels. */
export interface QrReadOptions {
  /**
   * Pixels per module of the code the image holds, when the caller drew it: ZBar then scans every
   * `⌊modulePixels / 2⌋`-th line first (two scan lines a module find square finder patterns), then,
   * from 8 pixels a module, every `⌊modulePixels / 4⌋`-th line, and every line only when those find
   * no code (round finders can slip between sparse lines).
   */
  modulePixels?: number;
}

/** One QR decoder, run in this process as WebAssembly loaded from its installed package. */
export interface QrReader {
  /** Loads and compiles the decoder once per thread; later calls return the same promise. */
  prepare(): Promise<void>;
  /**
   * The raw bytes of every QR symbol the decoder finds in an image's grey plane (this decoder's own, from
   * `decodableGrey`), with no character set applied.
   */
  read(image: GreyImage, options?: QrReadOptions): Promise<Uint8Array[]>;
}
