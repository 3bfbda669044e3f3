import type { ListRule, Rule } from '../contact-rules';
import { text, url } from './field-rules';

/** The social profile service pattern: also what keeps it inert as a parameter value. */
export const SOCIAL_SERVICE_PATTERN = /^[a-z0-9][a-z0-9.-]{0,31}$/;
const DATE_SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A real calendar date from 1800-01-01 to the end of the current year (UTC). */
export function isBirthday(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1800 && year <= new Date().getUTCFullYear();
}

/** What else the card says about the contact: profiles, birthday, categories, a note, a photo. */
export const ABOUT_FIELDS = {
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
    // iOS writes X-SOCIALPROFILE;TYPE=<service>; RFC 9554 standardises SOCIALPROFILE for 4.0.
    card: {
      kind: 'entries',
      property: 'X-SOCIALPROFILE',
      v4: 'SOCIALPROFILE',
      value: 'url',
      parameter: { key: 'service', v3: 'TYPE', v4: 'SERVICE-TYPE' },
    },
    budget: { rank: 2, docs: 'social profiles, last first' },
    csvHint: { place: 8, column: 'social.linkedin' },
  } satisfies ListRule,
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
    card: { kind: 'date', property: 'BDAY', mecard: 'BDAY' },
    csv: { google: ['Birthday'], outlook: ['Birthday'] },
    budget: { rank: 4, docs: 'birthday' },
  }),
  categories: {
    kind: 'list',
    max: 16,
    description: 'Categories or tags (CATEGORIES); in a CSV column, separated by |.',
    csvSeparator: '|',
    example: ['engineering', 'speaker'],
    items: text(64),
    card: { kind: 'texts', property: 'CATEGORIES' },
    // Google's groups: Group Membership in the older header generation, Labels in the newer.
    csv: { google: ['Group Membership', 'Labels'], outlook: ['Categories'] },
    budget: { rank: 1, docs: 'categories' },
    csvHint: { place: 9 },
  } satisfies ListRule,
  note: text(2000, {
    firstContract: true,
    multiLine: true,
    description: 'Free-text note (NOTE). Line breaks kept. Some scanners ignore notes.',
    example: 'Met at the QR conference',
    card: { kind: 'text', property: 'NOTE', mecard: 'NOTE' },
    csv: { google: ['Notes'], outlook: ['Notes'] },
    budget: { rank: 3, docs: 'note' },
  }),
  // AOSP ignores PHOTO;VALUE=uri and ZXing reads no PHOTO, and a photo overflows a code: the file only.
  photoUrl: url({
    description:
      'http(s) URL of a photo (PHOTO;VALUE=uri): in vcard only, never in qrPayload (it is listed in qr.omitted).',
    example: 'https://example.com/ada.jpg',
    card: { kind: 'uri', property: 'PHOTO', v3Parameter: 'VALUE=uri', fileOnly: true },
    csv: { google: ['Photo'] },
  }),
} satisfies Record<string, Rule>;
