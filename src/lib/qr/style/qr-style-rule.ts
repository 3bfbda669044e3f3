import type { ObjectRule, TextRule } from '../../contact/contact-rules';
import { QR_STYLE_LIMITS as LIMITS } from './qr-style';

/**
 * A style's text taken as sent (neither cleaned nor cut): its form is the value judge's to refuse,
 * as invalid_style, and the schema shows what it accepts.
 */
function judgedText(description: string, judged: Record<string, unknown> = {}): TextRule {
  return { kind: 'text', max: Infinity, verbatim: true, description, judged };
}

const COLOR = { pattern: LIMITS.colorPattern };

/**
 * The shape of a QrStyle, declared once as rules: the schema engine checks it (an unknown key or a
 * wrong JSON type is a 400 invalid_request at `style.<path>`), the OpenAPI document and the MCP
 * tools publish it. Its values (colours, sets, ranges, the logo, the caption) are then judged by
 * `judgeQrStyle` (400 invalid_style); `judged` carries what the schema says of them.
 */
export const QR_STYLE_RULE: ObjectRule = {
  kind: 'object',
  schemaName: 'QrStyle',
  description:
    'How the QR code is drawn: colours, module and finder shapes, a logo, a frame with a caption. Every key is optional; an empty style is the plain code.',
  fields: {
    colors: {
      kind: 'object',
      schemaName: 'QrStyleColors',
      fields: {
        dark: judgedText('Colour of the dark modules, #rgb or #rrggbb (default #000000).', {
          ...COLOR,
          default: LIMITS.defaults.dark,
          example: '#1a3a6b',
        }),
        light: judgedText(
          'Background colour, #rgb or #rrggbb, or transparent (default #ffffff). Dark and finder colours need a contrast of at least 3:1 against it (WCAG), and must be the darker.',
          { anyOf: [COLOR, { enum: [LIMITS.transparent] }], default: LIMITS.defaults.light },
        ),
        finder: judgedText('Colour of the three finder patterns (default colors.dark).', COLOR),
      },
    },
    modules: judgedText('Shape of the dark modules.', { enum: [...LIMITS.modules], default: LIMITS.defaults.modules }),
    finders: judgedText('Shape of the finder patterns.', {
      enum: [...LIMITS.finders],
      default: LIMITS.defaults.finders,
    }),
    logo: {
      kind: 'object',
      schemaName: 'QrStyleLogo',
      description:
        'A logo centred on a cleared square. Without qrLevel it makes the level H; a logo that clears more than the level can recover is refused (too_large at style.logo.size; the rule is in the API docs).',
      fields: {
        image: judgedText(
          `Required: a base64 data URL of a PNG, JPEG or SVG image (data:image/png;base64,...), decoded at most ${LIMITS.logoMaxBytes / 1024} KiB and ${LIMITS.logoMaxPixels} px a side. An SVG may hold no script, foreignObject, DOCTYPE, <text> or reference outside itself.`,
          { pattern: '^data:image/(png|jpeg|svg\\+xml);base64,' },
        ),
        size: {
          kind: 'number',
          description: "Share of the symbol's width the logo takes (without the quiet zone).",
          judged: {
            minimum: LIMITS.logoSize.min,
            maximum: LIMITS.logoSize.max,
            default: LIMITS.logoSize.default,
          },
        },
      },
    },
    frame: {
      kind: 'object',
      schemaName: 'QrStyleFrame',
      description: 'A band below (or above) the code with a caption, drawn as outlines of the shipped font.',
      fields: {
        caption: judgedText(
          `Required: 1 to ${LIMITS.captionMaxCharacters} characters once cleaned as a contact's text (one line); Latin, Greek and Cyrillic.`,
          { example: 'Scan to save my contact' },
        ),
        position: judgedText('Where the band goes.', {
          enum: [...LIMITS.framePositions],
          default: LIMITS.defaults.framePosition,
        }),
        color: judgedText('Colour of the frame and caption (default colors.dark).', COLOR),
      },
    },
  },
};
