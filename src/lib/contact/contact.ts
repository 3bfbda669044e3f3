import type { ADDRESS_COMPONENTS } from './fields/address-fields';
import type { PLACE_TYPES } from './fields/field-rules';
import type { PHONE_TYPES } from './fields/reach-fields';

export type PhoneType = (typeof PHONE_TYPES)[number];
/** The type of an email, URL or address. */
export type PlaceType = (typeof PLACE_TYPES)[number];
export type AddressComponent = (typeof ADDRESS_COMPONENTS)[number];

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

export type ContactAddress = { [component in AddressComponent]?: string } & { type?: PlaceType; pref?: boolean };

export interface ContactSocialProfile {
  service: string;
  url: string;
}

/**
 * A validated contact as TypeScript sees it (CONTACT_SCHEMA declares it; the encoder and reader walk
 * the declaration and never need this type's names). Values are cleaned, URLs carry their scheme.
 */
export interface ContactFields {
  fullName: string;
  name?: ContactName;
  nickname?: string;
  organization?: string;
  department?: string;
  title?: string;
  phone?: string;
  phones?: ContactPhone[];
  email?: string;
  emails?: ContactEmail[];
  website?: string;
  urls?: ContactUrl[];
  address?: string;
  addresses?: ContactAddress[];
  socialProfiles?: ContactSocialProfile[];
  /** YYYY-MM-DD. */
  birthday?: string;
  categories?: string[];
  note?: string;
  photoUrl?: string;
}
