import { prepareQrDecoders } from '../../lib/qr/decode';
import { ScanImageDecodeError } from '../../lib/scan/decode-scan-image';
import { scanImage, type ImageScan } from '../../lib/scan/scan-image';
import type { ScanImageHeader } from '../../lib/scan/scan-image-header';
// Lowers this worker's priority below the event loop's, once, as the worker loads this module.
import './worker-priority';

/** An image to scan: its bytes (moved to the worker, not copied) and the header the event loop checked. */
export interface ScanImageOrder {
  image: ArrayBuffer;
  header: ScanImageHeader;
}

/** An image whose pixels could not be decoded after its header was accepted. */
export interface UndecodableImage {
  undecodable: 'corrupt';
}

// A worker loads this module when it starts: compiling the decoders now spares the first task that cost.
prepareQrDecoders().catch(() => undefined);

/** Scans one image on a render-pool worker (see scanImage): its codes and their reports, or why none. */
export default async function scanImageTask({ image, header }: ScanImageOrder): Promise<ImageScan | UndecodableImage> {
  try {
    return await scanImage(new Uint8Array(image), header);
  } catch (error) {
    if (error instanceof ScanImageDecodeError) return { undecodable: error.issue };
    throw error;
  }
}
