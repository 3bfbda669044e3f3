import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PROPERTY_RUNS, validEmail } from '../../../../test/fixtures/vcard/contact.arbitrary';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'jane.q.public@mail.example.co.uk',
    "o'brien+tag@example.org",
    '!#$%&*+/=?^_`{|}~-@example.io',
    'a@b.co',
    'user@sub-domain.example',
    'x@123.example',
    'post@bücher.de',
    'info@пример.рф',
    'info@xn--e1afmkfd.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.com`,
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['jane', 'no @'],
    ['@example.com', 'empty local part'],
    ['jane@', 'empty domain'],
    ['jane@@example.com', 'two @'],
    ['a@b@example.com', 'two @ apart'],
    ['jane@localhost', 'no dot in the domain'],
    ['jane@example.123', 'numeric top-level label'],
    ['jane@-example.com', 'leading hyphen'],
    ['jane@example-.com', 'trailing hyphen'],
    ['jane@example..com', 'empty label'],
    ['jane@example.com.', 'trailing dot'],
    ['.jane@example.com', 'leading dot in local part'],
    ['jane.@example.com', 'trailing dot in local part'],
    ['ja..ne@example.com', 'consecutive dots'],
    ['"jane doe"@example.com', 'quoted local part'],
    ['jane doe@example.com', 'space'],
    ['jane,doe@example.com', 'comma'],
    ['jane;doe@example.com', 'semicolon'],
    ['jane\\doe@example.com', 'backslash'],
    ['jane@exa,mple.com', 'comma in domain'],
    ['jane@exa_mple.com', 'underscore in domain'],
    ['jane\r\n@example.com', 'line break'],
    ['jäne@example.com', 'non-ASCII local part'],
    [`${'a'.repeat(65)}@example.com`, 'local part over 64'],
    [`a@${'b'.repeat(64)}.com`, 'label over 63'],
    [
      `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(10)}.com`,
      'over 254 (260)',
    ],
  ])('rejects %j (%s)', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts every address of the test generator', () => {
    fc.assert(
      fc.property(validEmail, (email) => expect(isValidEmail(email)).toBe(true)),
      PROPERTY_RUNS,
    );
  });

  it('never accepts white space, a vCard special character or a control', () => {
    const noisy = fc.string({ unit: fc.constantFrom(...'ab.@-1 ,;\\\r\n\t\u0000\u0085\u2028ü') });
    fc.assert(
      fc.property(noisy, (email) => {
        if (isValidEmail(email)) expect(email).not.toMatch(/[\s,;\\\u0000-\u001f\u0085]/);
      }),
      PROPERTY_RUNS,
    );
  });
});
