import * as fontkit from 'fontkit';

/**
 * The font families the service ships (npm packages of Google's Noto Sans, as whole TrueType
 * files): one for Latin, Greek and Cyrillic, and one each for Japanese, Simplified Chinese and
 * Korean. Nothing of the machine's own fonts is ever used.
 */
export type FontFamily = 'sans' | 'jp' | 'sc' | 'kr';
export type FontWeight = 'regular' | 'bold';

// The Dockerfile keeps only these two weights of each package: a new face here is a new path there.
const FILES: Record<FontFamily, Record<FontWeight, string>> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  kr: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
};
/** The file of a family's weight, from the installed package. */
function fontFile(family: FontFamily, weight: FontWeight): string {
  return require.resolve(FILES[family][weight]);
}

// Each face is read and parsed once per process, when first needed (most sheets never open a CJK
// file), and shared by every document: PDFKit takes a parsed fontkit font as well as a file, and
// keeps the subset and the layout cache per document.
const faces = new Map<string, fontkit.Font>();

function face(family: FontFamily, weight: FontWeight): fontkit.Font {
  const name = `${family}-${weight}`;
  let font = faces.get(name);
  if (font === undefined) {
    font = fontkit.openSync(fontFile(family, weight)) as fontkit.Font;
    faces.set(name, font);
  }
  return font;
}

/** Makes the family's face current in the document; PDFKit embeds each face once per document, by name. */
export function useFace(doc: PDFKit.PDFDocument, family: FontFamily, weight: FontWeight): PDFKit.PDFDocument {
  // PDFKit's typings know a font by file or name; it takes a parsed fontkit font as well.
  return doc.font(face(family, weight) as unknown as string, `${family}-${weight}`);
}

/** Coverage is read from the regular faces: the bold ones hold the same characters. */
function covers(family: FontFamily, codePoint: number): boolean {
  return face(family, 'regular').hasGlyphForCodePoint(codePoint);
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
