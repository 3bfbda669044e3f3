import { describe, expect, it } from '@jest/globals';
import { readCsvExport, type ExportSample } from '../../../../test/utils/csv-export';
import { validateContact } from '../index';
import { csvDialectMapper, detectCsvDialect } from './index';

/** The columns of the older header generation that have no place in the contact. */
const OLDER_IGNORED = [
  'Yomi Name',
  'Given Name Yomi',
  'Additional Name Yomi',
  'Family Name Yomi',
  'Initials',
  'Short Name',
  'Maiden Name',
  'Gender',
  'Location',
  'Billing Information',
  'Directory Server',
  'Mileage',
  'Occupation',
  'Hobby',
  'Sensitivity',
  'Priority',
  'Subject',
];
const SECOND_ORGANIZATION_PARTS = ['Type', 'Yomi Name', 'Symbol', 'Location', 'Job Description'].map(
  (part) => `Organization 1 - ${part}`,
);

/**
 * Each sample (the exact header of a real Google export, rows with made-up people, see
 * test/fixtures/import/CSV-SOURCES.md) with the contacts its rows describe, written by hand from the file.
 */
const SAMPLES: ExportSample[] = [
  {
    file: 'google-2011-tine20.csv',
    ignored: OLDER_IGNORED,
    contacts: [
      { fullName: 'Alex', name: { given: 'Alex' }, phones: [{ number: '+49 30 5550100', type: 'cell' }] },
      {
        fullName: 'Berta Beispiel',
        name: { family: 'Beispiel', given: 'Berta' },
        phones: [{ number: '+49 40 5550101', type: 'cell' }],
        emails: [{ address: 'berta@example.org', type: 'other', pref: true }],
        note: 'Kundin seit 2009',
        categories: ['Kunden'],
      },
      {
        fullName: 'Bus Musterstadt',
        name: { given: 'Bus Musterstadt' },
        phones: [{ number: '040 5550102', type: 'home' }],
        // The structured parts win over the one-cell Formatted text.
        addresses: [{ street: 'Niedersachsen Ringstraße 22', locality: 'Musterstadt', type: 'home' }],
      },
      {
        // No display name: derived from the name parts. Only Formatted holds the address.
        fullName: 'Carla Fallback',
        name: { family: 'Fallback', given: 'Carla' },
        addresses: [{ street: 'Postfach 12\n99999 Nirgendwo', type: 'work' }],
      },
    ],
  },
  {
    file: 'google-2014-roundcube.csv',
    ignored: [...OLDER_IGNORED, ...SECOND_ORGANIZATION_PARTS, 'Relation 1 - Type', 'Relation 1 - Value'],
    contacts: [
      {
        fullName: 'Dr. Ada Quincy Example Jr.',
        name: { family: 'Example', given: 'Ada', additional: 'Quincy', prefix: 'Dr.', suffix: 'Jr.' },
        nickname: 'Addie',
        organization: 'Example Engines',
        title: 'Chief Tester',
        phones: [
          { number: '555-0100', type: 'pager' },
          { number: '555-0101', type: 'other' },
          { number: '555-0102', type: 'home' },
          { number: '555-0103', type: 'fax' },
          { number: '555-0104', type: 'cell' },
          { number: '555-0105', type: 'work' },
          { number: '555-0106', type: 'fax' },
        ],
        emails: [
          { address: 'ada@home.example.com', type: 'home', pref: true },
          { address: 'ada@work.example.com', type: 'work' },
        ],
        urls: [
          { url: 'example.com/ada', type: 'other' },
          { url: 'home.example.com', type: 'other' },
        ],
        addresses: [
          {
            street: '1 Home Street',
            poBox: 'PO Box 7',
            locality: 'Hometown',
            region: 'HS',
            postalCode: '11111',
            country: 'Homeland',
            type: 'home',
          },
          { street: '2 Work Road', locality: 'Worktown', postalCode: '22222', country: 'Workland', type: 'work' },
        ],
        birthday: '1975-12-12',
        note: 'says "hello"',
        categories: ['Test'],
      },
      {
        fullName: 'Multi Value',
        name: { family: 'Value', given: 'Multi' },
        // Several values of one label share one cell; the primary mark goes to the first.
        phones: [
          { number: '555-0110', type: 'cell' },
          { number: '555-0111', type: 'cell' },
        ],
        emails: [
          { address: 'mv@work.example.com', type: 'work', pref: true },
          { address: 'mv2@work.example.com', type: 'work' },
        ],
        categories: ['Friends', 'Family'],
      },
    ],
  },
  {
    file: 'google-2014-bbdb.csv',
    ignored: [
      ...OLDER_IGNORED,
      'IM 1 - Type',
      'IM 1 - Service',
      'IM 1 - Value',
      ...SECOND_ORGANIZATION_PARTS,
      ...[1, 2, 3].flatMap((n) => [`Relation ${n} - Type`, `Relation ${n} - Value`]),
      ...[1, 2].flatMap((n) => [`Event ${n} - Type`, `Event ${n} - Value`]),
      'Custom Field 1 - Type',
      'Custom Field 1 - Value',
    ],
    contacts: [
      {
        fullName: 'Test Person',
        name: { family: 'Person', given: 'Test' },
        organization: 'company-name',
        title: 'titledata',
        phones: [
          { number: '555-0120', type: 'other' },
          { number: '555-0121', type: 'cell' },
          { number: '555-0122', type: 'work' },
        ],
        emails: [
          { address: 'home@example.net', type: 'home', pref: true },
          { address: 'work@example.net', type: 'work' },
          { address: 'custom@example.net', type: 'other' },
        ],
        urls: [
          { url: 'profile.example.net', type: 'other' },
          { url: 'custom.example.net', type: 'other' },
          { url: 'blog.example.net', type: 'other' },
        ],
        addresses: [
          { street: 'address main field', type: 'home' },
          {
            street: 'work street',
            extended: 'neighborhood 1234',
            poBox: 'po box 1234',
            locality: 'Los Angeles',
            region: 'CA',
            postalCode: '90210',
            country: 'USA',
            type: 'work',
          },
          { street: 'custom street', locality: 'custom city', type: 'other' },
        ],
        note: 'notes data',
      },
    ],
  },
  {
    file: 'google-2015-owncloud.csv',
    ignored: OLDER_IGNORED,
    contacts: [
      {
        fullName: 'Иван Примеров',
        name: { family: 'Примеров', given: 'Иван' },
        phones: [{ number: '+7 900 555-01-23', type: 'cell' }],
        // `* ` alone: the primary address, without a label.
        emails: [{ address: 'ivan@example.org', type: 'other', pref: true }],
        categories: ['University', 'School'],
      },
    ],
  },
  {
    file: 'google-2024-labels.csv',
    ignored: [
      'Phonetic First Name',
      'Phonetic Middle Name',
      'Phonetic Last Name',
      'File As',
      'Event 1 - Label',
      'Event 1 - Value',
      'Event 2 - Label',
      'Event 2 - Value',
      'Custom Field 1 - Label',
      'Custom Field 1 - Value',
    ],
    contacts: [
      {
        // The newer generation has no display name column: always derived.
        fullName: 'Rear Adm. Grace B. Example',
        name: { family: 'Example', given: 'Grace', additional: 'B.', prefix: 'Rear Adm.' },
        nickname: 'Amazing Grace',
        organization: 'Example Navy',
        department: 'Research',
        title: 'Rear Admiral',
        phones: [
          { number: '+1 555 0199', type: 'cell' },
          { number: '+1 555 0198', type: 'fax' },
          { number: '+1 555 0197', type: 'other' },
        ],
        emails: [
          { address: 'grace@navy.example', type: 'work', pref: true },
          { address: 'grace@example.com', type: 'other' },
        ],
        urls: [{ url: 'https://example.com/grace', type: 'other' }],
        addresses: [
          {
            street: '1 Main St',
            extended: 'Suite 4',
            locality: 'Arlington',
            region: 'VA',
            postalCode: '22201',
            country: 'USA',
            type: 'work',
          },
        ],
        birthday: '1906-12-09',
        note: 'Line one\nLine two',
        categories: ['Navy'],
        photoUrl: 'https://lh3.googleusercontent.com/contacts/EXAMPLE-PHOTO',
      },
      // An "Other Contacts" entry: no name and no organization, so no fullName (the contact rules reject it).
      { emails: [{ address: 'someone@example.org', type: 'other', pref: true }] },
      // A birthday without a year is left out.
      {
        fullName: 'Yuki Example',
        name: { family: 'Example', given: 'Yuki' },
        phones: [{ number: '03-5550-0100', type: 'home' }],
      },
    ],
  },
];

describe('Google Contacts sample exports map field for field to what they meant', () => {
  it.each(SAMPLES.map((sample) => [sample.file, sample] as const))('%s', (file, sample) => {
    const { header, rows } = readCsvExport(file);
    expect(detectCsvDialect(header)).toBe('google-csv');
    const mapper = csvDialectMapper('google-csv', header);
    expect(mapper.dialect).toBe('google-csv');
    expect(rows.map((row) => mapper.toContact(row))).toEqual(sample.contacts);
    expect(mapper.ignoredColumns).toEqual(sample.ignored);
  });

  it('gives contacts the contact rules accept, except a row with no name at all', () => {
    const rejected = SAMPLES.flatMap(({ file, contacts }) =>
      contacts.flatMap((contact, row) => {
        const outcome = validateContact(contact);
        return outcome.ok ? [] : [{ file, row, issues: outcome.issues.map(({ field, issue }) => `${field} ${issue}`) }];
      }),
    );
    expect(rejected).toEqual([{ file: 'google-2024-labels.csv', row: 1, issues: ['fullName required'] }]);
  });
});
