import type { Font } from 'fontkit';
import { shippedFace } from '../../fonts/shipped-faces';
import type { CaptionFont, CaptionGlyphTable, GlyphOutline } from './caption-font';

// Combining marks would need the font's positioning rules to sit on their letter (captions are
// NFC-normalised first, so precomposed letters are drawn); controls and format characters draw nothing.
const NOT_DRAWN = /[\p{M}\p{C}\p{Zl}\p{Zp}]/u;

const COMMANDS: Record<string, string> = {
  moveTo: 'M',
  lineTo: 'L',
  quadraticCurveTo: 'Q',
  bezierCurveTo: 'C',
  closePath: 'Z',
};

let shipped: NotoCaptionFont | undefined;

/**
 * The caption font: Noto Sans Bold, the face the print sheets use for names (Latin, Greek and
 * Cyrillic with their extensions), parsed once per process from the installed package's TrueType
 * file with fontkit: nothing is downloaded and no system font is used.
 */
export function notoCaptionFont(): CaptionFont & { table(): CaptionGlyphTable } {
  shipped ??= new NotoCaptionFont();
  return shipped;
}

class NotoCaptionFont implements CaptionFont {
  readonly unitsPerEm: number;
  readonly capHeight: number;
  private readonly font: Font = shippedFace('sans', 'bold');
  private readonly outlines = new Map<number, GlyphOutline | undefined>();

  constructor() {
    this.unitsPerEm = this.font.unitsPerEm;
    this.capHeight = this.font.capHeight;
  }

  outline(codePoint: number): GlyphOutline | undefined {
    if (!this.outlines.has(codePoint)) this.outlines.set(codePoint, this.read(codePoint));
    return this.outlines.get(codePoint);
  }

  /** Every outline the font draws, in code point order: the browser's copy of this font. */
  table(): CaptionGlyphTable {
    const codePoints = [...this.font.characterSet].sort((a, b) => a - b);
    const glyphs: CaptionGlyphTable['glyphs'] = [];
    for (const codePoint of codePoints) {
      const outline = this.outline(codePoint);
      if (outline) glyphs.push([outline.codePoint, outline.advance, outline.d]);
    }
    return { unitsPerEm: this.unitsPerEm, capHeight: this.capHeight, glyphs };
  }

  private read(codePoint: number): GlyphOutline | undefined {
    if (NOT_DRAWN.test(String.fromCodePoint(codePoint))) return undefined;
    if (!this.font.hasGlyphForCodePoint(codePoint)) return undefined;
    const glyph = this.font.glyphForCodePoint(codePoint);
    const d = glyph.path.commands
      .map(({ command, args }) => [COMMANDS[command], ...args.map(fontUnits)].join(' '))
      .join(' ');
    return { codePoint, advance: glyph.advanceWidth, d };
  }
}

// Tenths of a font unit: TrueType points are integers or halves; scaled components are not.
function fontUnits(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? '0' : String(rounded);
}
