import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { ApiError } from '../../core/errors/api-error';
import { ZipBytes } from './zip-bytes';

const inflate = promisify(inflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const ZIP64_EXTRA = 0x0001;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const STORED = 0;
const DEFLATED = 8;

/** One file of the archive, inflated. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** What bounds an archive beyond its body limit: its files, each one inflated, and all of them inflated. */
export interface ZipLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

interface LocalHeader {
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  name: string;
}

/** 400 invalid_zip: what is wrong (`issue`) and at which entry (its 1-based place, never its name). */
export function invalidZip(issue: string, entry?: number): ApiError {
  return new ApiError('invalid_zip', { details: { issue, ...(entry !== undefined ? { entry } : {}) } });
}

/**
 * The files of a ZIP archive as it arrives, read from the local headers (the central directory at
 * its end is never waited for), one at a time: the next file is read only when the consumer asks,
 * so memory holds one file's compressed and inflated bytes. Directories, macOS metadata
 * (`__MACOSX/`) and hidden files (a name part starting with a dot) are read past, not yielded. Every
 * name is checked for path tricks (absolute, `..`, a drive, a backslash, a control character):
 * such an archive is refused whole. Each file is inflated within `maxFileBytes` (a bomb stops
 * there: 413) and checked against its CRC; the files within `maxTotalBytes` together.
 */
export async function* readZipEntries(chunks: AsyncIterable<Buffer>, limits: ZipLimits): AsyncGenerator<ZipEntry> {
  const bytes = new ZipBytes(chunks[Symbol.asyncIterator]());
  let files = 0;
  let entries = 0;
  let total = 0;
  for (;;) {
    if (!(await bytes.need(4))) throw invalidZip(entries === 0 ? 'not_a_zip' : 'truncated', entries + 1);
    const signature = bytes.peek(4).readUInt32LE(0);
    if (signature === CENTRAL_HEADER || signature === END_OF_DIRECTORY) break;
    if (signature !== LOCAL_HEADER) throw invalidZip(entries === 0 ? 'not_a_zip' : 'corrupt', entries + 1);
    // Every entry costs a header's reading: a million empty ones are refused as early as many files.
    const entry = ++entries;
    if (entry > limits.maxFiles * 4) throw tooManyFiles(limits.maxFiles);
    const header = await readLocalHeader(bytes, entry);
    const skipped = isSkipped(header.name);
    if (!skipped && ++files > limits.maxFiles) throw tooManyFiles(limits.maxFiles);
    const compressed = await readCompressed(bytes, header, entry, limits.maxFileBytes);
    if (skipped) continue;
    const data = await inflated(header, compressed, entry, limits.maxFileBytes);
    total += data.length;
    if (total > limits.maxTotalBytes) throw tooLarge('maxTotalBytes', limits.maxTotalBytes);
    yield { name: header.name, data };
  }
  if (files === 0) throw invalidZip('no_files');
  // The central directory repeats what was read: drained, not held (the body limit bounds it).
  await bytes.drain();
}

async function readLocalHeader(bytes: ZipBytes, entry: number): Promise<LocalHeader> {
  if (!(await bytes.need(30))) throw invalidZip('truncated', entry);
  const fixed = bytes.take(30);
  const nameLength = fixed.readUInt16LE(26);
  const extraLength = fixed.readUInt16LE(28);
  if (!(await bytes.need(nameLength + extraLength))) throw invalidZip('truncated', entry);
  const flags = fixed.readUInt16LE(6);
  const rawName = bytes.take(nameLength);
  const extra = bytes.take(extraLength);
  const header: LocalHeader = {
    flags,
    method: fixed.readUInt16LE(8),
    crc: fixed.readUInt32LE(14),
    compressedSize: fixed.readUInt32LE(18),
    size: fixed.readUInt32LE(22),
    name: rawName.toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1'),
  };
  if (flags & FLAG_ENCRYPTED) throw invalidZip('encrypted', entry);
  if (header.method !== STORED && header.method !== DEFLATED) throw invalidZip('compression', entry);
  if (!isSafeName(header.name)) throw invalidZip('unsafe_name', entry);
  if (header.compressedSize === 0xffffffff || header.size === 0xffffffff) zip64Sizes(header, extra, entry);
  return header;
}

/** The sizes of a ZIP64 entry, from its extra field (uncompressed, then compressed, both 8 bytes). */
function zip64Sizes(header: LocalHeader, extra: Buffer, entry: number): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA && length >= 16 && at + 20 <= extra.length) {
      header.size = Number(extra.readBigUInt64LE(at + 4));
      header.compressedSize = Number(extra.readBigUInt64LE(at + 12));
      return;
    }
    at += 4 + length;
  }
  throw invalidZip('corrupt', entry);
}

/**
 * A file's compressed bytes: as many as its header says, or, when a data descriptor follows them
 * (sizes unknown when the archive was written as a stream), up to the descriptor whose compressed
 * size is exactly the bytes before it (a descriptor's signature inside the data is not taken).
 */
async function readCompressed(bytes: ZipBytes, header: LocalHeader, entry: number, maxFileBytes: number) {
  // Deflate can grow incompressible data by a few bytes per 16 KiB block, no more.
  const most = maxFileBytes + Math.ceil(maxFileBytes / 16_384) * 5 + 64;
  if (!(header.flags & FLAG_DESCRIPTOR)) {
    if (header.compressedSize > most) throw tooLarge('maxFileBytes', maxFileBytes, entry);
    if (!(await bytes.need(header.compressedSize))) throw invalidZip('truncated', entry);
    return bytes.take(header.compressedSize);
  }
  for (let from = 0; ;) {
    const at = bytes.indexOf(DESCRIPTOR, from);
    if (at >= 0) {
      // At the end of the body a 16-byte descriptor may be all there is: what arrived is read.
      await bytes.need(at + 24);
      const descriptor = bytes.peek(Math.min(at + 24, bytes.available)).subarray(at);
      const size = descriptorSizes(descriptor, at);
      if (size !== undefined) {
        const data = bytes.take(at);
        bytes.take(size.length);
        Object.assign(header, { crc: descriptor.readUInt32LE(4), compressedSize: at, size: size.size });
        return data;
      }
      from = at + 1;
      continue;
    }
    if (bytes.available > most + 24) throw tooLarge('maxFileBytes', maxFileBytes, entry);
    from = Math.max(0, bytes.available - 3);
    if (!(await bytes.more())) throw invalidZip('truncated', entry);
  }
}

/** A descriptor's uncompressed size and its own length, when its compressed size is `before` (32 or 64 bits). */
function descriptorSizes(descriptor: Buffer, before: number): { size: number; length: number } | undefined {
  if (descriptor.length >= 16 && descriptor.readUInt32LE(8) === before)
    return { size: descriptor.readUInt32LE(12), length: 16 };
  if (descriptor.length >= 24 && Number(descriptor.readBigUInt64LE(8)) === before)
    return { size: Number(descriptor.readBigUInt64LE(16)), length: 24 };
  return undefined;
}

/** A file's bytes: stored as they are, or inflated within the limit (off the event loop), and checked. */
async function inflated(header: LocalHeader, compressed: Buffer, entry: number, maxFileBytes: number) {
  if (header.size > maxFileBytes) throw tooLarge('maxFileBytes', maxFileBytes, entry);
  let data = compressed;
  if (header.method === DEFLATED) {
    try {
      data = await inflate(compressed, { maxOutputLength: maxFileBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw tooLarge('maxFileBytes', maxFileBytes, entry);
      throw invalidZip('corrupt', entry);
    }
  }
  if (data.length > maxFileBytes) throw tooLarge('maxFileBytes', maxFileBytes, entry);
  if (data.length !== header.size || crc32(data) >>> 0 !== header.crc) throw invalidZip('corrupt', entry);
  return data;
}

/** A relative path of plain parts: no root, drive, `..`, backslash or control character. */
function isSafeName(name: string): boolean {
  if (name === '' || name.length > 1024 || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  if (/[\\\u0000-\u001f\u007f]/.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

/** A directory, macOS metadata or a hidden file: read past, not an item. */
function isSkipped(name: string): boolean {
  return name.endsWith('/') || name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
}

function tooManyFiles(maxFiles: number): ApiError {
  return new ApiError('payload_too_large', {
    message: `The archive holds more than ${maxFiles} files.`,
    hint: `Send at most ${maxFiles} images per archive; split a larger stack into several batches.`,
    details: { maxFiles },
  });
}

function tooLarge(limit: 'maxFileBytes' | 'maxTotalBytes', bytes: number, entry?: number): ApiError {
  return new ApiError('payload_too_large', {
    message:
      limit === 'maxFileBytes'
        ? `A file of the archive is larger than ${bytes} bytes once inflated.`
        : `The archive's files are larger than ${bytes} bytes together once inflated.`,
    hint: 'Send smaller images (a photo of a code reads well at 2,000 pixels across), or fewer per archive.',
    details: { [limit]: bytes, ...(entry !== undefined ? { entry } : {}) },
  });
}
