import { describe, expect, it } from '@jest/globals';
import { mecardAsVCard } from './mecard-as-vcard';

describe('mecardAsVCard', () => {
  it("gives each MECARD field its vCard 3.0 property, N's and ADR's parts as components, BDAY as a date", () => {
    expect(
      mecardAsVCard(
        'MECARD:N:Lovelace,Ada;TEL:+44 20 7946 0958;EMAIL:ada@example.com;ADR:,,12 St James\\, Sq,London,,SW1,UK;BDAY:18151210;NOTE:a\\;b\\:c;;',
      ),
    ).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Lovelace;Ada;;;',
        'TEL:+44 20 7946 0958',
        'EMAIL:ada@example.com',
        'ADR:;;12 St James\\, Sq;London;;SW1;UK',
        'BDAY:1815-12-10',
        'NOTE:a\\;b:c',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a one-part name and address whole, and leaves out what is not a field', () => {
    expect(mecardAsVCard('MECARD:N:Ada;ADR:Somewhere 1;junk;:x;;')).toBe(
      ['BEGIN:VCARD', 'VERSION:3.0', 'N:Ada;;;;', 'ADR:;;Somewhere 1;;;;', 'END:VCARD', ''].join('\r\n'),
    );
  });
});
