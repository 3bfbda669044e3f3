import type { ListRule, Rule } from '../contact-rules';
import type { CsvFixedEntry } from '../csv-dialect-columns';
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

/** One structured address of Outlook's: `<kind> Street` (2, 3), `<kind> City`, … `<kind> Country/Region`. */
function outlookAddress(kind: 'Business' | 'Home' | 'Other', type: 'work' | 'home' | 'other'): CsvFixedEntry {
  return {
    type,
    values: {
      street: { lines: [`${kind} Street`, `${kind} Street 2`, `${kind} Street 3`] },
      poBox: [`${kind} Address PO Box`],
      locality: [`${kind} City`],
      region: [`${kind} State`],
      postalCode: [`${kind} Postal Code`],
      // Outlook 2007 and later write Country/Region; Outlook 2003, Outlook.com's older export and
      // Google's "Outlook CSV" write Country.
      country: [`${kind} Country/Region`, `${kind} Country`],
    },
    // Google's "Outlook CSV" adds the whole address in one cell.
    fallback: { street: [`${kind} Address`] },
  };
}

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
    csv: {
      google: {
        numbered: {
          group: 'Address',
          values: {
            street: ['Street'],
            extended: ['Extended Address'],
            poBox: ['PO Box'],
            locality: ['City'],
            region: ['Region'],
            postalCode: ['Postal Code'],
            country: ['Country'],
          },
          // The one-cell address Google keeps when it could not split what was typed into parts.
          fallback: { street: ['Formatted'] },
        },
      },
      outlook: {
        fixed: [outlookAddress('Business', 'work'), outlookAddress('Home', 'home'), outlookAddress('Other', 'other')],
      },
    },
    budget: {
      rank: 7,
      keepFirst: true,
      firstRank: 13,
      docs: 'further addresses, last first',
      firstDocs: 'the first address',
    },
    csvHint: { place: 6, column: 'address.home.locality' },
  } satisfies ListRule,
} satisfies Record<string, Rule>;
