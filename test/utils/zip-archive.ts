import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a test archive and how it is written. */
export interface ArchiveFile {
  name: string;
  data: Buffer;
  /** Deflated (the default) or stored. */
  method?: 'deflate' | 'store';
  /** Sizes after the data, as a streaming writer leaves them: with the descriptor's signature, or without. */
  descriptor?: 'signed' | 'unsigned';
  /** The sizes in a ZIP64 extra field (0xffffffff in the header), as some writers do for every file. */
  zip64?: boolean;
  /** A header that lies: this uncompressed size instead of the real one. */
  claimedSize?: number;
}

/**
 * A ZIP archive written by hand, so a test says exactly which of the format's forms it holds
 * (the writers in node_modules pick their own). Checked by Info-ZIP's `unzip -t` in the e2e suite.
 */
export function zipArchive(files: readonly ArchiveFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const stored = file.method === 'store';
    const body = stored ? file.data : deflateRawSync(file.data);
    const crc = crc32(file.data) >>> 0;
    const size = file.claimedSize ?? file.data.length;
    const flags = 0x0800 | (file.descriptor ? 0x0008 : 0);
    const extra = file.zip64 ? zip64Extra(size, body.length) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(file.zip64 ? 45 : 20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(file.descriptor ? 0 : crc, 14);
    local.writeUInt32LE(file.zip64 ? 0xffffffff : file.descriptor ? 0 : body.length, 18);
    local.writeUInt32LE(file.zip64 ? 0xffffffff : file.descriptor ? 0 : size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const descriptor = file.descriptor ? descriptorOf(file.descriptor, crc, body.length, size) : Buffer.alloc(0);
    locals.push(local, name, extra, body, descriptor);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + extra.length + body.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function zip64Extra(size: number, compressed: number): Buffer {
  const extra = Buffer.alloc(20);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(16, 2);
  extra.writeBigUInt64LE(BigInt(size), 4);
  extra.writeBigUInt64LE(BigInt(compressed), 12);
  return extra;
}

function descriptorOf(kind: 'signed' | 'unsigned', crc: number, compressed: number, size: number): Buffer {
  const sizes = Buffer.alloc(12);
  sizes.writeUInt32LE(crc, 0);
  sizes.writeUInt32LE(compressed, 4);
  sizes.writeUInt32LE(size, 8);
  return kind === 'signed' ? Buffer.concat([Buffer.from([0x50, 0x4b, 0x07, 0x08]), sizes]) : sizes;
}
