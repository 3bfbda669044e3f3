/** The contact fields the encoder understands, in the order their vCard properties are emitted. */
export type ContactField = 'fullName' | 'organization' | 'title' | 'phone' | 'email' | 'website' | 'address' | 'note';

export const CONTACT_FIELDS: readonly ContactField[] = Object.freeze([
  'fullName',
  'organization',
  'title',
  'phone',
  'email',
  'website',
  'address',
  'note',
] as const);

export interface ContactFields {
  fullName: string;
  organization?: string;
  title?: string;
  phone?: string;
  email?: string;
  website?: string;
  address?: string;
  note?: string;
}

/**
 * Upper bounds in Unicode code points, counted after cleaning and trimming. The encoder itself does
 * not enforce them (the QR capacity check is its only size limit); callers validate with them.
 */
export const FIELD_MAX_LENGTH: Readonly<Record<ContactField, number>> = Object.freeze({
  fullName: 256,
  organization: 256,
  title: 256,
  phone: 64,
  email: 254,
  website: 2048,
  address: 512,
  note: 2000,
});
