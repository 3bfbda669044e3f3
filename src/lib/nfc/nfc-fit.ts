import { ndefMessage } from './ndef-message';
import { NFC_TAG_CAPACITY, tagBytes, type NfcTag } from './nfc-tag';

/** How a card sits on an NFC tag: what an answer reports beside its QR fit. */
export interface NfcFit {
  tag: NfcTag;
  /** The tag's user memory, in bytes. */
  capacity: number;
  /** What the tag stores: the NDEF TLV, the message and the terminator TLV. */
  bytes: number;
  /** The NDEF message, base64: one text/vcard MIME record whose payload is the card's UTF-8 bytes. */
  message: string;
}

/** The fit of a vCard payload on a tag; the caller has fitted the payload (see tagPayloadLimit). */
export function nfcFit(tag: NfcTag, payload: string): NfcFit {
  const bytes = new TextEncoder().encode(payload);
  const message = ndefMessage(bytes);
  // btoa exists in browsers and Node alike; a fitted message is under a kilobyte: one call's arguments.
  return {
    tag,
    capacity: NFC_TAG_CAPACITY[tag],
    bytes: tagBytes(bytes.length),
    message: btoa(String.fromCharCode(...message)),
  };
}
