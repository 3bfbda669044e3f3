import { CONTACT_SHEET_LINES, validateContact, type ContactFields } from '../contact';
import { plainQrScene, qrMatrix, type QrScene } from '../qr';
import {
  encodeCard,
  QR_BYTE_CAPACITY,
  QrBudgetExceededError,
  utf8Length,
  type EncodeOptions,
  type QrLevel,
} from '../vcard';
import { findValueColon } from '../vcard/reader/property-header';
import { mapVCardToContact, readVCards, splitUnescaped, unescapeText } from '../vcard/reader';
import { MODULE_MM } from './print-size';
import { fitSheetCard, type SheetFit, type SheetFitted } from './sheet-fit';
import { hasShippedGlyphs } from './sheet-fonts';
import type { SheetText } from './sheet-item-painter';
import { sheetCodeBoxMm, type SheetLayoutName } from './sheet-layouts';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A batch's successful contact as the store keeps it: its whole card and the payload of its code. */
export interface SheetSource {
  /** Its index in the batch (0-based). */
  index: number;
  /** The whole card (vCard text): where its text lines (the name, ...) are read from. */
  card: string;
  qrPayload: string;
  /** What the batch already left out of qrPayload (not reported again). */
  omitted?: readonly string[];
}

/** How a batch's codes are fitted to a layout. */
export interface SheetFitOptions {
  layout: SheetLayoutName;
  /** The batch's card options: its format, level, QR budget and tag still hold. */
  encode: EncodeOptions;
  /** Quiet zone of every code, in modules. */
  margin: number;
  /** How a card too dense for the code box is fitted; absent: `exact` (the QR budget alone). */
  fit?: SheetFit;
}

/** A contact planned onto a sheet: what it prints, or why it is left out. */
export type SheetPlan =
  | {
      index: number;
      /** Its text lines, the name first (CONTACT_SHEET_LINES: those its card has). */
      lines: SheetText[];
      /** The payload of its code: the stored one, or a shorter one fitted to the code box. */
      payload: string;
      /** Field paths left out to fit the code box (beyond what the batch already left out). */
      omitted?: string[];
      /** With `fit=auto`, how a card too dense for the code box was fitted. */
      fit?: SheetFitted;
      /** A text line will not print: a character is in no shipped font. */
      textless: boolean;
    }
  | { index: number; missing: string };

/** The error-correction level a batch's codes are drawn at. */
export function sheetLevel(encode: EncodeOptions): QrLevel {
  return encode.level ?? 'M';
}

/**
 * The largest QR version whose modules are at least 0.40 mm when the code, with its quiet zone,
 * fills the layout's code box: where fitting to print stops.
 */
export function sheetMaxVersion(layout: SheetLayoutName, margin: number): number {
  const modulesAcross = Math.floor(sheetCodeBoxMm(layout) / MODULE_MM.warning + 1e-9);
  return Math.min(40, Math.floor((modulesAcross - 2 * margin - 17) / 4));
}

/**
 * Plans one contact onto the sheet: its texts read back from its card, its payload as stored when
 * it fits the code box, else the card fitted again to the largest version the box allows: with the
 * QR budget (the same order of what to leave out), and with `fit=auto` then as MECARD
 * (fitSheetCard); missing when even that fails.
 */
export function planSheetEntry(source: SheetSource, options: SheetFitOptions): SheetPlan {
  const { index } = source;
  const lines = cardLines(source.card);
  if (lines === null) return { index, missing: 'its card has no name to print' };
  // Printable ASCII is all in the Latin face: only other text is looked up glyph by glyph.
  const textless = lines.some(({ text }) => !PRINTABLE_ASCII.test(text) && !hasShippedGlyphs(text));
  const level = sheetLevel(options.encode);
  const version = sheetMaxVersion(options.layout, options.margin);
  if (version < 1) return { index, missing: 'the code box is too small for any code' };
  if (utf8Length(source.qrPayload) <= QR_BYTE_CAPACITY[level][version - 1])
    return { index, lines, payload: source.qrPayload, textless };
  // Only a card too dense for the box is read back whole and fitted again.
  const contact = readContact(source.card);
  if (contact === null) return { index, missing: 'its card could not be read back' };
  const budget = { version: Math.min(version, options.encode.budget?.version ?? 40), level };
  const already = new Set(source.omitted ?? []);
  const beyondBatch = (omitted: string[]) => omitted.filter((path) => !already.has(path));
  if (options.fit === 'auto') {
    const fitted = fitSheetCard(contact, options.encode, budget);
    if (fitted === null)
      return {
        index,
        missing: `its name alone does not fit a version ${budget.version} code at level ${level}, even as MECARD (modules would be under 0.40 mm)`,
      };
    return { index, lines, payload: fitted.qrPayload, omitted: beyondBatch(fitted.omitted), fit: fitted.fit, textless };
  }
  try {
    const fitted = encodeCard(contact, { ...options.encode, budget });
    return { index, lines, payload: fitted.qrPayload, omitted: beyondBatch(fitted.omitted), textless };
  } catch (error) {
    if (!(error instanceof QrBudgetExceededError)) throw error;
    return {
      index,
      missing: `its card does not fit a version ${budget.version} code at level ${level} even with the QR budget (modules would be under 0.40 mm)`,
    };
  }
}

/**
 * The text lines of a card the service wrote (unfolded, one property a line): each line's property
 * (its value, or its component), unescaped; the lines with text, or null when the first (the name)
 * has none. Cheaper than reading the whole card, which every contact of a sheet needs before its
 * first byte.
 */
function cardLines(card: string): SheetText[] | null {
  const texts = new Map<(typeof CONTACT_SHEET_LINES)[number], string>();
  for (const line of card.split(/\r?\n/)) {
    const colon = findValueColon(line);
    if (colon < 0) continue;
    const header = line.slice(0, colon).split(';')[0].toUpperCase();
    const property = header.slice(header.lastIndexOf('.') + 1);
    const value = line.slice(colon + 1);
    for (const source of CONTACT_SHEET_LINES) {
      if (!source.properties.includes(property)) continue;
      const text = source.component === undefined ? value : (splitUnescaped(value, ';')[source.component] ?? '');
      texts.set(source, unescapeText(text));
    }
  }
  if (!texts.get(CONTACT_SHEET_LINES[0])) return null;
  return CONTACT_SHEET_LINES.flatMap(({ label }, line) => {
    const text = texts.get(CONTACT_SHEET_LINES[line]);
    return text ? [{ label, text }] : [];
  });
}

/** The contact a card holds, cleaned by the contact rules; null when it cannot be read back. */
function readContact(card: string): ContactFields | null {
  const event = readVCards(Buffer.from(card, 'utf8')).find((read) => read.kind === 'card');
  if (event === undefined || event.kind !== 'card') return null;
  const mapped = mapVCardToContact(event);
  if ('kind' in mapped) return null;
  const outcome = validateContact(mapped.contact);
  return outcome.ok ? outcome.value : null;
}

/** The plain code of a planned payload, as the sheet draws it. */
export function sheetScene(payload: string, level: QrLevel, margin: number): QrScene {
  return plainQrScene(qrMatrix(payload, level), margin);
}
