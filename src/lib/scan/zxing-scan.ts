import type { ReaderOptions, ZXingReadResult } from 'zxing-wasm/reader';
import type { GreyImage } from '../qr/decode/decodable-image';
import { moduleReaderOptions, readZxingPixmap } from '../qr/decode/zxing-qr-reader';
import type { ScannedSymbol, ScanQuad, UnreadSymbol } from './scan-symbol';

/**
 * How a scan reads with ZXing: unlike the check of a code the service drew, a photo may hold a code
 * turned, inverted, mirrored, large or damaged, and several of them; the codes it detects but
 * cannot decode are returned too, so an answer with none can say where one was.
 */
const SCAN_OPTIONS = moduleReaderOptions({
  formats: ['QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 16,
  returnErrors: true,
  characterSet: 'Unknown',
  textMode: 'Plain',
} satisfies ReaderOptions);

const QR_FORMATS = new Set<string>(['QRCode', 'QRCodeModel2']);
const LEVELS = new Set(['L', 'M', 'Q', 'H']);

/** Every QR symbol ZXing reads in a grey plane, with what it tells of each, and those it found but could not read. */
export async function zxingScan(image: GreyImage): Promise<{ read: ScannedSymbol[]; unread: UnreadSymbol[] }> {
  const read: ScannedSymbol[] = [];
  const unread: UnreadSymbol[] = [];
  await readZxingPixmap(image, SCAN_OPTIONS, (result) => {
    if (!QR_FORMATS.has(result.format)) return;
    if (result.isValid) read.push(scannedSymbol(result));
    else unread.push({ position: quad(result.position), error: result.error });
  });
  return { read, unread };
}

function scannedSymbol(result: ZXingReadResult): ScannedSymbol {
  const extra = parseExtra(result.extra);
  const version = Number(result.version);
  const mask = Number(extra.DataMask);
  const spare = Number(extra.UEC);
  return {
    bytes: Uint8Array.from(result.bytes),
    position: quad(result.position),
    ...(Number.isInteger(version) && version > 0 ? { version } : {}),
    ...(LEVELS.has(result.ecLevel) ? { level: result.ecLevel as ScannedSymbol['level'] } : {}),
    ...(Number.isInteger(mask) && extra.DataMask !== undefined ? { mask } : {}),
    ...(result.hasECI ? eciOf(result.bytesECI) : {}),
    text: result.text,
    ...(Number.isFinite(spare) && extra.UEC !== undefined ? { spareErrorCorrection: spare } : {}),
    inverted: result.isInverted,
    mirrored: result.isMirrored,
    ...(result.symbol?.width ? { modules: result.symbol.width } : {}),
  };
}

function quad(position: ZXingReadResult['position']): ScanQuad {
  const { topLeft, topRight, bottomRight, bottomLeft } = position;
  return [topLeft, topRight, bottomRight, bottomLeft].map(({ x, y }) => ({ x, y })) as ScanQuad;
}

/** zxing-cpp's extra fields, a JSON object (DataMask, UEC: the unused share of error correction, Version, ECLevel). */
function parseExtra(extra: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(extra || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The first ECI designator of the content with its ECI escapes (`]Q2\000026…`): six digits after a backslash. */
function eciOf(bytesECI: Uint8Array): { eci?: number } {
  const text = Buffer.from(bytesECI.subarray(0, 32)).toString('latin1');
  const match = /\\(\d{6})/.exec(text);
  return match ? { eci: Number(match[1]) } : {};
}
