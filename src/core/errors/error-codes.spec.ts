import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES } from './error-codes';

describe('ERROR_CODES', () => {
  it('gives invalid_csv a hint sampling the contact columns, as the fields place them', () => {
    expect(ERROR_CODES.invalid_csv.hint).toBe(
      'Send UTF-8 CSV with a header row naming contact columns (fullName, organization, phone, email, ..., phone.cell, email.home, address.home.locality, name.family, social.linkedin, categories; details.columns lists the forms); quote fields that hold commas, quotes or line breaks.',
    );
  });

  it('gives nfc_capacity_exceeded a hint naming what the QR budget never leaves out', () => {
    expect(ERROR_CODES.nfc_capacity_exceeded.hint).toBe(
      'Ask for a larger nfc tag (details.capacity is what the tag holds, details.bytes what the card needs at least), or shorten what is never left out: the name, the organization, the first phone and the first email.',
    );
  });
});
