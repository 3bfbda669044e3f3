import { describe, expect, it } from '@jest/globals';
import { CONTACT_NEVER_LEFT_OUT_DOCS } from '.';
import type { ObjectRule } from './contact-rules';
import { text } from './fields/field-rules';
import { neverLeftOutDocs } from './never-left-out';

const schemaOf = (fields: ObjectRule['fields']): ObjectRule => ({ kind: 'object', fields });
const card = { kind: 'text', property: 'X-A' } as const;

describe('neverLeftOutDocs', () => {
  it('names the name, ORG’s first component and the first phone and email: what the budget never drops', () => {
    expect(CONTACT_NEVER_LEFT_OUT_DOCS).toBe('the name, the organization, the first phone and the first email');
  });

  it('takes the words of the fields without a budget step, once each, and none of a field not in the code', () => {
    const schema = schemaOf({
      a: text(8, { card, keptDocs: 'the a' }),
      b: text(8, { card, keptDocs: 'the a' }),
      c: text(8, { card, budget: { rank: 1, docs: 'c' } }),
      d: text(8),
      e: text(8, { card: { ...card, fileOnly: true } }),
    });
    expect(neverLeftOutDocs(schema)).toBe('the a');
  });

  it('refuses a field the budget never empties without words, and words on one it empties', () => {
    expect(() => neverLeftOutDocs(schemaOf({ a: text(8, { card }) }))).toThrow('a: keptDocs names');
    const dropped = text(8, { card, keptDocs: 'the b', budget: { rank: 1, keepFirst: true, firstRank: 2, docs: 'b' } });
    expect(() => neverLeftOutDocs(schemaOf({ b: dropped }))).toThrow('b: keptDocs names');
  });
});
