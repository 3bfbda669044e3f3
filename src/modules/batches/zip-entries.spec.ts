import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { zipArchive, type ArchiveFile } from '../../../test/utils/zip-archive';
import { ApiError } from '../../core/errors/api-error';
import { readZipEntries, type ZipLimits } from './zip-entries';

const LIMITS: ZipLimits = { maxFiles: 10, maxFileBytes: 100_000, maxTotalBytes: 250_000 };

/** The archive in chunks of `size` bytes, as a request body arrives. */
async function* inChunks(archive: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < archive.length; at += size) yield archive.subarray(at, at + size);
}

async function read(archive: Buffer, limits = LIMITS, chunk = 1000): Promise<Array<{ name: string; data: Buffer }>> {
  const files = [];
  for await (const file of readZipEntries(inChunks(archive, chunk), limits)) files.push(file);
  return files;
}

async function refusal(archive: Buffer, limits = LIMITS): Promise<{ code: string; details: unknown }> {
  try {
    await read(archive, limits);
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, details: error.extras.details };
    throw error;
  }
  throw new Error('the archive was read');
}

const image = (n: number, size = 3000): Buffer => Buffer.concat([Buffer.from(`image ${n} `), randomBytes(size)]);

describe('readZipEntries', () => {
  it('reads stored, deflated, streamed (descriptor) and ZIP64 files in order, in chunks of any size', async () => {
    const files: ArchiveFile[] = [
      { name: 'a.png', data: image(1), method: 'store' },
      { name: 'cards/b.jpg', data: image(2) },
      { name: 'c.png', data: image(3), descriptor: 'signed' },
      { name: 'd.png', data: image(4), method: 'store', descriptor: 'signed' },
      { name: 'e.webp', data: Buffer.alloc(5000, 7), zip64: true },
    ];
    for (const chunk of [1, 7, 4096, 1 << 20]) {
      const read_ = await read(zipArchive(files), LIMITS, chunk);
      expect(read_.map((file) => file.name)).toEqual(files.map((file) => file.name));
      read_.forEach((file, i) => expect(file.data.equals(files[i].data)).toBe(true));
    }
  });

  it('takes a descriptor signature inside the data for data, not for the end of the file', async () => {
    // The signature followed by sizes that do not match the bytes before it.
    const data = Buffer.concat([
      image(1, 100),
      Buffer.from([0x50, 0x4b, 0x07, 0x08, 1, 2, 3, 4, 9, 9, 9, 9]),
      image(2, 100),
    ]);
    const [file] = await read(zipArchive([{ name: 'a.png', data, method: 'store', descriptor: 'signed' }]));
    expect(file.data.equals(data)).toBe(true);
  });

  it('reads past directories, macOS metadata and hidden files', async () => {
    const files = await read(
      zipArchive([
        { name: 'stack/', data: Buffer.alloc(0), method: 'store' },
        { name: '__MACOSX/stack/._a.png', data: image(0) },
        { name: 'stack/.DS_Store', data: image(0) },
        { name: 'stack/a.png', data: image(1) },
      ]),
    );
    expect(files.map((file) => file.name)).toEqual(['stack/a.png']);
  });

  it.each([
    ['../evil.png', 'unsafe_name'],
    ['/etc/evil.png', 'unsafe_name'],
    ['C:/evil.png', 'unsafe_name'],
    ['stack\\..\\evil.png', 'unsafe_name'],
    ['a\u0000.png', 'unsafe_name'],
  ])('refuses the whole archive for a name like %j', async (name, issue) => {
    expect(
      await refusal(
        zipArchive([
          { name: 'ok.png', data: image(1) },
          { name, data: image(2) },
        ]),
      ),
    ).toEqual({
      code: 'invalid_zip',
      details: { issue, entry: 2 },
    });
  });

  it('stops a bomb at the per-file limit, without inflating past it', async () => {
    const bomb = zipArchive([{ name: 'bomb.png', data: Buffer.alloc(50_000_000), claimedSize: 1000 }]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(bomb)).toEqual({ code: 'payload_too_large', details: { maxFileBytes: 100_000, entry: 1 } });
  });

  it('bounds the files together and their number', async () => {
    const three = [1, 2, 3].map((n) => ({ name: `${n}.png`, data: image(n, 90_000) }));
    expect(await refusal(zipArchive(three))).toEqual({
      code: 'payload_too_large',
      details: { maxTotalBytes: 250_000 },
    });
    const many = Array.from({ length: 11 }, (_, n) => ({ name: `${n}.png`, data: image(n, 10) }));
    expect(await refusal(zipArchive(many))).toMatchObject({ code: 'payload_too_large', details: { maxFiles: 10 } });
    const empties = Array.from({ length: 41 }, (_, n) => ({ name: `${n}/`, data: Buffer.alloc(0) }));
    expect(await refusal(zipArchive(empties))).toMatchObject({ code: 'payload_too_large', details: { maxFiles: 10 } });
  });

  it('refuses what is not a readable archive, saying why', async () => {
    const good = zipArchive([{ name: 'a.png', data: image(1) }]);
    const corrupt = Buffer.from(good);
    corrupt[60] ^= 0xff;
    const lying = zipArchive([{ name: 'a.png', data: image(1), claimedSize: 10 }]);
    const encrypted = Buffer.from(good);
    encrypted[6] |= 1;
    const bzip2 = Buffer.from(good);
    bzip2.writeUInt16LE(12, 8);
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('not a zip at all'), 'not_a_zip'],
      [Buffer.alloc(0), 'not_a_zip'],
      [good.subarray(0, 40), 'truncated'],
      [corrupt, 'corrupt'],
      [lying, 'corrupt'],
      [encrypted, 'encrypted'],
      [bzip2, 'compression'],
      [zipArchive([{ name: 'a.png', data: image(1), descriptor: 'unsigned' }]), 'truncated'],
      [zipArchive([{ name: 'only/', data: Buffer.alloc(0) }]), 'no_files'],
    ];
    for (const [archive, issue] of cases)
      expect(await refusal(archive)).toMatchObject({ code: 'invalid_zip', details: { issue } });
  });
});
