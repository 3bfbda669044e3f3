import type { ObjectRule, TextOrObjectRule, TextRule } from '../../contact/contact-rules';
import { QR_STYLE_LIMITS as LIMITS } from './qr-style';

/**
 * A style's text taken as sent (neither cleaned nor cut): its form is the value judge's to refuse,
 * as invalid_style, and the schema shows what it accepts.
 */
function judgedText(description: string, judged: Record<string, unknown> = {}): TextRule {
  return { kind: 'text', max: Infinity, verbatim: true, description, judged };
}

const COLOR = { pattern: LIMITS.colorPattern };
const { min: MIN_STOPS, max: MAX_STOPS } = LIMITS.gradientStops;

/** A gradient's shape; its values (type, offsets, colours, how many stops) are judged as a style's are. */
const GRADIENT_RULE: ObjectRule = {
  kind: 'object',
  schemaName: 'QrStyleGradient',
  description: `A gradient of ${MIN_STOPS} to ${MAX_STOPS} stops: linear across the code at \`rotation\` degrees (0 left to right, 90 top to bottom), or radial from the centre out to the corners. The light colour (and white when transparent) is judged against every stop: the lowest contrast of any dark stop against any light stop must be 3:1.`,
  example: {
    type: 'linear',
    rotation: 45,
    stops: [
      { offset: 0, color: '#1a3a6b' },
      { offset: 1, color: '#6b1a5e' },
    ],
  },
  fields: {
    type: { ...judgedText('Required: linear or radial.', { enum: [...LIMITS.gradientTypes] }), required: true },
    rotation: {
      kind: 'number',
      description: 'Linear only: the direction in degrees, clockwise from left to right (default 0).',
      judged: { default: 0 },
    },
    stops: {
      kind: 'list',
      max: LIMITS.gradientStopsShape,
      description: `Required: ${MIN_STOPS} to ${MAX_STOPS} stops, offsets from 0 to 1 that never decrease.`,
      judged: { minItems: MIN_STOPS, maxItems: MAX_STOPS },
      items: {
        kind: 'object',
        schemaName: 'QrStyleGradientStop',
        fields: {
          offset: {
            kind: 'number',
            description: 'Required: where the colour sits, 0 (start) to 1 (end).',
            judged: { minimum: 0, maximum: 1 },
          },
          color: { ...judgedText('Required: #rgb or #rrggbb.', COLOR), required: true },
        },
      },
    },
  },
};

/** A colour: `#rgb` or `#rrggbb` (or, with `extra`, one of those words), or a gradient. */
function colorRule(description: string, text: TextRule['judged'] = COLOR): TextOrObjectRule {
  return { kind: 'textOrObject', description, text: judgedText('A solid colour.', text), object: GRADIENT_RULE };
}

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
        dark: colorRule('Colour of the dark modules, #rgb or #rrggbb (default #000000), or a gradient.', {
          ...COLOR,
          default: LIMITS.defaults.dark,
          example: '#1a3a6b',
        }),
        light: colorRule(
          'Background colour, #rgb or #rrggbb, transparent (default #ffffff), or a gradient. Every dark, finder, frame and ball colour (each stop of a gradient) needs a contrast of at least 3:1 against every light one (WCAG), and must be the darker.',
          { anyOf: [COLOR, { enum: [LIMITS.transparent] }], default: LIMITS.defaults.light },
        ),
        finder: colorRule('Colour of the three finder patterns (default colors.dark), or a gradient.'),
        finderFrame: colorRule(
          "Colour of the finders' outer frame, the 7-module ring (default colors.finder), or a gradient.",
        ),
        finderBall: colorRule(
          "Colour of the finders' inner ball, the 3-module eye (default colors.finder), or a gradient.",
        ),
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
