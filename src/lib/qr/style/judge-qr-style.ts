import { cleanText } from '../../contact/values/clean-text';
import type { QrLevel } from '../../vcard/qr-capacity';
import type { CaptionFont, GlyphOutline } from './caption-font';
import { inspectLogo, type RasterDecoder } from './inspect-logo';
import { COLOR_MESSAGES, judgeStyleColors, type StyleRefusal } from './judge-style-colors';
import {
  QR_STYLE_LIMITS as LIMITS,
  type QrFill,
  type QrFinderShape,
  type QrFramePosition,
  type QrModuleShape,
  type QrStyle,
  type QrStyleIssue,
  type QrStyleWarning,
  type ResolvedQrStyle,
} from './qr-style';
import { parseHexColor } from './style-color';

export interface QrStyleJudgeOptions {
  /** The level the request asked for (`qrLevel`), if it did. */
  qrLevel?: QrLevel;
  /** The quiet zone in modules. */
  margin: number;
  /** The font captions are drawn from. */
  font: CaptionFont;
  /** Decodes a PNG or JPEG logo whole; without it only the header is read. */
  decodeLogo?: RasterDecoder;
}

/**
 * What a style's values come to: the style to draw (null when any value is refused) and the facts
 * the answer reports.
 */
export interface QrStyleJudgement {
  style: ResolvedQrStyle | null;
  issues: QrStyleIssue[];
  /** The level to draw and to budget at: the one asked for, else H with a logo, else M. */
  level: QrLevel;
  /** True when the logo made the level H (no level was asked for). */
  levelRaised: boolean;
  /** The lowest WCAG contrast of a dark, frame or ball colour against a light one (white if transparent), 2 places. */
  contrast: number;
  warnings: QrStyleWarning[];
}

const MESSAGES = {
  modules: `Use one of: ${LIMITS.modules.join(', ')}.`,
  finders: `Use one of: ${LIMITS.finders.join(', ')}.`,
  position: `Use one of: ${LIMITS.framePositions.join(', ')}.`,
  logoSize: `Use a share of the symbol's width from ${LIMITS.logoSize.min} to ${LIMITS.logoSize.max}.`,
  logo: {
    invalid_value: 'Use a base64 data URL of a whole PNG, JPEG or SVG image (data:image/png;base64,...).',
    too_large: `The logo must decode to at most ${LIMITS.logoMaxBytes / 1024} KiB and be at most ${LIMITS.logoMaxPixels} px on a side.`,
    unsafe:
      'SVG logos may not contain scripts, foreignObject, a DOCTYPE, <text>, or references other than #ids and inline PNG or JPEG images. Convert text to paths first (Inkscape: Path > Object to Path; Illustrator: Type > Create Outlines).',
  },
  captionLength: `Use 1 to ${LIMITS.captionMaxCharacters} characters (after line breaks and control characters are cleaned).`,
  captionCharacters: 'The caption has characters the caption font does not draw; it covers Latin, Greek and Cyrillic.',
};

/**
 * Judges a style's values (its shape, unknown keys and JSON types, is the HTTP schema's job):
 * every refused value as an issue at its path, or the style resolved with its defaults, plus the
 * decided level, the contrast and the warnings. Messages never quote a value. The logo's size
 * against the symbol is judged once the version is known (`logoFitIssue`).
 */
export function judgeQrStyle(input: QrStyle | undefined, options: QrStyleJudgeOptions): QrStyleJudgement {
  const style = input ?? {};
  const issues: QrStyleIssue[] = [];
  const refuse: StyleRefusal = (field, issue, message) => {
    issues.push({ field: `style.${field}`, issue, message });
  };
  const { contrast, ...colors } = judgeStyleColors(style.colors, refuse);
  const modules = oneOf(style.modules, LIMITS.modules, LIMITS.defaults.modules as QrModuleShape);
  if (modules === undefined) refuse('modules', 'invalid_value', MESSAGES.modules);
  const finders = oneOf(style.finders, LIMITS.finders, LIMITS.defaults.finders as QrFinderShape);
  if (finders === undefined) refuse('finders', 'invalid_value', MESSAGES.finders);
  const logo = style.logo === undefined ? null : judgeLogo(style.logo, options.decodeLogo, refuse);
  const frame = style.frame === undefined ? null : judgeFrame(style.frame, colors.dark, options.font, refuse);

  const level = options.qrLevel ?? (style.logo !== undefined ? 'H' : (LIMITS.defaults.level as QrLevel));
  const warnings: QrStyleWarning[] = [];
  if (options.margin < LIMITS.quietZone) warnings.push('quiet_zone');
  if (contrast < LIMITS.warnContrast) warnings.push('contrast');
  if (colors.light === null) warnings.push('transparent');
  return {
    style: issues.length > 0 || !modules || !finders ? null : { colors, modules, finders, logo, frame },
    issues,
    level,
    levelRaised: options.qrLevel === undefined && style.logo !== undefined,
    contrast: Math.round(contrast * 100) / 100,
    warnings,
  };
}

/** The logo's image and size; null when either is refused. */
function judgeLogo(
  logo: NonNullable<QrStyle['logo']>,
  decodeLogo: RasterDecoder | undefined,
  refuse: StyleRefusal,
): ResolvedQrStyle['logo'] {
  const size = logo.size ?? LIMITS.logoSize.default;
  const sizeValid = typeof size === 'number' && size >= LIMITS.logoSize.min && size <= LIMITS.logoSize.max;
  if (!sizeValid) refuse('logo.size', 'invalid_value', MESSAGES.logoSize);
  const image = typeof logo.image === 'string' ? inspectLogo(logo.image, decodeLogo) : undefined;
  if (!image || 'issue' in image) {
    const issue = image?.issue ?? 'invalid_value';
    refuse('logo.image', issue, MESSAGES.logo[issue]);
    return null;
  }
  return sizeValid ? { mediaType: image.mediaType, data: image.data, size } : null;
}

/** The caption as the font draws it, its position and colour; null when any is refused. */
function judgeFrame(
  frame: NonNullable<QrStyle['frame']>,
  dark: QrFill,
  font: CaptionFont,
  refuse: StyleRefusal,
): ResolvedQrStyle['frame'] {
  const caption = typeof frame.caption === 'string' ? cleanText(frame.caption, false).normalize('NFC') : '';
  const characters = [...caption];
  const glyphs: GlyphOutline[] = [];
  if (characters.length === 0 || characters.length > LIMITS.captionMaxCharacters) {
    refuse('frame.caption', characters.length === 0 ? 'invalid_value' : 'too_long', MESSAGES.captionLength);
  } else {
    for (const character of characters) {
      const outline = font.outline(character.codePointAt(0) as number);
      if (outline) glyphs.push(outline);
    }
    if (glyphs.length !== characters.length)
      refuse('frame.caption', 'unsupported_characters', MESSAGES.captionCharacters);
  }
  const position = oneOf(frame.position, LIMITS.framePositions, LIMITS.defaults.framePosition as QrFramePosition);
  if (position === undefined) refuse('frame.position', 'invalid_value', MESSAGES.position);
  let color: QrFill = dark;
  if (frame.color !== undefined) {
    const parsed = typeof frame.color === 'string' ? parseHexColor(frame.color) : undefined;
    if (parsed === undefined) refuse('frame.color', 'format', COLOR_MESSAGES.color);
    color = parsed ?? dark;
  }
  if (!position || glyphs.length !== characters.length || characters.length === 0) return null;
  const { unitsPerEm, capHeight } = font;
  return { caption: { text: caption, unitsPerEm, capHeight, glyphs }, position, color };
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T | undefined {
  if (value === undefined) return fallback;
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
