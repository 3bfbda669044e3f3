import {
  ADDRESS_COMPONENTS,
  FIELD_MAX_LENGTH,
  isValidEmail,
  isValidPhone,
  normalizeWebsite,
  PHONE_TYPES,
  PLACE_TYPES,
  SOCIAL_SERVICE_PATTERN,
  type AddressComponent,
} from '../vcard';
import type { ObjectRule, Rule, TextRule, ValueCheck } from './contact-rules';

const PHONE_FORMAT: ValueCheck = {
  issue: 'format',
  test: isValidPhone,
  message: (path) =>
    `${path} must hold 3 to 20 digits and only + ( ) - . / and spaces, with an optional extension such as x123`,
};
const EMAIL_FORMAT: ValueCheck = {
  issue: 'format',
  test: isValidEmail,
  message: (path) => `${path} must be a valid email address`,
};
const URL_FORMAT: ValueCheck = {
  issue: 'format',
  test: (value) => normalizeWebsite(value) !== null,
  message: (path) => `${path} must be an http or https URL (a bare domain such as example.com is accepted)`,
};
const DATE_SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A real calendar date from 1800-01-01 to the end of the current year (UTC). */
export function isBirthday(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1800 && year <= new Date().getUTCFullYear();
}

const text = (max: number, doc: Omit<TextRule, 'kind' | 'max'> = {}): TextRule => ({ kind: 'text', max, ...doc });
const url = (doc: Omit<TextRule, 'kind' | 'max'>): TextRule =>
  text(2048, { format: 'uri', ...doc, checks: [URL_FORMAT] });
const pref = {
  kind: 'flag',
  once: true,
  description: 'The preferred entry of its list (PREF); at most one per list.',
} as const;
const placeType = (what: string) =>
  ({
    kind: 'choice',
    values: PLACE_TYPES,
    default: 'work',
    description: `Whether the ${what} is for work, home or other.`,
  }) as const;

const ADDRESS_DOCS: Readonly<Record<AddressComponent, string>> = {
  poBox: 'Post office box.',
  extended: 'Extended address: apartment, suite, floor.',
  street: 'Street and number. Line breaks kept.',
  locality: 'City or town.',
  region: 'State, province or county.',
  postalCode: 'Postal code.',
  country: 'Country name.',
};
const ADDRESS_EXAMPLES: Partial<Record<AddressComponent, string>> = {
  street: "12 St James's Square",
  locality: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
};

const nameRule: ObjectRule = {
  kind: 'object',
  entry: true,
  schemaName: 'ContactName',
  needsOneOf: ['family', 'given'],
  description:
    'The structured name (N), in place of the one derived from fullName; FN stays fullName. Family or given is needed.',
  fields: {
    family: text(128, { description: 'Family name(s).', example: 'Lovelace' }),
    given: text(128, { description: 'Given name(s).', example: 'Ada' }),
    additional: text(128, { description: 'Additional (middle) names.', example: 'Augusta' }),
    prefix: text(128, { description: 'Honorific prefixes.', example: 'Countess' }),
    suffix: text(128, { description: 'Honorific suffixes.' }),
  },
};

/**
 * The contact: one declaration that validation, error paths, the OpenAPI and MCP schemas, the
 * playground form, the CSV columns, template checks and the product context are all derived from
 * (contact-model.md §1). The order is the order errors are listed in. A new field goes here, with
 * its item and lines in lib/vcard (card-items.ts, card-writers.ts) and its type in ContactFields.
 */
export const CONTACT_SCHEMA: ObjectRule = {
  kind: 'object',
  schemaName: 'VCardRequest',
  fields: {
    fullName: text(FIELD_MAX_LENGTH.fullName, {
      required: true,
      description: 'Contact display name (FN); N is derived from it unless name is given.',
      example: 'Ada Lovelace',
    }),
    name: nameRule,
    nickname: text(128, { description: 'Nickname (NICKNAME).', example: 'Ada' }),
    organization: text(FIELD_MAX_LENGTH.organization, {
      description: 'Company or organisation (ORG, first component).',
      example: 'Analytical Engines Ltd',
    }),
    department: text(256, { description: 'Department (ORG, second component).', example: 'Research' }),
    title: text(FIELD_MAX_LENGTH.title, { description: 'Job title (TITLE).', example: 'Principal Engineer' }),
    phone: text(FIELD_MAX_LENGTH.phone, {
      description: 'Phone number (TEL;TYPE=WORK,VOICE), listed before phones.',
      example: '+44 20 7946 0958',
      checks: [PHONE_FORMAT],
    }),
    phones: {
      kind: 'list',
      max: 8,
      description: 'Further phone numbers, one TEL each, with a type.',
      csvStem: 'phone',
      shorthand: 'phone',
      items: {
        kind: 'object',
        entry: true,
        schemaName: 'ContactPhone',
        fields: {
          number: text(FIELD_MAX_LENGTH.phone, { required: true, example: '+44 7700 900123', checks: [PHONE_FORMAT] }),
          type: { kind: 'choice', values: PHONE_TYPES, default: 'work', description: 'The kind of number.' },
          pref: { ...pref },
        },
      },
    },
    email: text(FIELD_MAX_LENGTH.email, {
      description: 'Email address (EMAIL;TYPE=WORK,INTERNET), listed before emails.',
      example: 'ada@example.com',
      format: 'email',
      checks: [EMAIL_FORMAT],
    }),
    emails: {
      kind: 'list',
      max: 8,
      description: 'Further email addresses, one EMAIL each, with a type.',
      csvStem: 'email',
      shorthand: 'email',
      items: {
        kind: 'object',
        entry: true,
        schemaName: 'ContactEmail',
        fields: {
          address: text(FIELD_MAX_LENGTH.email, {
            required: true,
            format: 'email',
            example: 'ada@home.example',
            checks: [EMAIL_FORMAT],
          }),
          type: placeType('address'),
          pref: { ...pref },
        },
      },
    },
    website: url({
      description: 'http(s) URL (URL), listed before urls; https:// is added to a bare domain.',
      example: 'https://example.com/ada',
    }),
    urls: {
      kind: 'list',
      max: 8,
      description: 'Further http(s) URLs, one URL each (the type is kept for vCard 4.0).',
      csvStem: 'url',
      shorthand: 'website',
      items: {
        kind: 'object',
        entry: true,
        schemaName: 'ContactUrl',
        fields: { url: url({ required: true, example: 'https://example.org/ada' }), type: placeType('URL') },
      },
    },
    address: text(FIELD_MAX_LENGTH.address, {
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
    },
    socialProfiles: {
      kind: 'list',
      max: 8,
      description: 'Social network profiles (X-SOCIALPROFILE in vCard 3.0).',
      csvStem: 'social',
      items: {
        kind: 'object',
        entry: true,
        schemaName: 'ContactSocialProfile',
        fields: {
          service: text(32, {
            required: true,
            description: 'The service, lower case: linkedin, x, github, mastodon, ...',
            example: 'linkedin',
            checks: [
              {
                issue: 'invalid_value',
                test: (value) => SOCIAL_SERVICE_PATTERN.test(value),
                message: (path) =>
                  `${path} must be lower-case letters, digits, dots and hyphens, starting with a letter or digit`,
              },
            ],
          }),
          url: url({ required: true, example: 'https://www.linkedin.com/in/ada' }),
        },
      },
    },
    birthday: text(10, {
      description: 'Date of birth (BDAY), YYYY-MM-DD, from 1800 to this year.',
      example: '1815-12-10',
      format: 'date',
      shapeFirst: true,
      checks: [
        {
          issue: 'format',
          test: (value) => DATE_SHAPE.test(value),
          message: (path) => `${path} must be a date written YYYY-MM-DD`,
        },
        {
          issue: 'invalid_value',
          test: isBirthday,
          message: (path) => `${path} must be a real date from 1800 to this year`,
        },
      ],
    }),
    categories: {
      kind: 'list',
      max: 16,
      description: 'Categories or tags (CATEGORIES); in a CSV column, separated by |.',
      csvSeparator: '|',
      example: ['engineering', 'speaker'],
      items: text(64),
    },
    note: text(FIELD_MAX_LENGTH.note, {
      multiLine: true,
      description: 'Free-text note (NOTE). Line breaks kept. Some scanners ignore notes.',
      example: 'Met at the QR conference',
    }),
    photoUrl: url({
      description:
        'http(s) URL of a photo (PHOTO;VALUE=uri): in vcard only, never in qrPayload (it is listed in qr.omitted).',
      example: 'https://example.com/ada.jpg',
    }),
  } satisfies Record<string, Rule>,
};
