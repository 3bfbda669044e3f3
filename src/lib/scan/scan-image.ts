import { prepareQrDecoders } from '../qr/decode';
import { codeReport, type CodeReport } from './code-report';
import { codeText, type CodeContent } from './code-text';
import { decodeScanImage } from './decode-scan-image';
import { mergeReadings, type ScanDecoder } from './merge-readings';
import { noCodeFinding, type NoCodeFinding } from './no-code-cause';
import { scanPlanes } from './scan-plane';
import type { ScanImageHeader } from './scan-image-header';
import type { ScanQuad } from './scan-symbol';
import { zbarScan } from './zbar-scan';
import { zxingScan } from './zxing-scan';

/** One code found in an image: what it holds, where it is, how it is made and how well it reads. */
export interface ScannedCode {
  text: string;
  /** The character set the text was read in; null when ZXing guessed it. */
  charset: string | null;
  /** The ECI designator the code declares; null when it declares none. */
  eci: number | null;
  content: CodeContent;
  /** The corners in image pixels: top left, top right, bottom right, bottom left, as the code is read. */
  position: ScanQuad;
  /** Version, level and mask as ZXing reads them; null when only ZBar read the code. */
  version: number | null;
  level: 'L' | 'M' | 'Q' | 'H' | null;
  mask: number | null;
  readBy: ScanDecoder[];
  report: CodeReport;
}

/** What scanning an image gives: its size, and its codes, or why none was read. */
export interface ImageScan {
  width: number;
  height: number;
  codes: ScannedCode[];
  /** Present when `codes` is empty. */
  noCode?: NoCodeFinding;
}

/**
 * Scans an image whose header readScanImageHeader() accepted: decodes its pixels, reads it with
 * both decoders (ZXing turned, inverted and mirrored too; ZBar also inverted when ZXing saw a
 * light-on-dark code), joins their readings into codes, and reports on each. Throws
 * ScanImageDecodeError for pixels that cannot be decoded.
 */
export async function scanImage(bytes: Uint8Array, header: ScanImageHeader): Promise<ImageScan> {
  await prepareQrDecoders();
  const image = await decodeScanImage(bytes, header);
  const planes = scanPlanes(image);
  const zxing = await zxingScan(planes.zxing);
  const zbar = await zbarScan(planes.zbar);
  if (zxing.read.some((symbol) => symbol.inverted) || (zbar.length === 0 && zxing.read.length === 0))
    zbar.push(...(await zbarScan(planes.zbar, true)));
  const merged = mergeReadings(zxing.read, zbar);
  const { scale } = planes;
  const codes = merged.map((reading): ScannedCode => {
    const { symbol } = reading;
    const text = codeText(symbol);
    return {
      text: text.text,
      charset: text.charset,
      eci: symbol.eci ?? null,
      content: text.content,
      position: symbol.position.map(({ x, y }) => ({ x: x * scale, y: y * scale })) as ScanQuad,
      version: symbol.version ?? null,
      level: symbol.level ?? null,
      mask: symbol.mask ?? null,
      readBy: reading.readBy,
      report: codeReport(reading, planes.zxing, image, scale),
    };
  });
  return {
    width: image.width,
    height: image.height,
    codes,
    ...(codes.length === 0 ? { noCode: noCodeFinding(planes.zxing, zxing.unread, scale) } : {}),
  };
}
