import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { documentedOrder } from '../../../test/fixtures/vcard/budget-order';
import { richContact } from '../../../test/fixtures/vcard/rich-contact.arbitrary';
import { validateContact } from '../contact';
import type { ContactFields } from '../contact';
import { encodeVCard } from './encode-vcard';
import type { VCardFormat } from './encode-card';
import { QR_BYTE_CAPACITY, type QrLevel } from './qr-capacity';
import { QrBudgetExceededError } from './qr-budget-exceeded.error';
import { utf8Length } from './utf8-length';

// The QR budget (docs/contact.md#qr-budget) for generated rich contacts, every format, and every
// version/level pair: a budgeted qrPayload fits the capacity of qr-byte-capacity.json, leaves out
// exactly a prefix of the documented order (computed here from the request, independently of the
// encoder), leaves vcard unchanged, and leaves out no more as the version grows; a card that does
// not fit even with every droppable property gone is qr_budget_exceeded with that card's bytes.

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];
const FORMATS: VCardFormat[] = ['vcard3', 'vcard4', 'mecard'];

const budgetCase = fc.record({
  input: richContact,
  format: fc.constantFrom(...FORMATS),
  level: fc.constantFrom(...LEVELS),
});

function validated(input: unknown): ContactFields {
  const outcome = validateContact(input);
  if (!outcome.ok) throw new Error('a generated contact was rejected');
  return outcome.value;
}

describe('QR budget', () => {
  it('fits the capacity, leaves out a prefix of the documented order, keeps vcard, and leaves out less as the version grows', () => {
    fc.assert(
      fc.property(budgetCase, ({ input, format, level }) => {
        const contact = validated(input);
        let unbudgeted;
        try {
          unbudgeted = encodeVCard(contact, { format });
        } catch {
          return; // a card no QR code holds at all: qr_capacity_exceeded, tested elsewhere
        }
        const order = documentedOrder(input, format);
        const fixed = unbudgeted.qr.omitted ?? [];
        let previous: string[] | null = null;
        for (let version = 1; version <= 40; version++) {
          const capacity = QR_BYTE_CAPACITY[level][version - 1];
          let encoded;
          try {
            encoded = encodeVCard(contact, { format, budget: { version, level } });
          } catch (error) {
            expect(error).toBeInstanceOf(QrBudgetExceededError);
            const { bytes, capacity: reported, qrVersion, qrLevel } = error as QrBudgetExceededError;
            expect([qrVersion, qrLevel, reported]).toEqual([version, level, capacity]);
            expect(bytes).toBeGreaterThan(capacity);
            expect(previous).toBeNull();
            continue;
          }
          expect(encoded.qr.bytes).toBe(utf8Length(encoded.qrPayload));
          expect(encoded.qr.bytes).toBeLessThanOrEqual(capacity);
          expect(encoded.qr.budget).toEqual({ version, level, capacity });
          expect(encoded.vcard).toBe(unbudgeted.vcard);
          const omitted = encoded.qr.omitted!;
          expect(omitted.slice(0, fixed.length)).toEqual(fixed);
          const dropped = omitted.slice(fixed.length);
          expect(dropped).toEqual(order.slice(0, dropped.length));
          // Nothing was left out that did not have to be: a card that fits unbudgeted keeps everything.
          if (unbudgeted.qr.bytes <= capacity) expect(dropped).toEqual([]);
          if (previous !== null) expect(previous.slice(0, dropped.length)).toEqual(dropped);
          previous = dropped;
        }
      }),
      { numRuns: 60 },
    );
  });

  it('never leaves out N, FN, the first phone or the first email: the smallest card is exactly those', () => {
    const contact = validated({
      fullName: 'Ada Lovelace',
      phone: '+44 20 7946 0958',
      phones: [{ number: '+44 7700 900123', type: 'cell' }],
      email: 'ada@example.com',
      note: 'x'.repeat(500),
      organization: 'Analytical Engines',
      department: 'R&D',
      website: 'https://example.com',
      address: '12 St James',
    });
    const tightest = encodeVCard(contact, { budget: { version: 8, level: 'L' } });
    expect(tightest.qrPayload).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nORG:Analytical Engines\r\nTEL;TYPE=WORK,VOICE:+44 20 7946 0958\r\nEMAIL;TYPE=WORK,INTERNET:ada@example.com\r\nEND:VCARD\r\n',
    );
    expect(tightest.qr.omitted).toEqual(['note', 'phones[0]', 'department', 'website', 'address']);
    let refused: unknown;
    try {
      encodeVCard(contact, { budget: { version: 1, level: 'H' } });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(QrBudgetExceededError);
    const smallest =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nORG:Analytical Engines\r\nTEL;TYPE=WORK,VOICE:+44 20 7946 0958\r\nEMAIL;TYPE=WORK,INTERNET:ada@example.com\r\nEND:VCARD\r\n';
    expect(refused).toMatchObject({ qrVersion: 1, qrLevel: 'H', capacity: 7, bytes: utf8Length(smallest) });
  });
});
