import type { ListRule, Rule } from '../contact-rules';
import type { CsvFixedEntry } from '../csv-dialect-columns';
import { EMAIL_FORMAT, PHONE_FORMAT, placeType, pref, text, url, V4_PLACE_TYPES } from './field-rules';

export const PHONE_TYPES = ['work', 'home', 'cell', 'fax', 'pager', 'video', 'text', 'other'] as const;

/** One of Outlook's phone columns: its name says the type. */
const outlookPhone = (column: string, type: (typeof PHONE_TYPES)[number], primary?: true): CsvFixedEntry => ({
  values: { number: [column] },
  type,
  ...(primary ? { pref: primary } : {}),
});

/** One of Outlook's email columns: no home or work, and an Exchange (`EX`) address is a directory name. */
const outlookEmail = (address: string, addressType: string): CsvFixedEntry => ({
  values: { address: [address] },
  type: 'other',
  skipWhen: { column: addressType, is: 'EX' },
});

/** How the contact is reached: phones, emails and web addresses, each a flat shorthand and a typed list. */
export const REACH_FIELDS = {
  phone: text(64, {
    firstContract: true,
    description: 'Phone number (TEL;TYPE=WORK,VOICE), listed before phones.',
    example: '+44 20 7946 0958',
    checks: [PHONE_FORMAT],
    csvHint: { place: 2 },
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
        number: text(64, { required: true, example: '+44 7700 900123', checks: [PHONE_FORMAT] }),
        type: { kind: 'choice', values: PHONE_TYPES, default: 'work', description: 'The kind of number.' },
        pref: { ...pref },
      },
    },
    card: {
      kind: 'entries',
      property: 'TEL',
      mecard: 'TEL',
      value: 'number',
      // The semantic word first: ZXing takes the first TYPE value, AOSP reads a lone VOICE as other.
      types: {
        v3: {
          work: 'WORK,VOICE',
          home: 'HOME,VOICE',
          cell: 'CELL,VOICE',
          fax: 'FAX',
          pager: 'PAGER',
          video: 'VIDEO',
          text: 'MSG',
          other: 'VOICE',
        },
        v4: {
          work: 'work,voice',
          home: 'home,voice',
          cell: 'cell,voice',
          fax: 'fax',
          pager: 'pager',
          video: 'video',
          text: 'text',
          other: 'voice',
        },
      },
      pref: true,
    },
    csv: {
      google: { numbered: { group: 'Phone', values: { number: ['Value'] } } },
      outlook: {
        // Most useful first: a QR budget drops the last phones first, and the list holds at most eight.
        fixed: [
          outlookPhone('Primary Phone', 'other', true),
          outlookPhone('Mobile Phone', 'cell'),
          outlookPhone('Business Phone', 'work'),
          outlookPhone('Business Phone 2', 'work'),
          outlookPhone('Home Phone', 'home'),
          outlookPhone('Home Phone 2', 'home'),
          outlookPhone('Company Main Phone', 'work'),
          outlookPhone('Business Fax', 'fax'),
          outlookPhone('Home Fax', 'fax'),
          outlookPhone('Other Fax', 'fax'),
          outlookPhone('Pager', 'pager'),
          outlookPhone('Other Phone', 'other'),
          outlookPhone('Car Phone', 'other'),
          outlookPhone('Callback', 'other'),
          outlookPhone('Radio Phone', 'other'),
          outlookPhone('ISDN', 'other'),
          outlookPhone('TTY/TDD Phone', 'other'),
          outlookPhone('Telex', 'other'),
        ],
      },
    },
    budget: { rank: 9, keepFirst: true, docs: 'further phones, last first' },
    keptDocs: 'the first phone',
    csvHint: { place: 4, column: 'phone.cell' },
  } satisfies ListRule,
  email: text(254, {
    firstContract: true,
    description: 'Email address (EMAIL;TYPE=WORK,INTERNET), listed before emails.',
    example: 'ada@example.com',
    format: 'email',
    checks: [EMAIL_FORMAT],
    batchExample: { json: ['ada@example.com'], csv: ['ada@example.com', 'grace@example.com'] },
    csvHint: { place: 3 },
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
        address: text(254, { required: true, format: 'email', example: 'ada@home.example', checks: [EMAIL_FORMAT] }),
        type: placeType('address'),
        pref: { ...pref },
      },
    },
    card: {
      kind: 'entries',
      property: 'EMAIL',
      mecard: 'EMAIL',
      value: 'address',
      types: { v3: { work: 'WORK,INTERNET', home: 'HOME,INTERNET', other: 'INTERNET' }, v4: V4_PLACE_TYPES },
      pref: true,
    },
    csv: {
      google: { numbered: { group: 'E-mail', values: { address: ['Value'] } } },
      outlook: {
        fixed: [
          outlookEmail('E-mail Address', 'E-mail Type'),
          outlookEmail('E-mail 2 Address', 'E-mail 2 Type'),
          outlookEmail('E-mail 3 Address', 'E-mail 3 Type'),
        ],
      },
    },
    budget: { rank: 8, keepFirst: true, docs: 'further emails, last first' },
    keptDocs: 'the first email',
    csvHint: { place: 5, column: 'email.home' },
  } satisfies ListRule,
  website: url({
    firstContract: true,
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
    // vCard 3.0's URL takes no parameters.
    card: { kind: 'entries', property: 'URL', mecard: 'URL', value: 'url', types: { v4: V4_PLACE_TYPES } },
    csv: {
      google: { numbered: { group: 'Website', values: { url: ['Value'] } } },
      outlook: {
        fixed: [
          { values: { url: ['Web Page'] }, type: 'other' },
          { values: { url: ['Personal Web Page'] }, type: 'home' },
        ],
      },
    },
    budget: { rank: 6, keepFirst: true, firstRank: 12, docs: 'further URLs, last first', firstDocs: 'the first URL' },
  } satisfies ListRule,
} satisfies Record<string, Rule>;
