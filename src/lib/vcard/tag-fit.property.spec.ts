import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as ndef from 'ndef';
import { documentedOrder, withoutPaths } from '../../../test/fixtures/vcard/budget-order';
import { richContact, type RichContactInput } from '../../../test/fixtures/vcard/rich-contact.arbitrary';
import { validateContact, type ContactFields } from '../contact';
import { NFC_TAG_CAPACITY, NFC_TAGS, NfcCapacityExceededError, tagBytes, type NfcTag } from '../nfc';
import { encodeCard, type VCardFormat } from './encode-card';
import { encodeVCard } from './encode-vcard';
import { QR_BYTE_CAPACITY, type QrLevel } from './qr-capacity';
import { QrBudgetExceededError } from './qr-budget-exceeded.error';

// Fitting a card to an NFC tag, for generated rich contacts: what the tag stores (TLV, message,
// terminator) is at most its capacity; the properties left out are a prefix of the QR budget's
// order and exactly what the payload lacks (the contact without those paths encodes to the same
// payload); the last one left out could not have been kept; the NDEF message reads back (with the
// independent ndef library) to qrPayload. With a QR budget too, the stricter limit decides, and a
// card that fits neither is qr_budget_exceeded.

const FORMATS: VCardFormat[] = ['vcard3', 'vcard4'];

/**
 * Contacts small enough for the smallest tag now and then: a name, perhaps a phone, and fields the
 * budget may leave out. What a generated rich contact never leaves out (its organization, first
 * phone and first email) is nearly always more than an NTAG213 holds.
 */
const smallContact: fc.Arbitrary<RichContactInput> = richContact.map((contact) => {
  const small: RichContactInput = { fullName: contact.fullName };
  for (const key of ['phone', 'nickname', 'birthday', 'categories', 'note'] as const)
    if (contact[key] !== undefined) Object.assign(small, { [key]: contact[key] });
  return small;
});

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

function validated(input: unknown): ContactFields {
  const outcome = validateContact(input);
  if (!outcome.ok) throw new Error('a generated contact was rejected');
  return outcome.value;
}

/** The payload bytes of the contact sent without these paths, with no limit at all. */
function payloadWithout(input: RichContactInput, paths: readonly string[], format: VCardFormat): number {
  return Buffer.byteLength(encodeVCard(validated(withoutPaths(input, paths)), { format }).qrPayload, 'utf8');
}

/** Runs `encode`, giving back what it threw instead of throwing. */
function attempt<T>(encode: () => T): T | Error {
  try {
    return encode();
  } catch (error) {
    return error as Error;
  }
}

/**
 * What every fitted answer must show, whatever the limits: the left-out paths are the fixed ones
 * (the photo), then a prefix of the budget's order; they are exactly what the payload lacks; and
 * with the last of them back, the payload would be over `limit` bytes.
 */
function expectFitted(
  input: RichContactInput,
  format: VCardFormat,
  encoded: ReturnType<typeof encodeVCard>,
  limit: number,
): void {
  const fixed = input.photoUrl ? ['photoUrl'] : [];
  const omitted = encoded.qr.omitted!;
  expect(omitted.slice(0, fixed.length)).toEqual(fixed);
  const dropped = omitted.slice(fixed.length);
  expect(dropped).toEqual(documentedOrder(input, format).slice(0, dropped.length));
  expect(encoded.qrPayload).toBe(encodeVCard(validated(withoutPaths(input, dropped)), { format }).qrPayload);
  if (dropped.length > 0) expect(payloadWithout(input, dropped.slice(0, -1), format)).toBeGreaterThan(limit);
}

/** The NDEF message of the answer, read by the ndef library: one text/vcard record of qrPayload. */
function expectMessageCarries(encoded: ReturnType<typeof encodeVCard>, tag: NfcTag): void {
  const payload = Buffer.from(encoded.qrPayload, 'utf8');
  expect(encoded.nfc).toMatchObject({ tag, capacity: NFC_TAG_CAPACITY[tag], bytes: tagBytes(payload.length) });
  const records = ndef.decodeMessage(Buffer.from(encoded.nfc!.message, 'base64'));
  expect(records.map((record) => [record.tnf, Buffer.from(record.type).toString('latin1')])).toEqual([
    [0x02, 'text/vcard'],
  ]);
  expect(Buffer.from(records[0].payload).equals(payload)).toBe(true);
}

describe('fitting a card to an NFC tag', () => {
  it('fits each capacity, leaves out a prefix of the budget order and no more than it must, and carries qrPayload', () => {
    fc.assert(
      fc.property(fc.oneof(richContact, smallContact), fc.constantFrom(...FORMATS), (input, format) => {
        const contact = validated(input);
        const whole = encodeVCard(contact, { format });
        const smallest = payloadWithout(input, documentedOrder(input, format), format);
        for (const tag of NFC_TAGS) {
          const capacity = NFC_TAG_CAPACITY[tag];
          const encoded = attempt(() => encodeVCard(contact, { format, nfc: tag }));
          if (encoded instanceof Error) {
            expect(encoded).toBeInstanceOf(NfcCapacityExceededError);
            expect(encoded).toMatchObject({ tag, capacity, bytes: tagBytes(smallest) });
            expect(tagBytes(smallest)).toBeGreaterThan(capacity);
            continue;
          }
          expect(tagBytes(Buffer.byteLength(encoded.qrPayload, 'utf8'))).toBeLessThanOrEqual(capacity);
          expect(encoded.vcard).toBe(whole.vcard);
          expect(encoded.format).toBe(format);
          expect(encoded.qr.budget).toBeUndefined();
          expectFitted(input, format, encoded, largestPayload(capacity));
          expectMessageCarries(encoded, tag);
          if (tagBytes(whole.qr.bytes) <= capacity) expect(encoded.qrPayload).toBe(whole.qrPayload);
        }
      }),
      { seed: 215, numRuns: 100 },
    );
  });

  it('with a QR budget too, meets the stricter limit; fitting neither is qr_budget_exceeded', () => {
    const budgeted = fc.record({
      input: richContact,
      format: fc.constantFrom(...FORMATS),
      tag: fc.constantFrom(...NFC_TAGS),
      version: fc.integer({ min: 1, max: 40 }),
      level: fc.constantFrom(...LEVELS),
    });
    fc.assert(
      fc.property(budgeted, ({ input, format, tag, version, level }) => {
        const qrCapacity = QR_BYTE_CAPACITY[level][version - 1];
        const tagLimit = largestPayload(NFC_TAG_CAPACITY[tag]);
        const smallest = payloadWithout(input, documentedOrder(input, format), format);
        const encoded = attempt(() => encodeVCard(validated(input), { format, nfc: tag, budget: { version, level } }));
        if (smallest > qrCapacity) {
          expect(encoded).toBeInstanceOf(QrBudgetExceededError);
          expect(encoded).toMatchObject({ qrVersion: version, qrLevel: level, capacity: qrCapacity, bytes: smallest });
        } else if (smallest > tagLimit) {
          expect(encoded).toBeInstanceOf(NfcCapacityExceededError);
          expect(encoded).toMatchObject({ tag, bytes: tagBytes(smallest) });
        } else {
          if (encoded instanceof Error) throw encoded;
          expect(encoded.qr.bytes).toBeLessThanOrEqual(Math.min(qrCapacity, tagLimit));
          expect(encoded.qr.budget).toEqual({ version, level, capacity: qrCapacity });
          expectFitted(input, format, encoded, Math.min(qrCapacity, tagLimit));
          expectMessageCarries(encoded, tag);
        }
      }),
      { seed: 216, numRuns: 80 },
    );
  });

  it('refuses a MECARD for a tag: a tag carries a vCard', () => {
    expect(() => encodeCard({ fullName: 'Ada Lovelace' }, { format: 'mecard', nfc: 'ntag216' })).toThrow(
      'a tag carries a vCard, not MECARD',
    );
  });
});

/** The most payload bytes whose tag content fits `capacity`, found by counting up with tagBytes. */
function largestPayload(capacity: number): number {
  let length = 0;
  while (tagBytes(length + 1) <= capacity) length++;
  return length;
}
