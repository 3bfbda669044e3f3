// Decodes PNGs with pngjs outside Jest, whose module sandbox makes pngjs about twenty times slower.
// stdin: for each image a 4-byte big-endian length and the PNG; stdout: for each, the width and
// height (4 bytes each), 1 if every pixel is opaque (else 0), and one grey byte a pixel.
const { PNG } = require('pngjs');

const input = require('node:fs').readFileSync(0);
const out = [];
for (let offset = 0; offset < input.length;) {
  const length = input.readUInt32BE(offset);
  const { width, height, data } = PNG.sync.read(input.subarray(offset + 4, offset + 4 + length));
  offset += 4 + length;
  const header = Buffer.alloc(9);
  const pixels = Buffer.alloc(width * height);
  let opaque = true;
  for (let i = 0; i < pixels.length; i++) {
    if (data[i * 4 + 3] !== 255) opaque = false;
    pixels[i] = Math.round((data[i * 4] + data[i * 4 + 1] + data[i * 4 + 2]) / 3);
  }
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = opaque ? 1 : 0;
  out.push(header, pixels);
}
process.stdout.write(Buffer.concat(out));
