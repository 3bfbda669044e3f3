import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { validateContact, type ContactFields } from '../contact';
import { encodeVCard, QR_BYTE_CAPACITY, toStoredCard, utf8Length, type EncodeOptions } from '../vcard';
import { planSheetEntry, sheetMaxVersion, type SheetFitOptions, type SheetSource } from './sheet-entry-plan';
import { SHEET_LAYOUT_NAMES, type SheetLayoutName } from './sheet-layouts';

function sourceOf(input: object, options: EncodeOptions = {}): SheetSource {
  const checked = validateContact(input);
  if (!checked.ok) throw new Error(`invalid test contact: ${JSON.stringify(checked.issues)}`);
  const stored = toStoredCard(encodeVCard(checked.value as ContactFields, options), options.level);
  return { index: 0, card: stored.card ?? stored.qrPayload, qrPayload: stored.qrPayload, omitted: stored.omitted };
}

const auto = (layout: SheetLayoutName, encode: EncodeOptions = {}): SheetFitOptions => ({
  layout,
  encode,
  margin: 4,
  fit: 'auto',
});
const capacity = (layout: SheetLayoutName) => QR_BYTE_CAPACITY.M[sheetMaxVersion(layout, 4) - 1];

/** A contact as an address book exports it for a label: name, organization, phone and email. */
const LABEL = {
  fullName: 'Alexandra Montgomery',
  organization: 'Northwind Traders International',
  phone: '+1 (555) 0100-4000',
  email: 'alexandra.montgomery@northwind-0.example.com',
};

describe('planSheetEntry with fit=auto', () => {
  it('turns a four-field card too dense for label-5160 to MECARD, leaving out the organization it prints beside', () => {
    const source = sourceOf(LABEL);
    expect(planSheetEntry(source, { ...auto('label-5160'), fit: 'exact' })).toMatchObject({
      missing: expect.stringContaining('even with the QR budget'),
    });
    const plan = planSheetEntry(source, auto('label-5160'));
    expect(plan).toMatchObject({
      fit: 'mecard',
      omitted: ['organization'],
      payload:
        'MECARD:N:Montgomery,Alexandra;TEL:+1 (555) 0100-4000;EMAIL:alexandra.montgomery@northwind-0.example.com;;',
      lines: [
        { label: 'name', text: LABEL.fullName },
        { label: 'organization', text: LABEL.organization },
      ],
    });
  });

  it('keeps a card that fits as it is, and trims one the QR budget can fit, as exact does', () => {
    const fits = sourceOf(LABEL);
    expect(planSheetEntry(fits, auto('card-eu'))).toEqual(planSheetEntry(fits, { ...auto('card-eu'), fit: 'exact' }));
    const dense = sourceOf({ ...LABEL, note: 'Met at the fair. '.repeat(20) });
    const exact = planSheetEntry(dense, { ...auto('card-eu'), fit: 'exact' });
    expect(exact).toMatchObject({ omitted: ['note'] });
    expect(planSheetEntry(dense, auto('card-eu'))).toEqual({ ...exact, fit: 'trimmed' });
  });

  it('leaves out phone and email last first when even MECARD without the organization is too long', () => {
    const plan = planSheetEntry(
      sourceOf({ ...LABEL, emails: [{ address: `${'a'.repeat(60)}@example.com` }], email: undefined }),
      auto('label-5160'),
    );
    expect(plan).toMatchObject({ fit: 'mecard', omitted: ['organization', 'emails[0]'] });
    if ('missing' in plan) throw new Error('expected a plan');
    expect(plan.payload).toBe('MECARD:N:Montgomery,Alexandra;TEL:+1 (555) 0100-4000;;');
  });

  it('counts a MECARD batch as trimmed, drops the batch tag for the code, and says when the name alone is too long', () => {
    const mecard = planSheetEntry(sourceOf(LABEL, { format: 'mecard' }), auto('label-5160', { format: 'mecard' }));
    expect(mecard).toMatchObject({ fit: 'trimmed', omitted: ['organization'] });
    const tagged = planSheetEntry(sourceOf(LABEL, { nfc: 'ntag216' }), auto('label-5160', { nfc: 'ntag216' }));
    expect(tagged).toMatchObject({ fit: 'mecard' });
    const long = sourceOf({ fullName: `Hubert ${'Wolfeschlegelsteinhausenbergerdorff'.repeat(3)}` });
    expect(planSheetEntry(long, auto('label-5160'))).toEqual({
      index: 0,
      missing:
        'its name alone does not fit a version 7 code at level M, even as MECARD (modules would be under 0.40 mm)',
    });
  });

  it('fits every four-field contact (names up to 2 × 20 characters) on every layout, the name always in the code', () => {
    const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéøßñü'.split(''));
    const word = (max: number) => fc.array(letters, { minLength: 1, maxLength: max }).map((chars) => chars.join(''));
    const capital = (text: string) => text[0].toUpperCase() + text.slice(1);
    const contact = fc.record({
      given: word(20).map(capital),
      family: word(20).map(capital),
      organization: fc.array(word(12).map(capital), { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')),
      phone: fc.stringMatching(/^\+[1-9][0-9]{1,3} [0-9]{3} [0-9]{3,4} [0-9]{3,4}$/),
      local: fc.stringMatching(/^[a-z][a-z0-9.]{0,30}[a-z0-9]$/).filter((local) => !local.includes('..')),
      domain: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}[a-z0-9]$/),
    });
    fc.assert(
      fc.property(contact, fc.constantFrom(...SHEET_LAYOUT_NAMES), (drawn, layout) => {
        const fullName = `${drawn.given} ${drawn.family}`;
        const input = {
          fullName,
          organization: drawn.organization,
          phone: drawn.phone,
          email: `${drawn.local}@${drawn.domain}.example.com`,
        };
        const plan = planSheetEntry(sourceOf(input), auto(layout));
        if ('missing' in plan) throw new Error(`${layout}: ${plan.missing}`);
        expect(utf8Length(plan.payload)).toBeLessThanOrEqual(capacity(layout));
        if (plan.fit === 'mecard') expect(plan.payload).toContain(`N:${drawn.family},${drawn.given}`);
        else expect(plan.payload).toContain(`FN:${fullName}`);
        for (const path of plan.omitted ?? []) expect(['organization', 'phones[0]', 'emails[0]']).toContain(path);
      }),
      { seed: 20261201, numRuns: 200 },
    );
  });
});
