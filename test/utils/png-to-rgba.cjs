// Decodes PNGs to RGBA with pngjs outside Jest, whose module sandbox makes pngjs about twenty times slower.
// stdin: for each image a 4-byte big-endian length and the PNG; stdout: for each, the width and height (4 bytes
// each) and its RGBA pixels, 4 bytes a pixel.
const { PNG } = require('pngjs');

const input = require('node:fs').readFileSync(0);
const out = [];
for (let offset = 0; offset < input.length;) {
  const length = input.readUInt32BE(offset);
  const { width, height, data } = PNG.sync.read(input.subarray(offset + 4, offset + 4 + length));
  offset += 4 + length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  out.push(header, data);
}
process.stdout.write(Buffer.concat(out));
