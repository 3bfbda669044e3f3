import { describe, expect, it } from '@jest/globals';
import { derivedFullName } from './derived-full-name';

describe('derivedFullName', () => {
  it('joins the non-empty name parts as "prefix given additional family suffix", single-spaced', () => {
    const name = { family: 'Example', given: ' Ada ', additional: '', prefix: 'Dr.', suffix: 'Jr.' };
    expect(derivedFullName({ name, organization: 'Engines' })).toBe('Dr. Ada Example Jr.');
    expect(derivedFullName({ name: { given: 'Mary  Ann' } })).toBe('Mary Ann');
  });

  it('falls back to the organization, then to nothing', () => {
    expect(derivedFullName({ name: { prefix: '  ' }, organization: ' Example Plumbing Co ' })).toBe(
      'Example Plumbing Co',
    );
    expect(derivedFullName({ emails: [{ address: 'a@example.org' }] })).toBeUndefined();
    expect(derivedFullName({ organization: '   ' })).toBeUndefined();
  });
});
