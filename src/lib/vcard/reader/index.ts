export {
  compileCardImport,
  type CardImport,
  type ImportFailure,
  type ImportIssue,
  type ImportLeftOutReason,
  type ImportOutcome,
} from './card-import';
export {
  CONTACT_READ_TABLE,
  compileReadTable,
  FRAME_PROPERTIES,
  type ContactReadTable,
  type FieldFallback,
  type FieldReading,
} from './contact-read-table';
export type {
  Candidate,
  ImportedCard,
  ImportedContact,
  LeftOut,
  LeftOutReason,
  NoNameError,
  ValueSource,
} from './imported-contact';
export { mapVCardToContact } from './map-vcard';
export { birthdayDate } from './birthday-date';
export { emailAddress } from './email-address';
export { entryParameter } from './entry-parameter';
export { compileEntryType } from './entry-type';
export { isPreferred } from './is-preferred';
export { photoSource } from './photo-source';
export { displayReader, fieldReader, type FieldReader, type PropertyReader, type Reading } from './property-readers';
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
export { splitUnescaped } from './split-unescaped';
export { telNumber } from './tel-number';
export { unescapeText } from './unescape-text';
export { listValues, valueComponents } from './value-components';
export { VCardStreamReader } from './vcard-stream-reader';
