export { CONTACT_READ_TABLE, FRAME_PROPERTIES, type ContactReadRule } from './contact-read-table';
export type {
  ImportedAddress,
  ImportedCard,
  ImportedContact,
  LeftOut,
  LeftOutReason,
  NoNameError,
} from './imported-contact';
export { mapVCardToContact } from './map-vcard';
export { birthdayDate } from './birthday-date';
export { emailAddress } from './email-address';
export { isPreferred } from './is-preferred';
export { phoneType, type ImportedPhoneType } from './phone-type';
export { photoSource } from './photo-source';
export { placeType, type ImportedPlaceType } from './place-type';
export { PROPERTY_READERS, type PropertyReader, type Reading } from './property-readers';
export {
  DEFAULT_MAX_CARD_BYTES,
  DEFAULT_MAX_LINE_BYTES,
  type CardEvent,
  type ReadErrorEvent,
  type ReadEvent,
  type ReadIssue,
  type VCardParams,
  type VCardProperty,
  type VCardReaderOptions,
  type VCardVersion,
} from './read-event';
export { readVCards } from './read-vcards';
export { socialService } from './social-service';
export { splitUnescaped } from './split-unescaped';
export { telNumber } from './tel-number';
export { unescapeText } from './unescape-text';
export { listValues, valueComponents } from './value-components';
export { VCardStreamReader } from './vcard-stream-reader';
