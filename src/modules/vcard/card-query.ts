import { ApiError } from '../../core/errors/api-error';
import { declareQuery, type QueryDeclaration } from '../../core/validation/query-declaration';
import type { ChoiceRule, IntegerRule, TextRule } from '../../lib/contact';
import { NFC_TAG_CAPACITY, NFC_TAGS, type NfcTag } from '../../lib/nfc';
import { BUDGET_ORDER_DOCS, VCARD_FORMATS, type EncodeOptions, type QrLevel, type VCardFormat } from '../../lib/vcard';

/** How a QR image is drawn: error-correction level, pixels per module, quiet zone in modules. */
export interface QrImageOptions {
  qrLevel: QrLevel;
  scale: number;
  margin: number;
}

export const QR_IMAGE_DEFAULTS: Readonly<QrImageOptions> = Object.freeze({ qrLevel: 'M', scale: 8, margin: 4 });

/** The parameters that shape a card, as every route and tool that creates one takes them. */
export const CARD_PARAMETERS = {
  template: {
    kind: 'text',
    max: 200,
    verbatim: true,
    description: "A template id; the contact must then contain that template's requiredFields.",
  } satisfies TextRule,
  format: {
    kind: 'choice',
    values: VCARD_FORMATS,
    description:
      'The format of qrPayload: vcard3 (the default, read by every phone), vcard4 (RFC 6350 with RFC 9554 SOCIALPROFILE, for CardDAV servers and newer address books; opt-in because the AOSP importer and the iOS camera handle non-ASCII 4.0 cards worse) or mecard (the compact DoCoMo format that ZXing, ML Kit and iOS read; vcard stays vCard 3.0, and what MECARD cannot carry is listed in qr.omitted).',
  } satisfies ChoiceRule,
  qrVersion: {
    kind: 'integer',
    minimum: 1,
    maximum: 40,
    description: `A QR budget: properties are left out of qrPayload (never out of vcard) in this order (${BUDGET_ORDER_DOCS}) until it fits this QR version at qrLevel; qr.omitted says what was left out, qr.budget the capacity. 400 qr_budget_exceeded when what is never left out does not fit.`,
  } satisfies IntegerRule,
  qrLevel: {
    kind: 'choice',
    values: ['L', 'M', 'Q', 'H'],
    description:
      'Error-correction level of the code (default M): of the QR image, of qr.warnings, and of the QR budget (with qrVersion).',
  } satisfies ChoiceRule,
  nfc: {
    kind: 'choice',
    values: NFC_TAGS,
    description: `An NFC tag (user memory ${NFC_TAGS.map((tag) => `${tag} ${NFC_TAG_CAPACITY[tag]}`).join(', ')} bytes): qrPayload is fitted to it in the QR budget's order (with qrVersion, both limits hold) and nfc.message is the NDEF message to write (base64). Not with format=mecard; 400 nfc_capacity_exceeded when the card cannot fit.`,
  } satisfies ChoiceRule,
} as const;

/** The parameters of a QR image. */
export const IMAGE_PARAMETERS = {
  scale: {
    kind: 'integer',
    minimum: 1,
    maximum: 40,
    default: QR_IMAGE_DEFAULTS.scale,
    description: 'Pixels per module of the QR image.',
  } satisfies IntegerRule,
  margin: {
    kind: 'integer',
    minimum: 0,
    maximum: 16,
    default: QR_IMAGE_DEFAULTS.margin,
    description: 'Quiet zone around the QR image, in modules.',
  } satisfies IntegerRule,
} as const;

/** A card's parameters, checked. */
export interface CardQuery {
  template?: string;
  format?: VCardFormat;
  qrVersion?: number;
  qrLevel?: QrLevel;
  nfc?: NfcTag;
}

/**
 * A tag carries a vCard, so nfc with format=mecard is refused, naming nfc. Checked with the other
 * parameters, before the body is read.
 */
export function withTagFormatRule<T extends CardQuery>(declaration: QueryDeclaration<T>): QueryDeclaration<T> {
  return {
    ...declaration,
    validate(query) {
      const checked = declaration.validate(query);
      if (checked.nfc !== undefined && checked.format === 'mecard')
        throw new ApiError('invalid_query', {
          message: 'The query parameter nfc is invalid: an NFC tag carries a vCard, not MECARD.',
          hint: 'Ask for format=vcard3 or format=vcard4 with nfc, or leave nfc out.',
          details: { parameter: 'nfc', issue: 'invalid_value' },
        });
      return checked;
    },
  };
}

/** The card parameters of the routes that create cards without drawing them (jobs, batches). */
export const CARD_QUERY = withTagFormatRule(declareQuery<CardQuery>(CARD_PARAMETERS));

/** A card's parameters and an image's, checked. */
export type CardImageQuery = CardQuery & { scale?: number; margin?: number };

/** The encoder's options of checked card parameters: none at all when the query gives none. */
export function cardOptions(query: CardQuery): EncodeOptions {
  const options: EncodeOptions = {};
  if (query.format !== undefined) options.format = query.format;
  if (query.qrLevel !== undefined) options.level = query.qrLevel;
  if (query.qrVersion !== undefined)
    options.budget = { version: query.qrVersion, level: query.qrLevel ?? QR_IMAGE_DEFAULTS.qrLevel };
  if (query.nfc !== undefined) options.nfc = query.nfc;
  return options;
}

/** How to draw the image of checked parameters, defaults filled in. */
export function qrImageOptions(query: { qrLevel?: QrLevel; scale?: number; margin?: number }): QrImageOptions {
  return {
    qrLevel: query.qrLevel ?? QR_IMAGE_DEFAULTS.qrLevel,
    scale: query.scale ?? QR_IMAGE_DEFAULTS.scale,
    margin: query.margin ?? QR_IMAGE_DEFAULTS.margin,
  };
}

/** The options as they take part in a request's fingerprint: nothing at all when there are none. */
export function optionsFingerprint(options: EncodeOptions): Record<string, unknown> {
  return {
    ...(options.format ? { format: options.format } : {}),
    ...(options.budget ? { qrVersion: options.budget.version, qrLevel: options.budget.level } : {}),
    ...(!options.budget && options.level ? { qrLevel: options.level } : {}),
    ...(options.nfc ? { nfc: options.nfc } : {}),
  };
}

/** POST /v1/vcard: the card's parameters and its image's. */
export const VCARD_QUERY = withTagFormatRule(declareQuery<CardImageQuery>({ ...CARD_PARAMETERS, ...IMAGE_PARAMETERS }));
