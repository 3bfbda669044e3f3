import { describe, expect, it } from '@jest/globals';
import { contactFileName, validateContact, type ContactFields } from '../contact';
import { cardFileName } from './card-file-name';
import { encodeVCard, toStoredCard } from './encode-vcard';

describe('cardFileName', () => {
  it('reads the file-name field back from a stored card, in every format', () => {
    const contacts = [
      { fullName: ' Ada Lovelace ', email: 'ada@example.com' },
      { fullName: 'Hopper, Grace; Rear Admiral\\USN', phone: '+1 555 0100' },
      { fullName: 'José Ñandú', organization: 'Ñ', photoUrl: 'https://example.com/p.jpg' },
    ];
    for (const input of contacts) {
      const outcome = validateContact(input);
      expect(outcome.ok).toBe(true);
      const contact = (outcome as { value: ContactFields }).value;
      for (const format of ['vcard3', 'vcard4', 'mecard'] as const) {
        const stored = toStoredCard(encodeVCard(contact, { format }));
        expect(cardFileName(stored.card ?? stored.qrPayload)).toBe(contactFileName(contact));
      }
    }
  });

  it('finds the property with parameters, not one whose name only begins with it, and gives "" without it', () => {
    expect(cardFileName('BEGIN:VCARD\r\nFNX:no\r\nFN;CHARSET=UTF-8:A\\, B\r\nEND:VCARD')).toBe('A, B');
    expect(cardFileName('BEGIN:VCARD\r\nN:Lovelace;Ada;;;\r\nEND:VCARD')).toBe('');
  });
});
