export { ndefMessage, ndefMessageLength, VCARD_MEDIA_TYPE } from './ndef-message';
export { NfcCapacityExceededError } from './nfc-capacity-exceeded.error';
export { nfcFit, type NfcFit } from './nfc-fit';
export { isNfcTag, NFC_TAG_CAPACITY, NFC_TAGS, tagBytes, tagContent, tagPayloadLimit, type NfcTag } from './nfc-tag';
