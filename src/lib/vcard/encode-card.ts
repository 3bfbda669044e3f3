import { cardItems, type CardItem } from './card-items';
import { MECARD_UNSUPPORTED, mecardText, vcard3Lines, vcard4Lines } from './card-writers';
import type { ContactFields } from './contact-fields';
import { QR_BYTE_CAPACITY, QR_MAX_BYTES, type QrLevel } from './qr-capacity';
import { QrBudgetExceededError } from './qr-budget-exceeded.error';
import { QrCapacityExceededError } from './qr-capacity-exceeded.error';
import { utf8Length } from './utf8-length';
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

const FILE_ONLY: ReadonlySet<string> = new Set(['PHOTO']);

/**
 * The card of contact-model.md §1–§4: the items of the contact, written as vCard 3.0, vCard 4.0 or
 * MECARD; PHOTO in the file only; what MECARD cannot carry left out of qrPayload; then, with a
 * budget, properties left out of qrPayload one step at a time (BUDGET_STEPS) until it fits.
 * `omitted` lists every request path that is in the card but not in qrPayload, in that order.
 */
export function encodeCard(fields: ContactFields, options: EncodeOptions = {}): EncodedCard {
  const format = options.format ?? 'vcard3';
  const items = cardItems(fields);
  const fileVersion = format === 'vcard4' ? 4 : 3;
  const card = vcardText(items, fileVersion);
  // What is never in the payload: the photo first, then what MECARD has no key for, in card order.
  const omitted = items.filter((item) => FILE_ONLY.has(item.key)).map((item) => item.path);
  let qr = items.filter((item) => !FILE_ONLY.has(item.key));
  if (format === 'mecard') {
    for (const item of qr) {
      if (item.key === 'ORG' && item.department) omitted.push('department');
      else if (MECARD_UNSUPPORTED.has(item.key) && !omitted.includes(fieldPathOf(item)))
        omitted.push(fieldPathOf(item));
    }
    const org = qr.find((item) => item.key === 'ORG');
    qr = qr.filter((item) => !MECARD_UNSUPPORTED.has(item.key));
    if (org?.key === 'ORG' && org.department) qr = withoutDepartment(qr, org);
  }
  const payloadOf = (list: readonly CardItem[]): string =>
    format === 'mecard' ? mecard(list) : vcardText(list, fileVersion);
  // Most cards leave nothing out: their payload is the card itself, written once.
  let qrPayload = qr.length === items.length && format !== 'mecard' ? card : payloadOf(qr);
  let bytes = utf8Length(qrPayload);
  let budget: EncodedCard['budget'];
  if (options.budget) {
    const capacity = QR_BYTE_CAPACITY[options.budget.level][options.budget.version - 1];
    if (capacity === undefined) throw new Error('qrVersion is outside 1 to 40');
    budget = { ...options.budget, capacity };
    for (const step of BUDGET_STEPS) {
      while (bytes > capacity) {
        const cut = step(qr);
        if (cut === null) break;
        qr = cut.items;
        omitted.push(cut.path);
        qrPayload = payloadOf(qr);
        bytes = utf8Length(qrPayload);
      }
      if (bytes <= capacity) break;
    }
    if (bytes > capacity)
      throw new QrBudgetExceededError(options.budget.version, options.budget.level, capacity, bytes);
  }
  if (bytes > QR_MAX_BYTES) throw new QrCapacityExceededError(bytes, QR_MAX_BYTES, largestField(qr, payloadOf));
  return { qrPayload, card, format, omitted, ...(budget ? { budget } : {}), bytes };
}

function vcardText(items: readonly CardItem[], version: 3 | 4): string {
  const lines = version === 4 ? vcard4Lines(items) : vcard3Lines(items);
  const text = ['BEGIN:VCARD', `VERSION:${version}.0`, ...lines, 'END:VCARD', ''].join('\r\n');
  assertVCardInvariants(text, lines.length + 1, version);
  return text;
}

function mecard(items: readonly CardItem[]): string {
  const text = mecardText(items);
  assertMecardInvariants(text);
  return text;
}

/** The path qr.omitted names for an item: the entry's path, but a field path for a whole property MECARD lacks. */
function fieldPathOf(item: CardItem): string {
  return item.key === 'SOCIAL' ? 'socialProfiles' : item.path;
}

function withoutDepartment(items: readonly CardItem[], org: CardItem & { key: 'ORG' }): CardItem[] {
  return org.organization
    ? items.map((item) => (item === org ? { ...org, department: '', field: 'organization' } : item))
    : items.filter((item) => item !== org);
}

type BudgetStep = (items: readonly CardItem[]) => { items: CardItem[]; path: string } | null;

/** Leaves out the last item with this key, or, with `keepFirst`, the last but never the first one. */
function lastOf(key: CardItem['key'], keepFirst: boolean, path = (item: CardItem) => item.path): BudgetStep {
  return (items) => {
    const matching = items.filter((item) => item.key === key);
    if (matching.length === 0 || (keepFirst && matching.length === 1)) return null;
    const last = matching[matching.length - 1];
    return { items: items.filter((item) => item !== last), path: path(last) };
  };
}

/** Leaves out the first item with this key (once the others are gone, it is the only one). */
const onlyOf = (key: CardItem['key']): BudgetStep => lastOf(key, false);

/**
 * The QR budget's order (contact-model.md §4). N, FN, the first phone and the first email are
 * never left out. Each step leaves out one thing; a step that has nothing left to leave moves on.
 */
const BUDGET_STEPS: readonly BudgetStep[] = [
  onlyOf('CATEGORIES'),
  lastOf('SOCIAL', false),
  onlyOf('NOTE'),
  onlyOf('BDAY'),
  onlyOf('NICKNAME'),
  lastOf('URL', true),
  lastOf('ADR', true),
  lastOf('EMAIL', true),
  lastOf('TEL', true),
  onlyOf('TITLE'),
  (items) => {
    const org = items.find((item) => item.key === 'ORG');
    return org?.key === 'ORG' && org.department ? { items: withoutDepartment(items, org), path: 'department' } : null;
  },
  lastOf('URL', false),
  lastOf('ADR', false),
];

/** The top-level field whose items take the most bytes of the payload: the one to shorten. */
function largestField(items: readonly CardItem[], payloadOf: (items: readonly CardItem[]) => string): string {
  const fields = [...new Set(items.map((item) => item.field))];
  let largest = 'fullName';
  let most = -1;
  const whole = utf8Length(payloadOf(items));
  for (const field of fields) {
    const without = items.filter((item) => item.field !== field || item.key === 'FN' || item.key === 'N');
    const bytes = whole - utf8Length(payloadOf(without));
    if (bytes > most) {
      largest = field;
      most = bytes;
    }
  }
  return largest;
}
