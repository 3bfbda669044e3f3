import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';

/**
 * A digest of what a PDF draws and says, independent of the zlib build that compressed it: every
 * Flate stream is inflated, and what only follows from compressed sizes (each stream's /Length,
 * the cross-reference table and startxref) is dropped. Two PDFs with the same digest hold the same
 * objects byte for byte once inflated, so a digest recorded on one machine holds on another whose
 * zlib compresses differently.
 */
export function pdfContentDigest(pdf: Buffer): string {
  const hash = createHash('sha256');
  const text = pdf.toString('latin1');
  const xref = text.lastIndexOf('\nxref\n');
  const body = xref < 0 ? text : text.slice(0, xref);
  let at = 0;
  for (;;) {
    const start = body.indexOf('stream\n', at);
    if (start < 0) break;
    const end = body.indexOf('\nendstream', start);
    if (end < 0) throw new Error('a PDF stream has no end');
    hash.update(body.slice(at, start).replace(/\/Length \d+/g, ''), 'latin1');
    const raw = pdf.subarray(start + 'stream\n'.length, end);
    const flate = /\/Filter\s*\/FlateDecode/.test(body.slice(Math.max(0, body.lastIndexOf('obj', start)), start));
    hash.update(flate ? inflateSync(raw) : raw);
    at = end + '\nendstream'.length;
  }
  hash.update(body.slice(at).replace(/\/Length \d+/g, ''), 'latin1');
  return hash.digest('hex');
}
