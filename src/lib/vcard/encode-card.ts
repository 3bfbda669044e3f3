import { NFC_TAG_CAPACITY, NfcCapacityExceededError, tagBytes, tagPayloadLimit, type NfcTag } from '../nfc';
import { cardItems, type CardItem } from './card-items';
import { forMecard, mecardText } from './mecard-text';
import { BUDGET_STEPS, type BudgetStep } from './qr-budget';
import { QR_BYTE_CAPACITY, QR_MAX_BYTES, type QrLevel } from './qr-capacity';
import { QrBudgetExceededError } from './qr-budget-exceeded.error';
import { QrCapacityExceededError } from './qr-capacity-exceeded.error';
import { utf8Length } from './utf8-length';
import { vcard3Line, vcard4Line, vcardText } from './vcard-lines';
import { assertMecardInvariants, assertVCardInvariants } from './vcard-invariants';

export type VCardFormat = 'vcard3' | 'vcard4' | 'mecard';
export const VCARD_FORMATS: readonly VCardFormat[] = Object.freeze(['vcard3', 'vcard4', 'mecard'] as const);

export interface QrBudget {
  version: number;
  level: QrLevel;
}

export interface EncodeOptions {
  /** vcard3 (the default), vcard4 or mecard: the text of qrPayload (and of vcard, but for mecard). */
  format?: VCardFormat;
  /** Leave properties out of qrPayload, in the documented order, until it fits this QR code. */
  budget?: QrBudget;
  /** The error-correction level the code will be drawn at: what the fit report's warnings speak of (M by default). */
  level?: QrLevel;
  /**
   * Leave properties out of qrPayload, in the same order, until its NDEF tag content fits this NFC
   * tag (with a budget too, until both fit). A tag carries a vCard: not with mecard.
   */
  nfc?: NfcTag;
  /**
   * What to leave out, in order, in place of the QR budget's own steps (BUDGET_STEPS): a caller that
   * may go further than the budget (a print sheet's label) passes the budget's steps and its own after.
   */
  steps?: readonly BudgetStep[];
}

/** A card as encodeCard gives it, before the figures derived from the payload. */
export interface EncodedCard {
  qrPayload: string;
  /** The whole card, unfolded: the vCard the .vcf holds (vCard 3.0 for mecard). */
  card: string;
  format: VCardFormat;
  omitted: string[];
  budget?: QrBudget & { capacity: number };
  bytes: number;
}

/**
 * The card of a validated contact (docs/encoding.md#pipeline): its items written as vCard 3.0,
 * vCard 4.0 or MECARD; what is for the file only left out of qrPayload; what MECARD cannot carry
 * left out of it; then, with a budget, properties left out of qrPayload one step at a time until it
 * fits (a QR budget, an NFC tag, or both: the stricter byte limit). `omitted` lists every request
 * path that is in the card but not in qrPayload, in that order. Throws QrBudgetExceededError (also
 * when neither limit can be met), NfcCapacityExceededError, QrCapacityExceededError (no value in
 * any), or VCardInvariantError for an encoder bug.
 */
export function encodeCard(contact: object, options: EncodeOptions = {}): EncodedCard {
  const format = options.format ?? 'vcard3';
  const version = format === 'vcard4' ? 4 : 3;
  const items = cardItems(contact);
  if (items.length === 0 || items[0].spec.kind !== 'name') throw new Error('the contact has no name');
  const card = checkedVCard(items, version);
  const omitted: string[] = [];
  let qr: CardItem[] = items;
  if (items.some((item) => item.spec.fileOnly)) {
    // What is never in the payload comes first in qr.omitted.
    qr = items.filter((item) => !item.spec.fileOnly);
    for (const item of items) if (item.spec.fileOnly) omitted.push(item.path);
  }
  if (format === 'mecard') {
    const carried = forMecard(qr);
    qr = carried.items;
    omitted.push(...carried.omitted);
  }
  const payloadOf = (list: readonly CardItem[]): string =>
    format === 'mecard' ? checkedMecard(list) : checkedVCard(list, version);
  // Most cards leave nothing out: their payload is the card itself, written once.
  let qrPayload = qr === items ? card : payloadOf(qr);
  let bytes = utf8Length(qrPayload);
  let budget: EncodedCard['budget'];
  if (options.budget) {
    const capacity = QR_BYTE_CAPACITY[options.budget.level][options.budget.version - 1];
    if (capacity === undefined) throw new Error('qrVersion is outside 1 to 40');
    budget = { ...options.budget, capacity };
  }
  if (options.nfc !== undefined && format === 'mecard') throw new Error('a tag carries a vCard, not MECARD');
  // The QR code and the tag are each a byte limit on the payload: one fitting loop meets the stricter.
  const limit = Math.min(budget?.capacity ?? Infinity, options.nfc ? tagPayloadLimit(options.nfc) : Infinity);
  for (const step of options.steps ?? BUDGET_STEPS) {
    while (bytes > limit) {
      const cut = step(qr);
      if (cut === null) break;
      qr = cut.items;
      omitted.push(cut.path);
      qrPayload = payloadOf(qr);
      bytes = utf8Length(qrPayload);
    }
    if (bytes <= limit) break;
  }
  if (budget && bytes > budget.capacity)
    throw new QrBudgetExceededError(budget.version, budget.level, budget.capacity, bytes);
  if (options.nfc && bytes > tagPayloadLimit(options.nfc))
    throw new NfcCapacityExceededError(options.nfc, NFC_TAG_CAPACITY[options.nfc], tagBytes(bytes));
  if (bytes > QR_MAX_BYTES) throw new QrCapacityExceededError(bytes, QR_MAX_BYTES, largestField(qr, format));
  return { qrPayload, card, format, omitted, ...(budget ? { budget } : {}), bytes };
}

function checkedVCard(items: readonly CardItem[], version: 3 | 4): string {
  const text = vcardText(items, version);
  assertVCardInvariants(text, items.length + 1, version);
  return text;
}

function checkedMecard(items: readonly CardItem[]): string {
  const text = mecardText(items);
  assertMecardInvariants(text);
  return text;
}

/**
 * The request field whose properties take the most bytes of the payload: the one to shorten. Each
 * item's bytes count against its field; a tie goes to the field that comes first.
 */
function largestField(items: readonly CardItem[], format: VCardFormat): string {
  const lineOf = format === 'vcard4' ? vcard4Line : vcard3Line;
  // A MECARD field alone is written between "MECARD:" and ";;".
  const sizeOf = (item: CardItem): number =>
    format === 'mecard' ? utf8Length(mecardText([item])) - 9 : utf8Length(lineOf(item));
  const bytes = new Map<string, number>();
  for (const item of items) bytes.set(item.field, (bytes.get(item.field) ?? 0) + sizeOf(item));
  let largest = items[0].field;
  let most = -1;
  for (const [field, size] of bytes) {
    if (size > most) {
      largest = field;
      most = size;
    }
  }
  return largest;
}
