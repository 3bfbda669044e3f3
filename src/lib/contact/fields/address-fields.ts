import type { ListRule, Rule } from '../contact-rules';
import { placeType, pref, text, V4_PLACE_TYPES } from './field-rules';

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

const ADDRESS_DOCS = {
  poBox: 'Post office box.',
  extended: 'Extended address: apartment, suite, floor.',
  street: 'Street and number. Line breaks kept.',
  locality: 'City or town.',
  region: 'State, province or county.',
  postalCode: 'Postal code.',
  country: 'Country name.',
} as const;
const ADDRESS_EXAMPLES: Partial<Record<(typeof ADDRESS_COMPONENTS)[number], string>> = {
  street: "12 St James's Square",
  locality: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
};

/** Where the contact is: the free-text address and structured addresses. */
export const ADDRESS_FIELDS = {
  address: text(512, {
    firstContract: true,
    multiLine: true,
    description: 'Free-text address; goes into the ADR street component, listed before addresses. Line breaks kept.',
    example: "12 St James's Square, London SW1Y 4JH",
  }),
  addresses: {
    kind: 'list',
    max: 4,
    description: 'Structured postal addresses, one ADR each, with a type; each needs at least one component.',
    csvStem: 'address',
    shorthand: 'address',
    items: {
      kind: 'object',
      entry: true,
      schemaName: 'ContactAddress',
      fields: {
        ...Object.fromEntries(
          ADDRESS_COMPONENTS.map((component) => [
            component,
            text(256, {
              multiLine: component === 'street',
              description: ADDRESS_DOCS[component],
              example: ADDRESS_EXAMPLES[component],
            }),
          ]),
        ),
        type: placeType('address'),
        pref: { ...pref },
      },
    },
    card: {
      kind: 'entries',
      property: 'ADR',
      mecard: 'ADR',
      value: ADDRESS_COMPONENTS,
      shorthandKey: 'street',
      // RFC 2426's POSTAL for other: AOSP files an untyped ADR under home.
      types: { v3: { work: 'WORK', home: 'HOME', other: 'POSTAL' }, v4: V4_PLACE_TYPES },
      pref: true,
    },
    budget: {
      rank: 7,
      keepFirst: true,
      firstRank: 13,
      docs: 'further addresses, last first',
      firstDocs: 'the first address',
    },
  } satisfies ListRule,
} satisfies Record<string, Rule>;
