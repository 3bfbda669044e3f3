import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as ndef from 'ndef';
import { nfcFit } from './nfc-fit';
import { NFC_TAG_CAPACITY, NFC_TAGS, tagBytes, tagPayloadLimit } from './nfc-tag';

describe('tagPayloadLimit', () => {
  it('is the longest payload whose tag content fits, at each capacity', () => {
    expect(NFC_TAGS).toEqual(['ntag213', 'ntag215', 'ntag216']);
    for (const tag of NFC_TAGS) {
      const limit = tagPayloadLimit(tag);
      expect(tagBytes(limit)).toBeLessThanOrEqual(NFC_TAG_CAPACITY[tag]);
      expect(tagBytes(limit + 1)).toBeGreaterThan(NFC_TAG_CAPACITY[tag]);
    }
    // 144 = 2 (TLV) + 13 (short record header and type) + 128 + 1 (terminator); the larger tags
    // need the 3-byte TLV length and the 4-byte record length: 21 bytes around the payload.
    expect(NFC_TAGS.map(tagPayloadLimit)).toEqual([128, 483, 867]);
  });

  it('makes "fits the tag" the same as "at most the limit" for every payload length', () => {
    for (const tag of NFC_TAGS)
      for (let length = 0; length <= 1000; length++)
        expect([tag, length, tagBytes(length) <= NFC_TAG_CAPACITY[tag]]).toEqual([
          tag,
          length,
          length <= tagPayloadLimit(tag),
        ]);
  });
});

describe('nfcFit', () => {
  it('reports the tag, its capacity, the bytes it stores and a base64 message the ndef library reads back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constantFrom(...NFC_TAGS), (payload, tag) => {
        const fit = nfcFit(tag, payload);
        const utf8 = Buffer.from(payload, 'utf8');
        expect(fit).toMatchObject({ tag, capacity: NFC_TAG_CAPACITY[tag], bytes: tagBytes(utf8.length) });
        const records = ndef.decodeMessage(Buffer.from(fit.message, 'base64'));
        expect(records).toHaveLength(1);
        expect(records[0].tnf).toBe(0x02);
        expect(Buffer.from(records[0].type).toString('latin1')).toBe('text/vcard');
        expect(Buffer.from(records[0].payload).equals(utf8)).toBe(true);
      }),
      { seed: 213, numRuns: 200 },
    );
  });
});
