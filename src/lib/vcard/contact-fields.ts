/** The flat contact fields of the first VCardRequest: each one property, always of type work. */
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

export const PHONE_TYPES = ['work', 'home', 'cell', 'fax', 'pager', 'video', 'text', 'other'] as const;
export const PLACE_TYPES = ['work', 'home', 'other'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
/** The type of an email, URL or address. */
export type PlaceType = (typeof PLACE_TYPES)[number];

export interface ContactName {
  family?: string;
  given?: string;
  additional?: string;
  prefix?: string;
  suffix?: string;
}

export interface ContactPhone {
  number: string;
  type?: PhoneType;
  pref?: boolean;
}

export interface ContactEmail {
  address: string;
  type?: PlaceType;
  pref?: boolean;
}

export interface ContactUrl {
  url: string;
  type?: PlaceType;
}

/** The ADR components, in the order the property lists them. */
export const ADDRESS_COMPONENTS = [
  'poBox',
  'extended',
  'street',
  'locality',
  'region',
  'postalCode',
  'country',
] as const;
export type AddressComponent = (typeof ADDRESS_COMPONENTS)[number];

export type ContactAddress = { [component in AddressComponent]?: string } & { type?: PlaceType; pref?: boolean };

export interface ContactSocialProfile {
  service: string;
  url: string;
}

/** What the encoder takes: the flat fields of the first VCardRequest and the rich ones beside them. */
export interface ContactFields {
  fullName: string;
  organization?: string;
  title?: string;
  phone?: string;
  email?: string;
  website?: string;
  address?: string;
  note?: string;
  name?: ContactName;
  nickname?: string;
  department?: string;
  phones?: ContactPhone[];
  emails?: ContactEmail[];
  urls?: ContactUrl[];
  addresses?: ContactAddress[];
  socialProfiles?: ContactSocialProfile[];
  /** YYYY-MM-DD. */
  birthday?: string;
  categories?: string[];
  photoUrl?: string;
}

/** The fields added after the flat VCardRequest; a contact without any of them encodes as it always did. */
export const RICH_FIELDS = Object.freeze([
  'name',
  'nickname',
  'department',
  'phones',
  'emails',
  'urls',
  'addresses',
  'socialProfiles',
  'birthday',
  'categories',
  'photoUrl',
] as const satisfies readonly (keyof ContactFields)[]);

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
