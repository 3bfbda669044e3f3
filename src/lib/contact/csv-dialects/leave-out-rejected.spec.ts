import { describe, expect, it } from '@jest/globals';
import { validateContact } from '../index';
import { leaveOutRejected } from './leave-out-rejected';

describe('leaveOutRejected', () => {
  it('drops each rejected entry of a list and any other rejected field, reporting paths and words only', () => {
    const row = {
      fullName: 'Ada',
      phones: [
        { number: 'pager', type: 'pager' },
        { number: '+44 20 7946 0958', type: 'cell' },
        { number: 'mainphone', type: 'other' },
      ],
      emails: [{ address: 'not an address', type: 'home' }],
      urls: [{ url: 'test.com', type: 'other' }],
      birthday: 'someday',
    };
    const { contact, leftOut } = leaveOutRejected(row, validateContact);
    expect(contact).toEqual({
      fullName: 'Ada',
      phones: [{ number: '+44 20 7946 0958', type: 'cell' }],
      urls: [{ url: 'test.com', type: 'other' }],
    });
    expect(leftOut.map(({ field }) => field).sort()).toEqual(
      ['birthday', 'emails[0].address', 'phones[0].number', 'phones[2].number'].sort(),
    );
    expect(JSON.stringify(leftOut)).not.toMatch(/pager|mainphone|not an address|someday/);
    expect(validateContact(contact).ok).toBe(true);
  });

  it('gives a row that needs no change, and one that fails whatever is left out (its name), back as it was', () => {
    const fine = { fullName: 'Ada', urls: [{ url: 'test.com', type: 'other' }] };
    expect(leaveOutRejected(fine, validateContact)).toEqual({ contact: fine, leftOut: [] });
    const nameless = { phones: [{ number: 'pager', type: 'pager' }] };
    expect(leaveOutRejected(nameless, validateContact)).toEqual({ contact: nameless, leftOut: [] });
    const tooLong = { fullName: 'A'.repeat(500), phones: [{ number: 'pager', type: 'pager' }] };
    expect(leaveOutRejected(tooLong, validateContact)).toEqual({ contact: tooLong, leftOut: [] });
  });
});
