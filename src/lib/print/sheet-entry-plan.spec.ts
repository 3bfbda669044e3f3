import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { validateContact, type ContactFields } from '../contact';
import { encodeVCard, QR_BYTE_CAPACITY, toStoredCard, utf8Length, type EncodeOptions } from '../vcard';
import { planSheetEntry, sheetMaxVersion, type SheetSource } from './sheet-entry-plan';
import { SHEET_LAYOUT_NAMES, sheetCodeBoxMm } from './sheet-layouts';

function sourceOf(input: object, options: EncodeOptions = {}, index = 0): SheetSource {
  const checked = validateContact(input);
  if (!checked.ok) throw new Error('invalid test contact');
  const stored = toStoredCard(encodeVCard(checked.value as ContactFields, options), options.level);
  return { index, card: stored.card ?? stored.qrPayload, qrPayload: stored.qrPayload, omitted: stored.omitted };
}

const ADA = {
  fullName: 'Ada Lovelace',
  title: 'Analyst',
  organization: 'Engines; Ltd, London',
  phone: '+44 20 7946 0958',
};

/** Ada's text lines on a sheet: the name, then the title and the organisation (ORG's first component). */
const ADA_LINES = [
  { label: 'name', text: 'Ada Lovelace' },
  { label: 'title', text: 'Analyst' },
  { label: 'organization', text: 'Engines; Ltd, London' },
];

describe('sheetMaxVersion', () => {
  it.each(SHEET_LAYOUT_NAMES.map((name) => [name]))(
    '%s: the largest version whose modules are at least 0.40 mm in the code box',
    (layout) => {
      const version = sheetMaxVersion(layout, 4);
      const moduleMm = (v: number) => sheetCodeBoxMm(layout) / (17 + 4 * v + 8);
      expect(moduleMm(version)).toBeGreaterThanOrEqual(0.4);
      if (version < 40) expect(moduleMm(version + 1)).toBeLessThan(0.4);
    },
  );
});

describe('planSheetEntry', () => {
  const options = { layout: 'card-eu' as const, encode: {}, margin: 4 };

  it('keeps a payload that fits the box and reads the name, title and organisation back unescaped', () => {
    const source = sourceOf(ADA);
    expect(planSheetEntry(source, options)).toEqual({
      index: 0,
      lines: ADA_LINES,
      payload: source.qrPayload,
      textless: false,
    });
  });

  it('reads the texts of a vCard 4.0 and of a MECARD batch (whose card is vCard 3.0) alike', () => {
    for (const format of ['vcard4', 'mecard'] as const) {
      const plan = planSheetEntry(sourceOf(ADA, { format }), { ...options, encode: { format } });
      expect(plan).toMatchObject({ lines: ADA_LINES });
    }
  });

  it('fits a dense card with the QR budget and reports only what it left out for print', () => {
    const source = sourceOf({ ...ADA, note: 'Engines. '.repeat(40), photoUrl: 'https://example.com/a.jpg' });
    const plan = planSheetEntry(source, options);
    if ('missing' in plan) throw new Error('expected a plan');
    expect(plan.omitted).toEqual(['note']);
    expect(utf8Length(plan.payload)).toBeLessThanOrEqual(QR_BYTE_CAPACITY.M[sheetMaxVersion('card-eu', 4) - 1]);
    expect(plan.payload).toContain('FN:Ada Lovelace');
  });

  it('leaves out a card that cannot fit even with the budget, and marks a name no shipped font draws', () => {
    const long = sourceOf({ fullName: `Maximilian ${'Alexander '.repeat(12)}`.trim() });
    expect(planSheetEntry(long, { ...options, layout: 'label-5160' })).toMatchObject({ missing: expect.any(String) });
    expect(planSheetEntry(sourceOf({ fullName: 'Ankh 𓋹' }), options)).toMatchObject({ textless: true });
    expect(planSheetEntry(sourceOf({ fullName: '山田太郎' }), options)).toMatchObject({ textless: false });
  });

  it('every plan of a valid card fits its box at the batch level, or is missing', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.string({ maxLength: 300 }),
        fc.constantFrom(...SHEET_LAYOUT_NAMES),
        fc.constantFrom('L', 'M', 'Q', 'H'),
        (name, note, layout, level) => {
          const checked = validateContact({ fullName: name, note });
          if (!checked.ok) return;
          const source = sourceOf(checked.value, { level });
          const plan = planSheetEntry(source, { layout, encode: { level }, margin: 4 });
          if ('missing' in plan) return;
          expect(utf8Length(plan.payload)).toBeLessThanOrEqual(QR_BYTE_CAPACITY[level][sheetMaxVersion(layout, 4) - 1]);
        },
      ),
      { seed: 20261126, numRuns: 60 },
    );
  });
});
