import { describe, expect, it } from '@jest/globals';
import { CONTACT_SCHEMA } from './contact-schema';
import { displayText, importFallbacks, importFallbackValue } from './import-fallback';

const [fullName] = importFallbacks(CONTACT_SCHEMA);
const derived = (values: Record<string, unknown>) => importFallbackValue(fullName.from, values);

describe('importFallbackValue: the display name an import derives', () => {
  it('is declared for fullName, from the structured name, then the organization', () => {
    expect(importFallbacks(CONTACT_SCHEMA).map(({ field, from }) => [field, from.map(([name]) => name)])).toEqual([
      ['fullName', ['name', 'organization']],
    ]);
  });

  it('joins the non-empty name parts as "prefix given additional family suffix", single-spaced', () => {
    const name = { family: 'Example', given: ' Ada ', additional: '', prefix: 'Dr.', suffix: 'Jr.' };
    expect(derived({ name, organization: 'Engines' })).toBe('Dr. Ada Example Jr.');
    expect(derived({ name: { given: 'Mary  Ann' } })).toBe('Mary Ann');
  });

  it('falls back to the organization, then to nothing', () => {
    expect(derived({ name: { prefix: '  ' }, organization: ' Example Plumbing Co ' })).toBe('Example Plumbing Co');
    expect(derived({ emails: [{ address: 'a@example.org' }] })).toBeUndefined();
    expect(derived({ organization: '   ' })).toBeUndefined();
  });

  it('reads an object without a display order in its fields’ order, and nothing from a non-object', () => {
    const rule = { kind: 'object', fields: { a: { kind: 'text', max: 9 }, b: { kind: 'text', max: 9 } } } as const;
    expect(displayText(rule, { b: 'two', a: 'one' })).toBe('one two');
    expect(displayText(rule, 'text')).toBeUndefined();
  });
});
