import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { richContact } from '../../../test/fixtures/vcard/rich-contact.arbitrary';
import { encodeVCard } from '../vcard';
import { CONTACT_SCHEMA, MAX_LISTED_ISSUES, validateContact, type FieldIssue, type Rule } from './index';

const issuesOf = (input: unknown): FieldIssue[] => {
  const outcome = validateContact(input);
  if (outcome.ok) throw new Error('expected a rejection');
  return outcome.issues;
};
const valueOf = (input: unknown): unknown => {
  const outcome = validateContact(input);
  if (!outcome.ok) throw new Error(`rejected: ${JSON.stringify(outcome.issues)}`);
  return outcome.value;
};
const base = { fullName: 'Ada Lovelace' };

/**
 * Any JSON where a rule expects its value, and often the value's shape: an object's keys (and one
 * it does not have), a list's entries up to one past its maximum, each by its own rule again.
 */
function anyJsonOf(rule: Rule): fc.Arbitrary<unknown> {
  const wild = fc.jsonValue({ maxDepth: 2 });
  switch (rule.kind) {
    case 'object': {
      const keys = Object.entries(rule.fields).map(([key, field]) => [key, anyJsonOf(field)] as const);
      const shaped = fc.record(Object.fromEntries([...keys, ['x', wild]]), { requiredKeys: [] });
      return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: wild });
    }
    case 'list':
      return fc.oneof(fc.array(anyJsonOf(rule.items), { maxLength: rule.max + 1 }), wild);
    case 'choice':
      return fc.oneof(fc.constantFrom(...rule.values), wild);
    case 'flag':
      return fc.oneof(fc.boolean(), wild);
    default:
      return fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), wild);
  }
}
const thisYear = new Date().getUTCFullYear();

describe('validateContact: the exact path and issue of each bad input (docs/contact.md#fields)', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a phone entry without its number',
      { phones: [{ type: 'cell', pref: true, number: 5 }] },
      'phones[0].number',
      'type',
    ],
    [
      'a malformed second phone',
      { phones: [{ number: '+1 555 0100' }, { number: 'call me' }] },
      'phones[1].number',
      'format',
    ],
    ['a typo inside an entry', { phones: [{ nmber: '+1 555 0100' }] }, 'phones[0].nmber', 'unknown'],
    [
      'a phone type outside its set',
      { phones: [{ number: '+1 555 0100', type: 'mobile' }] },
      'phones[0].type',
      'invalid_value',
    ],
    ['an upper-case type', { emails: [{ address: 'a@b.org', type: 'WORK' }] }, 'emails[0].type', 'invalid_value'],
    [
      'a second pref',
      {
        emails: [
          { address: 'a@b.org', pref: true },
          { address: 'c@d.org', pref: true },
        ],
      },
      'emails[1].pref',
      'invalid_value',
    ],
    ['a pref that is not a boolean', { emails: [{ address: 'a@b.org', pref: 'yes' }] }, 'emails[0].pref', 'type'],
    ['a bad email in the list', { emails: [{ address: 'a@b' }] }, 'emails[0].address', 'format'],
    ['a non-http URL', { urls: [{ url: 'ftp://example.org' }] }, 'urls[0].url', 'format'],
    ['nine phones', { phones: Array.from({ length: 9 }, () => ({ number: '+1 555 0100' })) }, 'phones', 'too_many'],
    [
      'five addresses',
      { addresses: Array.from({ length: 5 }, () => ({ locality: 'Paris' })) },
      'addresses',
      'too_many',
    ],
    ['seventeen categories', { categories: Array.from({ length: 17 }, () => 'x') }, 'categories', 'too_many'],
    ['a list that is an object', { phones: { number: '+1 555 0100' } }, 'phones', 'type'],
    ['an entry that is a string', { addresses: ['1 Main St'] }, 'addresses[0]', 'type'],
    ['an entry that is null', { phones: [null] }, 'phones[0]', 'type'],
    ['a category that is a number', { categories: ['ok', 'fine', 'good', 4] }, 'categories[3]', 'type'],
    ['a long category', { categories: ['x'.repeat(65)] }, 'categories[0]', 'too_long'],
    ['a long family name', { name: { family: 'x'.repeat(129) } }, 'name.family', 'too_long'],
    ['a name with a prefix only', { name: { prefix: 'Dr.' } }, 'name', 'required'],
    ['a name that is a string', { name: 'Ada Lovelace' }, 'name', 'type'],
    ['an unknown name part', { name: { family: 'Lovelace', middle: 'Augusta' } }, 'name.middle', 'unknown'],
    ['a long street', { addresses: [{ street: 'x'.repeat(257) }] }, 'addresses[0].street', 'too_long'],
    [
      'an address type outside its set',
      { addresses: [{ locality: 'Paris', type: 'postal' }] },
      'addresses[0].type',
      'invalid_value',
    ],
    [
      'a social profile without its url',
      { socialProfiles: [{ service: 'linkedin' }] },
      'socialProfiles[0].url',
      'required',
    ],
    [
      'a social service in upper case',
      { socialProfiles: [{ service: 'LinkedIn', url: 'https://x.org' }] },
      'socialProfiles[0].service',
      'invalid_value',
    ],
    [
      'a social service with a space',
      { socialProfiles: [{ service: 'my net', url: 'https://x.org' }] },
      'socialProfiles[0].service',
      'invalid_value',
    ],
    ['a birthday with slashes', { birthday: '1990/01/02' }, 'birthday', 'format'],
    ['a birthday written in words', { birthday: '2 January 1990' }, 'birthday', 'format'],
    ['the 30th of February', { birthday: '1990-02-30' }, 'birthday', 'invalid_value'],
    ['a birthday before 1800', { birthday: '1799-12-31' }, 'birthday', 'invalid_value'],
    ['a birthday next year', { birthday: `${thisYear + 1}-01-01` }, 'birthday', 'invalid_value'],
    ['a birthday that is a number', { birthday: 19900102 }, 'birthday', 'type'],
    ['a long nickname', { nickname: 'x'.repeat(129) }, 'nickname', 'too_long'],
    ['a long department', { department: 'x'.repeat(257) }, 'department', 'too_long'],
    ['a photo that is not http(s)', { photoUrl: 'data:image/png;base64,AAAA' }, 'photoUrl', 'format'],
    ['a lone surrogate in a nested value', { name: { family: 'a\ud800b' } }, 'name.family', 'invalid_unicode'],
  ])('%s: %s', (_case, fields, field, issue) => {
    const issues = issuesOf({ ...base, ...fields });
    expect(issues).toEqual([
      { field, issue, message: expect.stringMatching(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')} `)) },
    ]);
  });

  it('never echoes the rejected value', () => {
    const secret = 'SECRET-VALUE-42';
    const issues = issuesOf({
      ...base,
      phones: [{ number: secret }],
      emails: [{ address: secret }],
      name: { prefix: secret },
      birthday: secret,
      socialProfiles: [{ service: secret, url: secret }],
    });
    expect(issues.length).toBeGreaterThan(4);
    expect(JSON.stringify(issues)).not.toContain(secret);
  });
});

describe('validateContact: what it accepts and how it cleans', () => {
  it('drops empty values, empty entries (type and pref do not count) and empty lists', () => {
    expect(
      valueOf({
        ...base,
        nickname: '  ',
        phones: [{ type: 'cell' }, { number: '', pref: true }],
        emails: [],
        categories: ['', ' '],
        name: { prefix: '' },
      }),
    ).toEqual(base);
  });

  it('keeps an empty entry in its place among others, so every entry keeps its request index', () => {
    expect(valueOf({ ...base, phones: [{ type: 'home' }, { number: '+1 555 0100', type: 'cell' }] })).toEqual({
      ...base,
      phones: [{}, { number: '+1 555 0100', type: 'cell' }],
    });
  });

  it('cleans nested text like flat text: a street keeps its line breaks, other text gets spaces', () => {
    expect(
      valueOf({
        ...base,
        addresses: [{ street: ' 1 Main St\r\nFlat 2 ', locality: 'Lon\ndon' }],
        name: { family: 'Love\tlace' },
      }),
    ).toEqual({
      ...base,
      addresses: [{ street: '1 Main St\nFlat 2', locality: 'Lon don' }],
      name: { family: 'Love lace' },
    });
  });

  it('accepts one pref per list, a department without an organization, and a name with a given name only', () => {
    const value = valueOf({
      ...base,
      department: 'R&D',
      name: { given: 'Ada' },
      phones: [{ number: '+1 555 0100', pref: true }],
      emails: [{ address: 'a@b.org', pref: true }],
    });
    expect(encodeVCard(value as never).qrPayload).toContain('ORG:;R&D\r\n');
    expect(encodeVCard(value as never).qrPayload).toContain('N:;Ada;;;\r\n');
  });

  it('accepts the 29th of February of a leap year and today’s year', () => {
    expect(valueOf({ ...base, birthday: '2000-02-29' })).toEqual({ ...base, birthday: '2000-02-29' });
    expect(valueOf({ ...base, birthday: `${thisYear}-01-01` })).toEqual({ ...base, birthday: `${thisYear}-01-01` });
  });
});

describe('validateContact: hostile input stays bounded', () => {
  it('refuses a list of a million entries without reading one', () => {
    const huge = new Array(1_000_000).fill({ number: 5 });
    expect(issuesOf({ ...base, phones: huge })).toEqual([
      { field: 'phones', issue: 'too_many', message: 'phones must have at most 8 entries' },
    ]);
  });

  it('lists at most MAX_LISTED_ISSUES issues and counts them all', () => {
    const entry = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 1]));
    const outcome = validateContact({ ...base, name: entry, phones: [entry, entry] });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(outcome.count).toBe(15000);
  });

  it('does not walk nesting deeper than the schema: a deep value where text belongs is a type issue', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(issuesOf({ ...base, phones: [{ number: deep }], name: { family: deep } })).toEqual([
      { field: 'name.family', issue: 'type', message: 'name.family must be a string' },
      { field: 'phones[0].number', issue: 'type', message: 'phones[0].number must be a string' },
    ]);
  });

  it('never throws, whatever JSON it gets, in every field of the declaration (fast-check)', () => {
    // Any JSON in every field, or a valid contact with one field's value any JSON (so that some pass).
    const fields = CONTACT_SCHEMA.fields;
    const oneFieldWild = fc
      .constantFrom(...Object.keys(fields))
      .chain((name) =>
        fc.tuple(richContact, anyJsonOf(fields[name])).map(([contact, value]) => ({ ...contact, [name]: value })),
      );
    const anyContact = fc.oneof(anyJsonOf(CONTACT_SCHEMA), oneFieldWild);
    fc.assert(
      fc.property(anyContact, (input) => {
        const outcome = validateContact(input);
        if (outcome.ok) expect(() => encodeVCard(outcome.value)).not.toThrow(TypeError);
        else for (const issue of outcome.issues) expect(typeof issue.field).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });
});
