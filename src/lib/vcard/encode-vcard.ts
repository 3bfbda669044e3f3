import { isFirstContract, type ContactFields } from '../contact';
import { nfcFit, type NfcFit, type NfcTag } from '../nfc';
import { encodeCard, type EncodeOptions, type QrBudget, type VCardFormat } from './encode-card';
import { foldVCardLines } from './fold-lines';
import { minQrVersion } from './min-qr-version';
import type { QrLevel } from './qr-capacity';
import { qrWarnings } from './qr-warnings';
import { utf8Length } from './utf8-length';

export interface QrInfo {
  bytes: number;
  minVersion: Record<QrLevel, number | null>;
  warnings: string[];
  /** Request paths in `vcard` but not in `qrPayload`; only once a rich field or a new parameter is used. */
  omitted?: string[];
  /** The QR code the payload was fitted to, when one was asked for. */
  budget?: QrBudget & { capacity: number };
}

export interface EncodedVCard {
  /** The exact text to put in the QR code, as its UTF-8 bytes in byte mode: unfolded. */
  qrPayload: string;
  /** The whole card as .vcf file text, folded at 75 octets. */
  vcard: string;
  /** Only when a field beyond the eight flat text fields, or a format, budget or tag, is used (docs/contact.md). */
  format?: VCardFormat;
  qr: QrInfo;
  /** The level the fit report speaks of, when the request named one (kept by jobs and batches, never answered). */
  level?: QrLevel;
  /** The NFC tag the payload was fitted to, and the NDEF message that carries it. */
  nfc?: NfcFit;
}

/**
 * What a job or batch keeps of an encoded card: the payload, and when the request used a rich
 * field or a new parameter, what the payload alone cannot give back (the unfolded whole card when
 * it differs, the omitted paths, the format, the budget).
 */
export interface StoredCard {
  qrPayload: string;
  card?: string;
  omitted?: string[];
  format?: VCardFormat;
  budget?: QrBudget & { capacity: number };
  /** The fit report's level, when not M. */
  level?: QrLevel;
  /** The NFC tag the payload was fitted to: its message is rebuilt from the payload. */
  nfcTag?: NfcTag;
}

/**
 * The card of a validated contact, with the figures derived from its payload (docs/encoding.md):
 * one path for every contact, through encodeCard. A contact of the eight flat text fields only,
 * with no format, budget or tag, is described by its payload alone (no `format`, no `qr.omitted`).
 *
 * Callers validate first (ContactValidator); what is left here are QrBudgetExceededError,
 * NfcCapacityExceededError and QrCapacityExceededError for a card that cannot fit, and
 * VCardInvariantError for an encoder bug. No message contains a field value.
 */
export function encodeVCard(fields: ContactFields, options: EncodeOptions = {}): EncodedVCard {
  const level = options.level === 'M' ? undefined : options.level;
  const { qrPayload, card, omitted, format, budget, bytes } = encodeCard(fields, options);
  if (options.format === undefined && options.budget === undefined && !options.nfc && isFirstContract(fields))
    return describeQrPayload(qrPayload, bytes, level);
  return describeStoredCard(
    {
      qrPayload,
      card,
      omitted,
      format,
      ...(budget ? { budget } : {}),
      ...(level ? { level } : {}),
      ...(options.nfc ? { nfcTag: options.nfc } : {}),
    },
    bytes,
  );
}

/**
 * Everything an EncodedVCard holds besides the payload, derived from the payload alone: its folded
 * .vcf text and its QR figures. encodeVCard ends here, and a stored job keeps only qrPayload and
 * rebuilds the rest with this, so both give the same object for the same payload.
 */
export function describeQrPayload(qrPayload: string, bytes = utf8Length(qrPayload), level?: QrLevel): EncodedVCard {
  return {
    qrPayload,
    vcard: foldVCardLines(qrPayload),
    qr: { bytes, minVersion: minQrVersion(bytes), warnings: qrWarnings(bytes, level) },
    ...(level ? { level } : {}),
  };
}

/** The EncodedVCard of a stored card; for a flat card, exactly describeQrPayload's. */
export function describeStoredCard(stored: StoredCard, bytes = utf8Length(stored.qrPayload)): EncodedVCard {
  if (stored.format === undefined) return describeQrPayload(stored.qrPayload, bytes, stored.level);
  const qr: QrInfo = {
    bytes,
    minVersion: minQrVersion(bytes),
    warnings: qrWarnings(bytes, stored.level),
    omitted: stored.omitted ?? [],
  };
  if (stored.budget) qr.budget = stored.budget;
  return {
    qrPayload: stored.qrPayload,
    vcard: foldVCardLines(stored.card ?? stored.qrPayload),
    format: stored.format,
    qr,
    ...(stored.level ? { level: stored.level } : {}),
    ...(stored.nfcTag ? { nfc: nfcFit(stored.nfcTag, stored.qrPayload) } : {}),
  };
}

/** What a job or batch keeps of an encoded card (describeStoredCard gives the card back). */
export function toStoredCard(encoded: EncodedVCard, level: QrLevel | undefined = encoded.level): StoredCard {
  const kept = level === undefined || level === 'M' ? {} : { level };
  if (encoded.format === undefined) return { qrPayload: encoded.qrPayload, ...kept };
  const omitted = encoded.qr.omitted ?? [];
  const stored: StoredCard = { qrPayload: encoded.qrPayload, omitted, format: encoded.format, ...kept };
  if (encoded.qr.budget) stored.budget = encoded.qr.budget;
  if (encoded.nfc) stored.nfcTag = encoded.nfc.tag;
  const card = encoded.vcard.replaceAll('\r\n ', '');
  if (card !== encoded.qrPayload) stored.card = card;
  return stored;
}
