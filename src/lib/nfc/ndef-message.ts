/** The MIME type of the one record a contact tag carries. */
export const VCARD_MEDIA_TYPE = 'text/vcard';

const TYPE = new TextEncoder().encode(VCARD_MEDIA_TYPE);
// Record header flags (NFC Forum NDEF 1.0, section 3.2): message begin, message end, short record.
const MB = 0x80;
const ME = 0x40;
const SR = 0x10;
const TNF_MIME_MEDIA = 0x02;
const SHORT_PAYLOAD_MAX = 0xff;

/** Bytes of the NDEF message `ndefMessage` writes for a payload of this many bytes. */
export function ndefMessageLength(payloadLength: number): number {
  const lengthField = payloadLength <= SHORT_PAYLOAD_MAX ? 1 : 4;
  return 2 + lengthField + TYPE.length + payloadLength;
}

/**
 * An NDEF message of one MIME-media record (TNF 0x02) of type `text/vcard` carrying `payload` (the
 * vCard's UTF-8 bytes): a short record, with a one-byte payload length, when the payload is at most
 * 255 bytes, else a normal record with a four-byte length. No record ID.
 */
export function ndefMessage(payload: Uint8Array): Uint8Array {
  const short = payload.length <= SHORT_PAYLOAD_MAX;
  const message = new Uint8Array(ndefMessageLength(payload.length));
  const view = new DataView(message.buffer);
  message[0] = MB | ME | (short ? SR : 0) | TNF_MIME_MEDIA;
  message[1] = TYPE.length;
  let offset = 2;
  if (short) message[offset++] = payload.length;
  else {
    view.setUint32(offset, payload.length);
    offset += 4;
  }
  message.set(TYPE, offset);
  message.set(payload, offset + TYPE.length);
  return message;
}
