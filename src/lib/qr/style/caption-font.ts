/**
 * One character's outline in font units, y growing up from the baseline: `d` holds absolute
 * commands `M x y`, `L x y`, `Q x1 y1 x y`, `C x1 y1 x2 y2 x y` and `Z`, separated by spaces.
 */
export interface GlyphOutline {
  codePoint: number;
  advance: number;
  d: string;
}

/** The font captions are drawn from: its outlines by code point, undefined where it has none. */
export interface CaptionFont {
  unitsPerEm: number;
  /** Height of a capital letter, in font units: the caption is centred on it. */
  capHeight: number;
  outline(codePoint: number): GlyphOutline | undefined;
}

/**
 * The serialised form of a CaptionFont: what the build writes for the browser and what
 * `captionFontFromTable` reads back, so that a caption has the same outlines on both sides.
 */
export interface CaptionGlyphTable {
  unitsPerEm: number;
  capHeight: number;
  /** `[codePoint, advance, d]` for every character the font draws. */
  glyphs: Array<[number, number, string]>;
}

/** A CaptionFont over a table of outlines (the browser's: no font file parser is bundled). */
export function captionFontFromTable(table: CaptionGlyphTable): CaptionFont {
  const byCodePoint = new Map<number, GlyphOutline>();
  for (const [codePoint, advance, d] of table.glyphs) byCodePoint.set(codePoint, { codePoint, advance, d });
  return {
    unitsPerEm: table.unitsPerEm,
    capHeight: table.capHeight,
    outline: (codePoint) => byCodePoint.get(codePoint),
  };
}
