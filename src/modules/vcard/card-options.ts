import { VCARD_FORMATS, type EncodeOptions, type VCardFormat } from '../../lib/vcard';
import { checkedQrLevel, invalid, QR_IMAGE_DEFAULTS, wholeNumber } from './qr-image-options';

export const QR_VERSION_RANGE = { minimum: 1, maximum: 40 } as const;

/** The query parameters (or MCP arguments) that shape a card: contact-model.md §2 and §4. */
export interface CardQuery {
  format?: unknown;
  qrVersion?: unknown;
  qrLevel?: unknown;
}

/**
 * `format`, and the QR budget `qrVersion` with `qrLevel` (default M), each checked on its own so a
 * 400 invalid_query names the parameter. Absent parameters give the options of today's card (none).
 */
export function cardOptions(query: CardQuery): EncodeOptions {
  const options: EncodeOptions = {};
  if (query.format !== undefined) {
    if (typeof query.format !== 'string' || !(VCARD_FORMATS as readonly string[]).includes(query.format)) {
      throw invalid('format', `format must be one of ${VCARD_FORMATS.join(', ')}`, 'invalid_value');
    }
    options.format = query.format as VCardFormat;
  }
  // qrLevel is the level the code is drawn at: the fit report's warnings speak of it, and a budget fits it.
  if (query.qrLevel !== undefined) options.level = checkedQrLevel(query.qrLevel);
  if (query.qrVersion !== undefined) {
    const version = wholeNumber('qrVersion', query.qrVersion, 0, QR_VERSION_RANGE);
    options.budget = { version, level: options.level ?? QR_IMAGE_DEFAULTS.qrLevel };
  }
  return options;
}

/** The options as they take part in a request's fingerprint: nothing at all for today's card. */
export function optionsFingerprint(options: EncodeOptions): Record<string, unknown> {
  return {
    ...(options.format ? { format: options.format } : {}),
    ...(options.budget ? { qrVersion: options.budget.version, qrLevel: options.budget.level } : {}),
    ...(!options.budget && options.level ? { qrLevel: options.level } : {}),
  };
}
