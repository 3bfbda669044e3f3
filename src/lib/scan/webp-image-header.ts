/** Why a WebP is refused from its header (a subset of the scan's ScanImageIssue). */
export type WebpIssue = 'truncated' | 'corrupt' | 'animated' | 'metadata_too_large';

/** One chunk of a WebP's RIFF container: its FourCC, and where its payload is. */
interface RiffChunk {
  type: string;
  at: number;
  length: number;
}

/** What a WebP's header tells before a pixel is decoded: its size when it declares one, and what is wrong with it. */
export interface WebpHeader {
  width?: number;
  height?: number;
  /** Set when the file is refused: cut short, damaged, animated, or carrying too much metadata. */
  issue?: WebpIssue;
}

/** The chunks that are the image itself; every other chunk but VP8X is metadata or unknown. */
const IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L']);
const ANIMATION_CHUNKS = new Set(['ANIM', 'ANMF']);
/** VP8X's flag for an animation. */
const ANIMATION_FLAG = 0x02;

/**
 * A WebP's header (RFC 9649): its RIFF chunks walked by their lengths, the canvas size from VP8X
 * (extended format) or from the one VP8 (lossy) or VP8L (lossless) bitstream's own header; then its
 * structure: whole (the RIFF size within the file, every chunk within it), one still image
 * (animated: a VP8X animation flag, ANIM or ANMF chunks), exactly one bitstream of the canvas's
 * size, its metadata (ICCP, EXIF, XMP and unknown chunks) within `maxMetadataBytes`. Pure,
 * linear in the chunk count.
 */
export function readWebpHeader(bytes: Uint8Array, maxMetadataBytes: number): WebpHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const walked = riffChunks(bytes, view);
  const [first] = walked.chunks;
  const size = first && (first.type === 'VP8X' ? canvasSize(bytes, first) : bitstreamSize(bytes, view, first));
  if (!size) return { issue: walked.issue ?? 'corrupt' };
  const issue = walked.issue ?? webpStructure(bytes, view, walked.chunks, size, maxMetadataBytes);
  return issue === undefined ? size : { ...size, issue };
}

/** The RIFF container's chunks in order, up to where the file (or its RIFF size) ends; why the walk stopped early. */
function riffChunks(bytes: Uint8Array, view: DataView): { chunks: RiffChunk[]; issue?: WebpIssue } {
  const chunks: RiffChunk[] = [];
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd < 20) return { chunks, issue: 'corrupt' };
  const end = Math.min(riffEnd, bytes.length);
  for (let at = 12; at < end;) {
    if (at + 8 > end) return { chunks, issue: 'truncated' };
    const type = Buffer.from(bytes.subarray(at, at + 4)).toString('latin1');
    if (!/^[A-Za-z0-9 ]{4}$/.test(type)) return { chunks, issue: 'corrupt' };
    const length = view.getUint32(at + 4, true);
    if (at + 8 + length > end) {
      chunks.push({ type, at: at + 8, length: Math.max(0, end - at - 8) });
      return { chunks, issue: 'truncated' };
    }
    chunks.push({ type, at: at + 8, length });
    // A chunk's payload is padded to an even length.
    at += 8 + length + (length & 1);
  }
  return riffEnd > bytes.length ? { chunks, issue: 'truncated' } : { chunks };
}

/** The canvas of an extended WebP: VP8X's 24-bit width and height, each less one. */
function canvasSize(bytes: Uint8Array, chunk: RiffChunk): { width: number; height: number } | undefined {
  if (chunk.length < 10) return undefined;
  const uint24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
  return { width: 1 + uint24(chunk.at + 4), height: 1 + uint24(chunk.at + 7) };
}

/** The frame size a VP8 key frame or a VP8L bitstream declares in its first bytes; undefined when it declares none. */
function bitstreamSize(
  bytes: Uint8Array,
  view: DataView,
  chunk: RiffChunk,
): { width: number; height: number } | undefined {
  const { at } = chunk;
  if (chunk.type === 'VP8 ') {
    // A key frame (bit 0 of its tag clear) with the start code 9d 01 2a, then 14-bit width and height.
    if (chunk.length < 10 || (bytes[at] & 1) !== 0) return undefined;
    if (bytes[at + 3] !== 0x9d || bytes[at + 4] !== 0x01 || bytes[at + 5] !== 0x2a) return undefined;
    return { width: view.getUint16(at + 6, true) & 0x3fff, height: view.getUint16(at + 8, true) & 0x3fff };
  }
  if (chunk.type === 'VP8L') {
    // The signature 0x2f, then 14 bits of width less one, 14 of height less one, alpha, a 3-bit version (0).
    if (chunk.length < 5 || bytes[at] !== 0x2f) return undefined;
    const bits = view.getUint32(at + 1, true);
    if (bits >>> 29 !== 0) return undefined;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** One still image of the canvas's size, metadata bounded; the first issue found, else undefined. */
function webpStructure(
  bytes: Uint8Array,
  view: DataView,
  chunks: readonly RiffChunk[],
  size: { width: number; height: number },
  maxMetadataBytes: number,
): WebpIssue | undefined {
  const [first] = chunks;
  if (first.type === 'VP8X' && (bytes[first.at] & ANIMATION_FLAG) !== 0) return 'animated';
  if (chunks.some((chunk) => ANIMATION_CHUNKS.has(chunk.type))) return 'animated';
  const images = chunks.filter((chunk) => IMAGE_CHUNKS.has(chunk.type));
  if (images.length !== 1) return 'corrupt';
  // An extended file's one bitstream draws the whole canvas (a simple file's is the canvas).
  const frame = bitstreamSize(bytes, view, images[0]);
  if (!frame || frame.width !== size.width || frame.height !== size.height) return 'corrupt';
  let metadata = 0;
  for (const chunk of chunks)
    if (chunk.type !== 'VP8X' && chunk.type !== 'ALPH' && !IMAGE_CHUNKS.has(chunk.type))
      if ((metadata += chunk.length) > maxMetadataBytes) return 'metadata_too_large';
  return undefined;
}
