export { cleanFieldValue, cleanText } from './clean-field';
export { codePointLength } from './code-point-length';
export {
  ADDRESS_COMPONENTS,
  CONTACT_FIELDS,
  FIELD_MAX_LENGTH,
  PHONE_TYPES,
  PLACE_TYPES,
  RICH_FIELDS,
  type AddressComponent,
  type ContactAddress,
  type ContactEmail,
  type ContactField,
  type ContactFields,
  type ContactName,
  type ContactPhone,
  type ContactSocialProfile,
  type ContactUrl,
  type PhoneType,
  type PlaceType,
} from './contact-fields';
export { isValidEmail } from './email';
export {
  describeQrPayload,
  describeStoredCard,
  encodeVCard,
  toStoredCard,
  type EncodedVCard,
  type QrInfo,
  type StoredCard,
} from './encode-vcard';
export { SERVICE as SOCIAL_SERVICE_PATTERN } from './card-items';
export { VCARD_FORMATS, type EncodeOptions, type QrBudget, type VCardFormat } from './encode-card';
export { QrBudgetExceededError } from './qr-budget-exceeded.error';
export { foldVCardLines } from './fold-lines';
export { formattedName } from './formatted-name';
export { hasLoneSurrogate } from './lone-surrogate';
export { minQrVersion } from './min-qr-version';
export { isValidPhone } from './phone';
export { QR_BYTE_CAPACITY, QR_MAX_BYTES, type QrLevel } from './qr-capacity';
export { QrCapacityExceededError } from './qr-capacity-exceeded.error';
export { deriveStructuredName } from './structured-name';
export { VCardInvariantError } from './vcard-invariant.error';
export { utf8Length } from './utf8-length';
export { normalizeWebsite } from './website';
