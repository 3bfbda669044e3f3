import { cleanText } from '../../contact/values/clean-text';
import type { QrLevel } from '../../vcard/qr-capacity';
import type { CaptionFont, GlyphOutline } from './caption-font';
import { inspectLogo, type RasterDecoder } from './inspect-logo';
import {
  QR_STYLE_LIMITS as LIMITS,
  type QrFinderShape,
  type QrFramePosition,
  type QrModuleShape,
  type QrStyle,
  type QrStyleIssue,
  type QrStyleWarning,
  type ResolvedQrStyle,
} from './qr-style';
import { contrastRatio, parseHexColor, relativeLuminance } from './style-color';

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
  /** WCAG contrast of dark and of finder against light (white when transparent), the lower, 2 decimals. */
  contrast: number;
  warnings: QrStyleWarning[];
}

const MESSAGES = {
  color: 'Use #rgb or #rrggbb.',
  light: 'Use #rgb, #rrggbb or transparent.',
  lowContrast: `Contrast against colors.light is below ${LIMITS.minContrast}:1; use a darker colour or a lighter background.`,
  inverted: 'This colour is lighter than colors.light; many scanners cannot read inverted codes.',
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
  const refuse = (field: string, issue: QrStyleIssue['issue'], message: string): void => {
    issues.push({ field: `style.${field}`, issue, message });
  };

  const color = (field: string, value: string | undefined, fallback: string, message = MESSAGES.color): string => {
    if (value === undefined) return fallback;
    const parsed = typeof value === 'string' ? parseHexColor(value) : undefined;
    if (parsed === undefined) refuse(field, 'format', message);
    return parsed ?? fallback;
  };
  const dark = color('colors.dark', style.colors?.dark, LIMITS.defaults.dark);
  const transparent = style.colors?.light === LIMITS.transparent;
  const light = transparent ? null : color('colors.light', style.colors?.light, LIMITS.defaults.light, MESSAGES.light);
  const finder = color('colors.finder', style.colors?.finder, dark);
  const against = light ?? '#ffffff';
  const contrast = Math.min(contrastRatio(dark, against), contrastRatio(finder, against));
  if (!issues.some(({ field }) => field === 'style.colors.dark' || field === 'style.colors.light')) {
    judgeContrast('colors.dark', dark, against, refuse);
    if (style.colors?.finder !== undefined && !issues.some(({ field }) => field === 'style.colors.finder'))
      judgeContrast('colors.finder', finder, against, refuse);
  }

  const modules = oneOf(style.modules, LIMITS.modules, LIMITS.defaults.modules as QrModuleShape);
  if (modules === undefined) refuse('modules', 'invalid_value', MESSAGES.modules);
  const finders = oneOf(style.finders, LIMITS.finders, LIMITS.defaults.finders as QrFinderShape);
  if (finders === undefined) refuse('finders', 'invalid_value', MESSAGES.finders);

  let logo: ResolvedQrStyle['logo'] = null;
  if (style.logo !== undefined) {
    const size = style.logo.size ?? LIMITS.logoSize.default;
    const sizeValid = typeof size === 'number' && size >= LIMITS.logoSize.min && size <= LIMITS.logoSize.max;
    if (!sizeValid) refuse('logo.size', 'invalid_value', MESSAGES.logoSize);
    const image = typeof style.logo.image === 'string' ? inspectLogo(style.logo.image, options.decodeLogo) : undefined;
    if (!image || 'issue' in image) {
      const issue = image?.issue ?? 'invalid_value';
      refuse('logo.image', issue, MESSAGES.logo[issue]);
    } else if (sizeValid) {
      logo = { mediaType: image.mediaType, data: image.data, size };
    }
  }

  let frame: ResolvedQrStyle['frame'] = null;
  if (style.frame !== undefined) {
    const caption =
      typeof style.frame.caption === 'string' ? cleanText(style.frame.caption, false).normalize('NFC') : '';
    const characters = [...caption];
    const glyphs: GlyphOutline[] = [];
    if (characters.length === 0 || characters.length > LIMITS.captionMaxCharacters) {
      refuse('frame.caption', characters.length === 0 ? 'invalid_value' : 'too_long', MESSAGES.captionLength);
    } else {
      for (const character of characters) {
        const outline = options.font.outline(character.codePointAt(0) as number);
        if (outline) glyphs.push(outline);
      }
      if (glyphs.length !== characters.length)
        refuse('frame.caption', 'unsupported_characters', MESSAGES.captionCharacters);
    }
    const position = oneOf(
      style.frame.position,
      LIMITS.framePositions,
      LIMITS.defaults.framePosition as QrFramePosition,
    );
    if (position === undefined) refuse('frame.position', 'invalid_value', MESSAGES.position);
    const frameColor = color('frame.color', style.frame.color, dark);
    if (position && glyphs.length === characters.length && characters.length > 0) {
      const { unitsPerEm, capHeight } = options.font;
      frame = { caption: { text: caption, unitsPerEm, capHeight, glyphs }, position, color: frameColor };
    }
  }

  const level = options.qrLevel ?? (style.logo !== undefined ? 'H' : (LIMITS.defaults.level as QrLevel));
  const warnings: QrStyleWarning[] = [];
  if (options.margin < LIMITS.quietZone) warnings.push('quiet_zone');
  if (contrast < LIMITS.warnContrast) warnings.push('contrast');
  if (transparent) warnings.push('transparent');
  return {
    style:
      issues.length > 0 || !modules || !finders
        ? null
        : { colors: { dark, light, finder }, modules, finders, logo, frame },
    issues,
    level,
    levelRaised: options.qrLevel === undefined && style.logo !== undefined,
    contrast: Math.round(contrast * 100) / 100,
    warnings,
  };
}

function judgeContrast(
  field: string,
  color: string,
  light: string,
  refuse: (field: string, issue: QrStyleIssue['issue'], message: string) => void,
): void {
  if (relativeLuminance(color) > relativeLuminance(light)) refuse(field, 'inverted', MESSAGES.inverted);
  else if (contrastRatio(color, light) < LIMITS.minContrast) refuse(field, 'low_contrast', MESSAGES.lowContrast);
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T | undefined {
  if (value === undefined) return fallback;
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
