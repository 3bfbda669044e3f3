import { ndefMessageLength } from './ndef-message';

/** User memory of the NFC tags a contact can be written to, in bytes (NXP's NTAG21x data sheet). */
export const NFC_TAG_CAPACITY = { ntag213: 144, ntag215: 504, ntag216: 888 } as const;
export type NfcTag = keyof typeof NFC_TAG_CAPACITY;

/** The tags, smallest first. */
export const NFC_TAGS: readonly NfcTag[] = Object.freeze(Object.keys(NFC_TAG_CAPACITY) as NfcTag[]);

export function isNfcTag(value: string): value is NfcTag {
  return Object.hasOwn(NFC_TAG_CAPACITY, value);
}

// Type 2 tag TLV blocks (NFC Forum Type 2 Tag 1.0, section 2.3): NDEF message, terminator.
const NDEF_TLV = 0x03;
const TERMINATOR_TLV = 0xfe;
/** Lengths up to 254 take one byte; longer ones 0xFF and two bytes. */
const ONE_BYTE_LENGTH_MAX = 0xfe;

/**
 * What a tag stores for an NDEF message: the NDEF TLV (tag 0x03, its length in the 1-byte form up
 * to 254 bytes, else 0xFF and 2 bytes), the message, and the terminator TLV 0xFE.
 */
export function tagContent(message: Uint8Array): Uint8Array {
  const short = message.length <= ONE_BYTE_LENGTH_MAX;
  const header = short ? [NDEF_TLV, message.length] : [NDEF_TLV, 0xff, message.length >> 8, message.length & 0xff];
  const content = new Uint8Array(header.length + message.length + 1);
  content.set(header);
  content.set(message, header.length);
  content[content.length - 1] = TERMINATOR_TLV;
  return content;
}

/** Bytes a tag needs for a vCard payload of `payloadLength` bytes, without building the message. */
export function tagBytes(payloadLength: number): number {
  const message = ndefMessageLength(payloadLength);
  return (message <= ONE_BYTE_LENGTH_MAX ? 2 : 4) + message + 1;
}

const PAYLOAD_LIMIT = Object.fromEntries(
  NFC_TAGS.map((tag) => {
    let length = NFC_TAG_CAPACITY[tag];
    while (tagBytes(length) > NFC_TAG_CAPACITY[tag]) length--;
    return [tag, length];
  }),
) as Record<NfcTag, number>;

/**
 * The longest vCard payload, in bytes, whose tag content fits the tag. tagBytes never shrinks as
 * the payload grows, so a payload fits the tag exactly when it is at most this long: the tag
 * becomes one byte limit, like a QR code's capacity.
 */
export function tagPayloadLimit(tag: NfcTag): number {
  return PAYLOAD_LIMIT[tag];
}
