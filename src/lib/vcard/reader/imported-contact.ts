import type { ImportedPhoneType } from './phone-type';
import type { ImportedPlaceType } from './place-type';
import type { VCardVersion } from './read-event';

/**
 * The contact an import produces, in the shape of the request body (plain JSON), before the
 * contact rules clean and check it. Every field is optional here: a value the card lacks is absent.
 */
export interface ImportedContact {
  fullName?: string;
  name?: { family?: string; given?: string; additional?: string; prefix?: string; suffix?: string };
  nickname?: string;
  organization?: string;
  department?: string;
  title?: string;
  note?: string;
  categories?: string[];
  phones?: { number: string; type: ImportedPhoneType; pref?: true }[];
  emails?: { address: string; type: ImportedPlaceType; pref?: true }[];
  urls?: { url: string; type: ImportedPlaceType }[];
  addresses?: ImportedAddress[];
  socialProfiles?: { service: string; url: string }[];
  birthday?: string;
  photoUrl?: string;
}

export interface ImportedAddress {
  poBox?: string;
  extended?: string;
  street?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  country?: string;
  type: ImportedPlaceType;
  pref?: true;
}

/** Why a property is not in the contact, as far as reading tells (the contact rules add their own words). */
export type LeftOutReason = 'unsupported' | 'inline_photo' | 'too_many' | 'no_year';

/** A property left out of the contact: its upper-case name without group and its line, never its value. */
export interface LeftOut {
  property: string;
  line: number;
  reason: LeftOutReason;
}

/** A card mapped to the contact. */
export interface ImportedCard {
  version: VCardVersion;
  contact: ImportedContact;
  leftOut: LeftOut[];
  /**
   * What `fullName` would be without FN, best first (from N, then ORG): the contact rules may
   * reject the FN, and the card's name then comes from the next of these.
   */
  fullNameFallbacks: string[];
}

/** A card with nothing to name the contact by: no FN, no N, no ORG. */
export interface NoNameError {
  kind: 'error';
  /** The line of the card's BEGIN. */
  line: number;
  issue: 'no_name';
}
