export { ndefMessage, ndefMessageLength, VCARD_MEDIA_TYPE } from './ndef-message';
export { isNfcTag, NFC_TAG_CAPACITY, tagBytes, tagContent, type NfcTag } from './nfc-tag';
