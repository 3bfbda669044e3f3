import {
  inCoverage,
  shippedCoverage,
  shippedFace as face,
  type FontFamily,
  type FontWeight,
} from '../fonts/shipped-faces';

export type { FontFamily, FontWeight };

/** Makes the family's face current in the document; PDFKit embeds each face once per document, by name. */
export function useFace(doc: PDFKit.PDFDocument, family: FontFamily, weight: FontWeight): PDFKit.PDFDocument {
  // PDFKit's typings know a font by file or name; it takes a parsed fontkit font as well.
  return doc.font(face(family, weight) as unknown as string, `${family}-${weight}`);
}

/** Coverage is read from the regular faces' character maps: the bold ones hold the same characters. */
function covers(family: FontFamily, codePoint: number): boolean {
  return inCoverage(shippedCoverage(family), codePoint);
}

/** A stretch of text drawn in one family. */
export interface TextRun {
  family: FontFamily;
  text: string;
}

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
// Spaces, punctuation and combining marks stay in the run they follow when its font has them.
const FOLLOWS = /^[\p{Z}\p{P}\p{M}]$/u;

/** Han characters are shared: a line with kana reads as Japanese, with Hangul as Korean, else as Chinese. */
function preference(text: string): FontFamily[] {
  if (KANA.test(text)) return ['sans', 'jp', 'sc', 'kr'];
  if (HANGUL.test(text)) return ['sans', 'kr', 'sc', 'jp'];
  return ['sans', 'sc', 'jp', 'kr'];
}

/**
 * The text split into runs of the shipped family that draws them, or null when a character is in
 * none of them (the line is then left out rather than drawn with a missing-glyph box).
 */
export function textRuns(text: string): TextRun[] | null {
  const order = preference(text);
  const runs: TextRun[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    const current = runs[runs.length - 1];
    if (current !== undefined && FOLLOWS.test(character) && covers(current.family, codePoint)) {
      current.text += character;
      continue;
    }
    const family = order.find((candidate) => covers(candidate, codePoint));
    if (family === undefined) return null;
    if (current?.family === family) current.text += character;
    else runs.push({ family, text: character });
  }
  return runs;
}

/** Whether every character of the text has a glyph in a shipped font (a sheet prints it). */
export function hasShippedGlyphs(text: string): boolean {
  return textRuns(text) !== null;
}
