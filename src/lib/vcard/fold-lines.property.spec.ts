import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { anyText, hostileContact, PROPERTY_RUNS } from '../../../test/fixtures/vcard/contact.arbitrary';
import { encodeVCard } from './encode-vcard';
import { escapeText } from './escape-text';
import { foldVCardLines } from './fold-lines';

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Checks P8's folding rules on one folded text against its unfolded original, independently of
 * how the folder decides: physical lines, the positions of the folds, and what lies around them.
 */
function expectValidFolding(unfolded: string, folded: string): void {
  // Unfolding (RFC 6350 §3.2) restores the original exactly.
  expect(folded.replaceAll('\r\n ', '')).toBe(unfolded);
  const logical = unfolded.split('\r\n');
  const physical = folded.split('\r\n');
  let lineIndex = 0;
  for (const line of logical) {
    const pieces = [physical[lineIndex++]];
    while (lineIndex < physical.length && physical[lineIndex].startsWith(' ')) pieces.push(physical[lineIndex++]);
    expect(pieces.map((piece, index) => (index === 0 ? piece : piece.slice(1))).join('')).toBe(line);
    // An unfolded line that fits is never folded.
    if (octets(line) <= 75) expect(pieces).toEqual([line]);
    const boundaries = new Set([...graphemes.segment(line)].map((segment) => segment.index));
    let position = 0;
    let previousFold = 0;
    pieces.forEach((piece, index) => {
      expect(octets(piece)).toBeLessThanOrEqual(75);
      // Each physical line is well-formed on its own: no half of a surrogate pair, no lost bytes.
      expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
      if (index > 0) {
        expect(piece.length).toBeGreaterThan(1);
        // Not inside an escape pair: the run of backslashes before the fold is even.
        const before = line.slice(0, position).match(/\\*$/)![0].length;
        expect(before % 2).toBe(0);
        // A cluster is cut only when it could not be moved whole: it began with this physical line,
        // or it is longer than the folder's look-back of 32 code units.
        if (!boundaries.has(position)) {
          const clusterStart = [...boundaries].filter((boundary) => boundary < position).pop()!;
          expect(clusterStart <= previousFold || position - clusterStart > 32).toBe(true);
        }
        previousFold = position;
      }
      position += index === 0 ? piece.length : piece.length - 1;
    });
  }
  expect(lineIndex).toBe(physical.length);
}

describe('foldVCardLines properties (P8)', () => {
  it('folds encoded hostile cards correctly', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const { qrPayload, vcard } = encodeVCard(fields);
        expectValidFolding(qrPayload, vcard);
      }),
      PROPERTY_RUNS,
    );
  });

  it('folds long escaped text lines of any content correctly', () => {
    const line = fc
      .tuple(
        fc.constantFrom('NOTE:', 'ADR;TYPE=WORK:;;', 'X:'),
        fc.array(anyText(120, 1), { minLength: 1, maxLength: 6 }),
      )
      .map(([prefix, parts]) => `${prefix}${escapeText(parts.join('').replace(/[\r\n]/g, ' '))}`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 3 }), (lines) => {
        const unfolded = `${lines.join('\r\n')}\r\n`;
        expectValidFolding(unfolded, foldVCardLines(unfolded));
      }),
      PROPERTY_RUNS,
    );
  });

  it('is idempotent on already short lines and deterministic', () => {
    fc.assert(
      fc.property(hostileContact, (fields) => {
        const { qrPayload, vcard } = encodeVCard(fields);
        expect(foldVCardLines(qrPayload)).toBe(vcard);
        expect(vcard.split('\r\n').every((line) => foldVCardLines(line) === line)).toBe(true);
      }),
      PROPERTY_RUNS,
    );
  });
});
