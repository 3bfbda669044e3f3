import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { SheetPlan } from '../../lib/print/sheet-entry-plan';
import { unpackJson } from './moved-result';
import { packSheetPlans } from './sheet-items.task';

// Any text a card can hold, lone surrogates included: the packing must give back every code unit.
const text = fc.string({ unit: 'binary', maxLength: 40 });
const plan: fc.Arbitrary<SheetPlan> = fc.oneof(
  fc.record(
    {
      index: fc.nat(),
      lines: fc.array(fc.record({ label: text, text }), { maxLength: 4 }),
      payload: text,
      omitted: fc.array(text, { maxLength: 3 }),
      textless: fc.boolean(),
      fit: fc.constantFrom('trimmed' as const, 'mecard' as const),
    },
    { requiredKeys: ['index', 'lines', 'payload', 'textless'] },
  ),
  fc.record({ index: fc.nat(), missing: text }),
);

describe('packed sheet plans (the plan task moves them to the event loop as one buffer)', () => {
  it('unpack to the very plans packed, and count what the report counts', () => {
    fc.assert(
      fc.property(fc.array(plan, { maxLength: 30 }), (plans) => {
        const packed = packSheetPlans(plans);
        expect(unpackJson<SheetPlan[]>(packed.data)).toEqual(plans);
        const printed = plans.flatMap((p) => ('missing' in p ? [] : [p]));
        const mecard = printed.filter((p) => p.fit === 'mecard').length;
        const trimmed = printed.filter(
          (p) => p.fit === 'trimmed' || (p.fit === undefined && (p.omitted ?? []).length > 0),
        ).length;
        expect(packed.counts).toEqual({
          fitted: trimmed + mecard,
          missing: plans.length - printed.length,
          textless: plans.filter((p) => 'textless' in p && p.textless).length,
          asIs: printed.length - trimmed - mecard,
          trimmed,
          mecard,
        });
        // The printed plan with the longest payload (UTF-8 bytes, the first of equals) carries the full proof.
        const bytes = printed.map((p) => Buffer.byteLength(p.payload, 'utf8'));
        const longest = bytes.indexOf(Math.max(...bytes));
        expect(packed.longest).toEqual(
          printed.length === 0 ? undefined : { index: printed[longest].index, bytes: bytes[longest] },
        );
      }),
      { seed: 37, numRuns: 300 },
    );
  });

  it('hold the plans in a buffer of exactly their encoded length, not a slice of a shared pool', () => {
    const packed = packSheetPlans([
      { index: 0, lines: [{ label: 'name', text: 'Zoë 李' }], payload: 'x', textless: false },
    ]);
    const json = JSON.stringify(unpackJson<SheetPlan[]>(packed.data));
    expect(packed.data.byteLength).toBe(Buffer.byteLength(json));
    expect(packed.counts).toEqual({ fitted: 0, missing: 0, textless: 0, asIs: 1, trimmed: 0, mecard: 0 });
  });
});
