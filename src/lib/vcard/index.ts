export { cardItems, compileCardItems, type CardItem } from './card-items';
export {
  describeQrPayload,
  describeStoredCard,
  encodeVCard,
  toStoredCard,
  type EncodedVCard,
  type QrInfo,
  type StoredCard,
} from './encode-vcard';
export { encodeCard, VCARD_FORMATS, type EncodeOptions, type QrBudget, type VCardFormat } from './encode-card';
export { escapeText } from './escape-text';
export { foldVCardLines } from './fold-lines';
export { cardFileName } from './card-file-name';
export { minQrVersion } from './min-qr-version';
export { BUDGET_ORDER_DOCS, BUDGET_STEPS, compileBudget, type BudgetStep } from './qr-budget';
export { QrBudgetExceededError } from './qr-budget-exceeded.error';
export { QR_BYTE_CAPACITY, QR_MAX_BYTES, type QrLevel } from './qr-capacity';
export { QrCapacityExceededError } from './qr-capacity-exceeded.error';
export { isTooDenseToPrintSmall } from './qr-warnings';
export { deriveStructuredName } from './structured-name';
export { utf8Length } from './utf8-length';
export { VCardInvariantError } from './vcard-invariant.error';
