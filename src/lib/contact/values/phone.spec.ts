import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PROPERTY_RUNS, validPhone } from '../../../../test/fixtures/vcard/contact.arbitrary';
import { isValidPhone } from './phone';

describe('isValidPhone', () => {
  it.each([
    '+1 (555) 010-0199',
    '555-0100',
    '030 1234567',
    '+49.30.1234.567',
    '0800/123 456',
    '123',
    '+12345678901234567890',
    '555-0100 x123',
    '555-0100x123',
    '555-0100 ext. 123',
    '555-0100 ext 123',
    '555-0100 ext.123',
    '555-0100 EXT. 12',
    '555-0100 X9',
  ])('accepts %j', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['12', 'too few digits'],
    ['+123456789012345678901', '21 digits'],
    ['x123', 'extension only'],
    ['555-0100 x', 'extension without digits'],
    ['555-0100 x12345678901', 'extension of 11 digits'],
    ['555 ext. 123 x4', 'two extensions'],
    ['555,0100', 'comma'],
    ['555;0100', 'semicolon'],
    ['555\\0100', 'backslash'],
    ['555\n0100', 'line break'],
    ['555\t0100', 'tab'],
    ['1-800-FLOWERS', 'letters'],
    ['555+0100', 'plus inside'],
    ['٥٥٥٠١٠٠', 'non-ASCII digits'],
    ['555 0100 ext', 'ext without digits'],
    ['tel:5550100', 'URI form'],
  ])('rejects %j (%s)', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });

  it('accepts every phone of the test generator', () => {
    fc.assert(
      fc.property(validPhone, (phone) => expect(isValidPhone(phone)).toBe(true)),
      PROPERTY_RUNS,
    );
  });

  it('never accepts a value that would need vCard escaping or has a control', () => {
    const noisy = fc.string({ unit: fc.constantFrom(...'0123456789+()-./ xXext,;\\\r\n\t\u0085') });
    fc.assert(
      fc.property(noisy, (phone) => {
        if (isValidPhone(phone)) expect(phone).not.toMatch(/[,;\\\r\n\t\u0085]/);
      }),
      PROPERTY_RUNS,
    );
  });
});
