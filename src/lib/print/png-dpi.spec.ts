import { expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { qrMatrix, qrPng } from '../qr';
import { describeWithProgram } from '../../../test/utils/system-program';
import { pngWithDpi } from './png-dpi';

/** The chunks as Python's zlib and struct read them (an independent parser): type, data, CRC valid. */
function chunks(png: Buffer): { type: string; data: string; crcOk: boolean }[] {
  const script = `
import sys, struct, zlib, json
data = sys.stdin.buffer.read()
assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
out, at = [], 8
while at < len(data):
    (length,) = struct.unpack('>I', data[at:at + 4])
    kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
    (crc,) = struct.unpack('>I', data[at + 8 + length:at + 12 + length])
    out.append({'type': kind.decode(), 'data': body.hex(), 'crcOk': zlib.crc32(kind + body) == crc})
    at += 12 + length
print(json.dumps(out))`;
  const run = spawnSync('python3', ['-c', script], { input: png, timeout: 30_000 });
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return JSON.parse(run.stdout.toString());
}

const png = qrPng(qrMatrix('BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n', 'M'), { scale: 4, margin: 4 });

describeWithProgram('python3', 'apt-get install -y python3')('pngWithDpi, read back by Python', () => {
  it('adds a pHYs chunk right after IHDR with the DPI as pixels per metre, keeping every other byte', () => {
    const withDpi = pngWithDpi(png, 300);
    const read = chunks(withDpi);
    expect(read.map((chunk) => chunk.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(read.every((chunk) => chunk.crcOk)).toBe(true);
    // 300 dpi = 11811 pixels a metre (0x2e23), both axes, unit 1 (metre).
    expect(read[1].data).toBe('00002e2300002e2301');
    const without = Buffer.concat([withDpi.subarray(0, 33), withDpi.subarray(33 + 21)]);
    expect(without.equals(png)).toBe(true);
  });

  it('replaces a pHYs already there', () => {
    const twice = pngWithDpi(pngWithDpi(png, 72), 1200);
    const read = chunks(twice);
    expect(read.filter((chunk) => chunk.type === 'pHYs').map((chunk) => chunk.data)).toEqual(['0000b88c0000b88c01']);
    expect(twice.length).toBe(png.length + 21);
  });

  it('leaves the plain PNG writer as it was', () => {
    expect(chunks(png).map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
});
