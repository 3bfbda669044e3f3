import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as ndef from 'ndef';
import { ndefMessage, VCARD_MEDIA_TYPE } from './ndef-message';
import { isNfcTag, NFC_TAG_CAPACITY, tagBytes, tagContent } from './nfc-tag';

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ångström\r\nN:Ångström;Zoë;;;\r\nEND:VCARD\r\n';

/** Reads a tag's bytes as the NFC Forum Type 2 layout says, independently of the writer: the NDEF TLV's value. */
function readNdefTlv(content: Uint8Array): Uint8Array {
  expect(content[0]).toBe(0x03);
  const long = content[1] === 0xff;
  const length = long ? (content[2] << 8) | content[3] : content[1];
  const start = long ? 4 : 2;
  expect(content[start + length]).toBe(0xfe);
  expect(content.length).toBe(start + length + 1);
  return content.subarray(start, start + length);
}

describe('NDEF message of a vCard', () => {
  it('is one MIME record of type text/vcard carrying the payload, as the ndef library reads it', () => {
    const payload = Buffer.from(VCARD, 'utf8');
    const records = ndef.decodeMessage(Buffer.from(ndefMessage(payload)));
    expect(records).toHaveLength(1);
    expect(records[0].tnf).toBe(0x02);
    expect(Buffer.from(records[0].type).toString('latin1')).toBe(VCARD_MEDIA_TYPE);
    expect(records[0].id).toEqual([]);
    expect(Buffer.from(records[0].payload).equals(payload)).toBe(true);
  });

  it('uses a short record up to 255 payload bytes and a 4-byte length after, as the ndef library writes and reads them', () => {
    for (const length of [0, 1, 254, 255, 256, 700, 70_000]) {
      const payload = Buffer.alloc(length, 0x41);
      const ours = Buffer.from(ndefMessage(payload));
      expect(ours[0] & 0x10).toBe(length <= 255 ? 0x10 : 0);
      expect(ours[0] & 0xc0).toBe(0xc0);
      expect(Buffer.from(ndef.decodeMessage(ours)[0].payload).equals(payload)).toBe(true);
      // The library keeps a 255-byte payload out of short records, though its 1-byte length holds 255.
      if (length === 255) continue;
      const theirs = ndef.encodeMessage([ndef.mimeMediaRecord(VCARD_MEDIA_TYPE, [...payload])]);
      expect(ours.equals(Buffer.from(theirs))).toBe(true);
    }
  });
});

describe('tag content', () => {
  it('wraps the message in an NDEF TLV with the 1-byte length up to 254 bytes and the 3-byte form after, then 0xFE', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1200 }), (payload) => {
        const message = ndefMessage(payload);
        const content = tagContent(message);
        expect(Buffer.from(readNdefTlv(content)).equals(Buffer.from(message))).toBe(true);
        expect(content[1] === 0xff).toBe(message.length > 254);
        expect(tagBytes(payload.length)).toBe(content.length);
        const [record] = ndef.decodeMessage(Buffer.from(readNdefTlv(content)));
        expect(Buffer.from(record.payload).equals(Buffer.from(payload))).toBe(true);
      }),
      { seed: 7160, numRuns: 300 },
    );
  });

  it('counts bytes at the edges of the length forms', () => {
    // A short record is 13 bytes plus its payload: 241 payload bytes make a 254-byte message, the
    // longest with a 1-byte TLV length; 256 is the first payload with a 4-byte record length.
    const edges = [0, 240, 241, 242, 255, 256];
    expect(edges.map((length) => tagBytes(length))).toEqual(
      edges.map((length) => tagContent(ndefMessage(new Uint8Array(length))).length),
    );
    expect(tagBytes(241)).toBe(2 + 254 + 1);
    expect(tagBytes(242)).toBe(4 + 255 + 1);
    expect(tagBytes(256)).toBe(4 + 2 + 4 + 10 + 256 + 1);
  });

  it('knows the three tags and their user memory', () => {
    expect(NFC_TAG_CAPACITY).toEqual({ ntag213: 144, ntag215: 504, ntag216: 888 });
    expect(['ntag213', 'ntag215', 'ntag216', 'ntag214', 'toString'].map(isNfcTag)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
