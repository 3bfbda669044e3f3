import { CONTACT_SHEET_FIELDS, type ContactFields } from '../contact';
import {
  BUDGET_STEPS,
  encodeCard,
  QrBudgetExceededError,
  type BudgetStep,
  type CardItem,
  type EncodeOptions,
  type QrBudget,
} from '../vcard';

/** How a sheet fits a card too dense for its code box: `auto` (the default) or `exact` (the QR budget alone). */
export const SHEET_FITS = ['auto', 'exact'] as const;
export type SheetFit = (typeof SHEET_FITS)[number];

/** What `auto` did to a card to fit it: the QR budget trimmed it, or it was turned to MECARD. */
export type SheetFitted = 'trimmed' | 'mecard';

/** A card fitted to a code box: its payload, what was left out (request paths) and how. */
export interface SheetFittedCard {
  qrPayload: string;
  omitted: string[];
  fit: SheetFitted;
}

/** A step that leaves out the last item `droppable` accepts: the card's order, last first. */
function lastOf(droppable: (item: CardItem) => boolean): BudgetStep {
  return (items) => {
    for (let at = items.length - 1; at >= 0; at--)
      if (droppable(items[at])) return { items: items.filter((_, i) => i !== at), path: items[at].path };
    return null;
  };
}

const [NAME_LINE, ...BESIDE_NAME] = CONTACT_SHEET_FIELDS;

/**
 * Past the QR budget, what a label may still leave out of its code, the name never: first the text
 * lines the item prints beside the code anyway (title, organization), then everything else, last first.
 */
const BEYOND_BUDGET: readonly BudgetStep[] = [
  lastOf((item) => BESIDE_NAME.includes(item.group)),
  lastOf((item) => item.spec.kind !== 'name' && item.group !== NAME_LINE),
];

/** The QR budget's steps, then the label's own: a MECARD on a sheet leaves out this, in this order. */
export const SHEET_MECARD_STEPS: readonly BudgetStep[] = [...BUDGET_STEPS, ...BEYOND_BUDGET];

/**
 * A card fitted to `budget` as `fit=auto` fits it: in the batch's format with the QR budget, else as
 * MECARD (much shorter) with the budget and then the label's own steps, so that the name and what
 * remains of the card fit; null when even the name alone does not. A batch already in MECARD counts
 * as trimmed either way.
 */
export function fitSheetCard(contact: ContactFields, encode: EncodeOptions, budget: QrBudget): SheetFittedCard | null {
  const trimmed = encodedWithin(contact, { ...encode, budget });
  if (trimmed !== null) return { ...trimmed, fit: 'trimmed' };
  // A sheet's code is not written to a tag: the batch's tag does not limit it, and MECARD is no vCard.
  const mecard = encodedWithin(contact, {
    ...encode,
    nfc: undefined,
    format: 'mecard',
    budget,
    steps: SHEET_MECARD_STEPS,
  });
  if (mecard === null) return null;
  return { ...mecard, fit: encode.format === 'mecard' ? 'trimmed' : 'mecard' };
}

function encodedWithin(contact: ContactFields, options: EncodeOptions): Omit<SheetFittedCard, 'fit'> | null {
  try {
    const { qrPayload, omitted } = encodeCard(contact, options);
    return { qrPayload, omitted };
  } catch (error) {
    if (error instanceof QrBudgetExceededError) return null;
    throw error;
  }
}
