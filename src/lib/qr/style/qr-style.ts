import type { QrLevel } from '../../vcard/qr-capacity';
import type { SceneColor, SceneGradientStop } from '../qr-scene';
import type { GlyphOutline } from './caption-font';

export const QR_MODULE_SHAPES = ['square', 'rounded', 'dots'] as const;
export const QR_FINDER_SHAPES = ['square', 'rounded', 'circle'] as const;
export const QR_FRAME_POSITIONS = ['bottom', 'top'] as const;
export const QR_LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const QR_GRADIENT_TYPES = ['linear', 'radial'] as const;

export type QrModuleShape = (typeof QR_MODULE_SHAPES)[number];
export type QrFinderShape = (typeof QR_FINDER_SHAPES)[number];
export type QrFramePosition = (typeof QR_FRAME_POSITIONS)[number];
export type QrLogoMediaType = (typeof QR_LOGO_MEDIA_TYPES)[number];
export type QrGradientType = (typeof QR_GRADIENT_TYPES)[number];

/**
 * The sets, ranges and defaults of a QrStyle's values, in one place: the validator judges by them and
 * the HTTP schema can quote them.
 */
export const QR_STYLE_LIMITS = Object.freeze({
  /** `#rgb` or `#rrggbb`, either case; `colors.light` may also be `transparent`. */
  colorPattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  transparent: 'transparent',
  modules: QR_MODULE_SHAPES,
  finders: QR_FINDER_SHAPES,
  framePositions: QR_FRAME_POSITIONS,
  logoMediaTypes: QR_LOGO_MEDIA_TYPES,
  gradientTypes: QR_GRADIENT_TYPES,
  /** Stops of a gradient (`colors.<key>.stops`), each at an offset from 0 to 1, never decreasing. */
  gradientStops: Object.freeze({ min: 2, max: 4 }),
  /** Stops the body's shape takes before their count is judged: work stays bounded. */
  gradientStopsShape: 16,
  logoSize: Object.freeze({ min: 0.1, max: 0.3, default: 0.2 }),
  /** Decoded bytes of the logo file (256 KiB). */
  logoMaxBytes: 256 * 1024,
  /** Pixels on either side of a PNG or JPEG logo, read from its header before any pixel is decoded. */
  logoMaxPixels: 2048,
  captionMaxCharacters: 24,
  /** WCAG contrast ratio below which a style is refused, and below which it is only warned about. */
  minContrast: 3,
  warnContrast: 4.5,
  /** Quiet zones narrower than this many modules are allowed with a warning. */
  quietZone: 4,
  defaults: Object.freeze({
    dark: '#000000',
    light: '#ffffff',
    modules: 'square',
    finders: 'square',
    framePosition: 'bottom',
    /** The level of a code without a logo and without a level asked for; a logo makes it H. */
    level: 'M',
    logoLevel: 'H',
  }),
});

/** A gradient as a client sends it: linear at `rotation` degrees (clockwise from left to right), or radial. */
export interface QrGradientInput {
  type: string;
  rotation?: number;
  stops?: Array<{ offset?: number; color: string }>;
}

/** A colour as a client sends it: `#rgb`, `#rrggbb` (or `transparent` for light), or a gradient. */
export type QrColorInput = string | QrGradientInput;

/** A style as a client sends it (the body's shape already checked; values not yet). */
export interface QrStyle {
  colors?: {
    dark?: QrColorInput;
    light?: QrColorInput;
    finder?: QrColorInput;
    finderFrame?: QrColorInput;
    finderBall?: QrColorInput;
  };
  modules?: string;
  finders?: string;
  logo?: { image: string; size?: number };
  frame?: { caption: string; position?: string; color?: string };
}

/** A logo whose bytes passed every check, ready to draw. */
export interface QrStyleLogo {
  mediaType: QrLogoMediaType;
  /** The image file; for SVG, the cleaned document that is drawn (never the bytes sent). */
  data: Uint8Array;
  /** Share of the symbol's width, 0.10 to 0.30. */
  size: number;
}

/** The caption's characters as the font draws them, in font units (y up). */
export interface QrStyleCaption {
  text: string;
  unitsPerEm: number;
  capHeight: number;
  glyphs: GlyphOutline[];
}

/**
 * A judged gradient: linear at `rotation` degrees (0 left to right, 90 top to bottom) across the
 * box it is laid over, or radial from the box's centre to its corners; 2 to 4 stops.
 */
export type QrGradient =
  { type: 'linear'; rotation: number; stops: SceneGradientStop[] } | { type: 'radial'; stops: SceneGradientStop[] };

/** A judged colour: `#rrggbb`, or a gradient. */
export type QrFill = SceneColor | QrGradient;

/**
 * A judged style: every value valid, every default filled in, colours as `#rrggbb` or gradients.
 * The finders' frame (the 7-module ring) and ball (the 3-module eye) each take a colour of their own.
 */
export interface ResolvedQrStyle {
  colors: { dark: QrFill; light: QrFill | null; finderFrame: QrFill; finderBall: QrFill };
  modules: QrModuleShape;
  finders: QrFinderShape;
  logo: QrStyleLogo | null;
  frame: { caption: QrStyleCaption; position: QrFramePosition; color: QrFill } | null;
}

export type QrStyleIssueWord =
  | 'format'
  | 'low_contrast'
  | 'inverted'
  | 'invalid_value'
  | 'too_large'
  | 'too_long'
  | 'unsafe'
  | 'unsupported_characters';

/** One refused value: its path (`style.colors.dark`), a word for it, and a message that never quotes it. */
export interface QrStyleIssue {
  field: string;
  issue: QrStyleIssueWord;
  message: string;
}

export type QrStyleWarning = 'quiet_zone' | 'contrast' | 'transparent';

export type { QrLevel };
