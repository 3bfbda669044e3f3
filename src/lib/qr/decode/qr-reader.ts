import type { RgbaImage } from './rgba-image';

/** One QR decoder, run in this process as WebAssembly loaded from its installed package. */
export interface QrReader {
  /** Loads and compiles the decoder once per thread; later calls return the same promise. */
  prepare(): Promise<void>;
  /** The raw bytes of every QR symbol the decoder finds in an opaque image, with no character set applied. */
  read(image: RgbaImage): Promise<Uint8Array[]>;
}
