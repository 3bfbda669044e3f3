import type { ImportedContact } from './imported-contact';
import { PROPERTY_READERS, type PropertyReader } from './property-readers';

type FieldValue<K extends keyof ImportedContact> = NonNullable<ImportedContact[K]>;
type ListItem<K extends keyof ImportedContact> = FieldValue<K> extends (infer E)[] ? E | E[] : never;

type ReadRuleFor<K extends keyof ImportedContact> = {
  /** The contact field the rule fills. */
  field: K;
  /** The properties it reads (upper case, without group). */
  properties: readonly string[];
  /** An inline (binary) value is the reader's to judge; for every other rule it is left out as unsupported. */
  binary?: true;
  /** Where the field comes from when no property above gives it, best first (fullName only). */
  fallbacks?: readonly { property: string; read: PropertyReader<string> }[];
} & (
  | /** The contact holds one value: the first occurrence gives it, later ones are left out (too_many). */ {
      holds: 'once';
      read: PropertyReader<FieldValue<K>>;
    }
  | /** Every occurrence adds its entry (or entries), in file order. */ {
      holds: 'list';
      read: PropertyReader<ListItem<K>>;
    }
);

/** One rule of the table: how one contact field is read from a card. */
export type ContactReadRule = { [K in keyof ImportedContact]-?: ReadRuleFor<K> }[keyof ImportedContact];

/**
 * How a card becomes the contact, one entry per contact field, in the contact's order. Every
 * property no entry reads is left out as unsupported (LABEL, ROLE, IMPP, X-ABLabel, X-MS-*, UID,
 * REV, AGENT, …), except the card's own frame (VERSION).
 */
export const CONTACT_READ_TABLE: readonly ContactReadRule[] = [
  {
    field: 'fullName',
    properties: ['FN'],
    holds: 'once',
    read: PROPERTY_READERS.text,
    fallbacks: [
      { property: 'N', read: PROPERTY_READERS.fullNameFromName },
      { property: 'ORG', read: PROPERTY_READERS.organization },
    ],
  },
  { field: 'name', properties: ['N'], holds: 'once', read: PROPERTY_READERS.structuredName },
  { field: 'nickname', properties: ['NICKNAME'], holds: 'once', read: PROPERTY_READERS.nickname },
  { field: 'organization', properties: ['ORG'], holds: 'once', read: PROPERTY_READERS.organization },
  { field: 'department', properties: ['ORG'], holds: 'once', read: PROPERTY_READERS.department },
  { field: 'title', properties: ['TITLE'], holds: 'once', read: PROPERTY_READERS.text },
  { field: 'phones', properties: ['TEL'], holds: 'list', read: PROPERTY_READERS.phone },
  { field: 'emails', properties: ['EMAIL'], holds: 'list', read: PROPERTY_READERS.email },
  { field: 'urls', properties: ['URL'], holds: 'list', read: PROPERTY_READERS.url },
  { field: 'addresses', properties: ['ADR'], holds: 'list', read: PROPERTY_READERS.address },
  {
    field: 'socialProfiles',
    properties: ['X-SOCIALPROFILE', 'SOCIALPROFILE'],
    holds: 'list',
    read: PROPERTY_READERS.socialProfile,
  },
  { field: 'birthday', properties: ['BDAY'], holds: 'once', read: PROPERTY_READERS.birthday },
  { field: 'categories', properties: ['CATEGORIES'], holds: 'list', read: PROPERTY_READERS.categories },
  { field: 'note', properties: ['NOTE'], holds: 'once', read: PROPERTY_READERS.text },
  { field: 'photoUrl', properties: ['PHOTO'], holds: 'once', read: PROPERTY_READERS.photo, binary: true },
];

/** Properties that frame the card rather than describe the contact: read by nobody, reported never. */
export const FRAME_PROPERTIES: readonly string[] = ['VERSION'];
