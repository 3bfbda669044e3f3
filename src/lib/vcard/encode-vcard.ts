import { cleanFieldValue } from './clean-field';
import { CONTACT_FIELDS, type ContactField, type ContactFields } from './contact-fields';
import { escapeText } from './escape-text';
import { foldVCardLines } from './fold-lines';
import { hasLoneSurrogate } from './lone-surrogate';
import { minQrVersion } from './min-qr-version';
import { QR_MAX_BYTES, type QrLevel } from './qr-capacity';
import { QrCapacityExceededError } from './qr-capacity-exceeded.error';
import { qrWarnings } from './qr-warnings';
import { hasRichFields } from './card-items';
import { encodeCard, type EncodeOptions, type QrBudget, type VCardFormat } from './encode-card';
import { deriveStructuredName } from './structured-name';
import { utf8Length } from './utf8-length';
import { assertVCardInvariants } from './vcard-invariants';
import { normalizeWebsite } from './website';

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
  /** Only once a rich field or a new parameter is used (contact-model.md §2): a flat card's answer is unchanged. */
  format?: VCardFormat;
  qr: QrInfo;
  /** The level the fit report speaks of, when the request named one (kept by jobs and batches, never answered). */
  level?: QrLevel;
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
}

type PropertyWriter = (value: string) => string[];

// The only place where user text meets vCard syntax: names and parameters are constants, and every
// value passes escapeText (or, for URL, normalizeWebsite's percent-encoding) on its way in.
const PROPERTIES: Readonly<Record<ContactField, PropertyWriter>> = {
  fullName: (name) => [`N:${deriveStructuredName(name).map(escapeText).join(';')}`, `FN:${escapeText(name)}`],
  organization: (org) => [`ORG:${escapeText(org)}`],
  title: (title) => [`TITLE:${escapeText(title)}`],
  // Callers validate phone and email so that escaping is a no-op; it stays as the safety net.
  phone: (phone) => [`TEL;TYPE=WORK,VOICE:${escapeText(phone)}`],
  email: (email) => [`EMAIL;TYPE=WORK,INTERNET:${escapeText(email)}`],
  website: (url) => [`URL:${url}`],
  address: (street) => [`ADR;TYPE=WORK:;;${escapeText(street)};;;;`],
  note: (note) => [`NOTE:${escapeText(note)}`],
};

/**
 * Builds the vCard 3.0 text of vcard-encoding.md §0 from contact fields. Cleans every field again
 * (idempotent, so it is the one choke point even for callers that cleaned already), omits empty
 * optional fields, checks the post-condition, and measures the QR payload.
 *
 * Callers validate first; what is left here are plain Errors for broken contracts (empty fullName,
 * a lone surrogate, a website normalizeWebsite rejects), VCardInvariantError for an encoder bug,
 * and QrCapacityExceededError for a card no QR code can hold. No message contains a field value.
 */
export function encodeVCard(fields: ContactFields, options: EncodeOptions = {}): EncodedVCard {
  const level = options.level === 'M' ? undefined : options.level;
  if (options.format !== undefined || options.budget !== undefined || hasRichFields(fields)) {
    const encoded = encodeCard(fields, options);
    const { qrPayload, card, omitted, format, budget, bytes } = encoded;
    return describeStoredCard(
      { qrPayload, card, omitted, format, ...(budget ? { budget } : {}), ...(level ? { level } : {}) },
      bytes,
    );
  }
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  const emitted: EmittedField[] = [];
  for (const field of CONTACT_FIELDS) {
    const value = cleanedValue(fields, field);
    if (value === '') continue;
    const propertyLines = PROPERTIES[field](value);
    emitted.push({ field, lines: propertyLines });
    lines.push(...propertyLines);
  }
  // VERSION counts as a property; BEGIN and END are the two framing lines.
  const propertyCount = lines.length - 1;
  lines.push('END:VCARD', '');
  const qrPayload = lines.join('\r\n');
  assertVCardInvariants(qrPayload, propertyCount);

  const bytes = utf8Length(qrPayload);
  if (bytes > QR_MAX_BYTES) {
    throw new QrCapacityExceededError(bytes, QR_MAX_BYTES, largestField(emitted));
  }
  return describeQrPayload(qrPayload, bytes, level);
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

interface EmittedField {
  field: string;
  lines: string[];
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
  };
}

/** What a job or batch keeps of an encoded card (describeStoredCard gives the card back). */
export function toStoredCard(encoded: EncodedVCard, level: QrLevel | undefined = encoded.level): StoredCard {
  const kept = level === undefined || level === 'M' ? {} : { level };
  if (encoded.format === undefined) return { qrPayload: encoded.qrPayload, ...kept };
  const omitted = encoded.qr.omitted ?? [];
  const stored: StoredCard = { qrPayload: encoded.qrPayload, omitted, format: encoded.format, ...kept };
  if (encoded.qr.budget) stored.budget = encoded.qr.budget;
  const card = encoded.vcard.replaceAll('\r\n ', '');
  if (card !== encoded.qrPayload) stored.card = card;
  return stored;
}

function cleanedValue(fields: ContactFields, field: ContactField): string {
  const raw: unknown = fields[field];
  if (raw === undefined || raw === null) {
    if (field === 'fullName') throw new Error('fullName is required');
    return '';
  }
  if (typeof raw !== 'string') throw new Error(`${field} must be a string`);
  const value = cleanFieldValue(field, raw);
  if (hasLoneSurrogate(value)) throw new Error(`${field} contains a lone surrogate`);
  if (field === 'fullName' && value === '') throw new Error('fullName is empty after cleaning');
  if (field !== 'website' || value === '') return value;
  const url = normalizeWebsite(value);
  if (url === null) throw new Error('website is not a valid http(s) URL');
  return url;
}

// The field whose properties take the most bytes (fullName counts for N and FN): the one to
// shorten. `emitted` follows CONTACT_FIELDS, so a tie goes to the earlier field.
function largestField(emitted: readonly EmittedField[]): string {
  let largest = 'fullName';
  let most = -1;
  for (const { field, lines } of emitted) {
    const bytes = lines.reduce((sum, line) => sum + utf8Length(line), 0);
    if (bytes > most) {
      largest = field;
      most = bytes;
    }
  }
  return largest;
}
