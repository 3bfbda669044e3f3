import { describe, expect, it } from '@jest/globals';
import { readCsvExport, type ExportSample } from '../../../../test/utils/csv-export';
import { validateContact } from '../index';
import { csvDialectMapper, detectCsvDialect } from './index';

/**
 * Each sample (the header of an Outlook export, rows with made-up people, see
 * test/fixtures/import/CSV-SOURCES.md) with the contacts its rows describe, written by hand from the file.
 */
const SAMPLES: ExportSample[] = [
  {
    file: 'outlook-desktop-2016.csv',
    ignored: [
      "Assistant's Phone",
      'Account',
      'Anniversary',
      "Assistant's Name",
      'Billing Information',
      'Children',
      'Directory Server',
      'E-mail Display Name',
      'E-mail 2 Display Name',
      'E-mail 3 Display Name',
      'Gender',
      'Government ID Number',
      'Hobby',
      'Initials',
      'Internet Free Busy',
      'Keywords',
      'Language',
      'Location',
      "Manager's Name",
      'Mileage',
      'Office Location',
      'Organizational ID Number',
      'Priority',
      'Private',
      'Profession',
      'Referred By',
      'Sensitivity',
      'Spouse',
      'User 1',
      'User 2',
      'User 3',
      'User 4',
    ],
    contacts: [
      {
        // Outlook writes no display name: derived from the name parts, Title being the honorific.
        fullName: 'Dr. Ada Augusta Example',
        name: { family: 'Example', given: 'Ada', additional: 'Augusta', prefix: 'Dr.' },
        organization: 'Example Engines Ltd',
        department: 'Research',
        title: 'Principal Engineer',
        phones: [
          { number: '+44 7700 900123', type: 'cell' },
          { number: '+44 20 7946 0958', type: 'work' },
          { number: '+44 1225 555 0100', type: 'home' },
          { number: '+44 20 7946 0000', type: 'fax' },
        ],
        // The second address is of Exchange's EX type, a directory name rather than an email address.
        emails: [{ address: 'ada@example.com', type: 'other' }],
        urls: [{ url: 'www.example.com/ada', type: 'other' }],
        addresses: [
          {
            street: '12 Example Square\nFloor 3',
            locality: 'London',
            postalCode: 'SW1Y 4JH',
            country: 'United Kingdom',
            type: 'work',
          },
          { street: '1 Home Lane', locality: 'Bath', type: 'home' },
        ],
        birthday: '1815-12-10',
        note: 'Met at the QR conference.\r\nLikes engines.',
        categories: ['Friends', 'Colleagues'],
      },
      {
        // A company: its name is the display name. `0/0/00` is no date; a lone line break is no note.
        fullName: 'Example Plumbing Co',
        organization: 'Example Plumbing Co',
        phones: [
          { number: '+1 555 0142', type: 'other', pref: true },
          { number: '+1 555 0143', type: 'work' },
        ],
      },
    ],
  },
  {
    file: 'outlook-com-2014.csv',
    ignored: ['Given Name Yomi', 'Family Name Yomi', 'Office Location', "Assistant's Phone", 'Anniversary', 'Spouse'],
    contacts: [
      {
        fullName: 'Testy McExample',
        name: { family: 'McExample', given: 'Testy' },
        phones: [{ number: '555-0130', type: 'cell' }],
        emails: [{ address: 'testy@example.ca', type: 'other' }],
        urls: [{ url: 'example.ca', type: 'other' }],
        addresses: [{ street: '100 Example Road', locality: 'Toronto', country: 'Canada', type: 'work' }],
      },
      { fullName: 'Solo', name: { given: 'Solo' }, phones: [{ number: '555-0131', type: 'cell' }] },
    ],
  },
  {
    file: 'outlook-com-2017.csv',
    ignored: [
      'Given Yomi',
      'Surname Yomi',
      'IMAddress',
      'Office Location',
      "Manager's Name",
      "Assistant's Name",
      "Assistant's Phone",
      'Company Yomi',
      'Spouse',
      'Schools',
      'Hobby',
      'Location',
      'Anniversary',
    ],
    contacts: [
      {
        fullName: 'Kari Eksempel',
        name: { family: 'Eksempel', given: 'Kari' },
        nickname: 'KE',
        organization: 'Eksempel AS',
        title: 'Consultant',
        phones: [
          { number: '+47 466 55 500', type: 'cell' },
          { number: '+47 22 55 50 00', type: 'home' },
        ],
        emails: [
          { address: 'kari@example.no', type: 'other' },
          { address: 'kari.private@example.no', type: 'other' },
        ],
        urls: [{ url: 'kari.example.no', type: 'home' }],
        addresses: [
          { street: 'Eksempelveien 1', locality: 'Oslo', postalCode: '0150', country: 'Norway', type: 'home' },
        ],
        // 1604-03-21 is Outlook.com's birthday without a year: left out.
        note: 'Prefers SMS',
      },
      {
        fullName: 'Ola',
        name: { given: 'Ola' },
        phones: [{ number: '+47 900 55 501', type: 'cell' }],
        birthday: '1990-07-01',
      },
    ],
  },
];

describe('Outlook sample exports map field for field to what they meant', () => {
  it.each(SAMPLES.map((sample) => [sample.file, sample] as const))('%s', (file, sample) => {
    const { header, rows } = readCsvExport(file);
    expect(detectCsvDialect(header)).toBe('outlook-csv');
    const mapper = csvDialectMapper('outlook-csv', header);
    expect(mapper.dialect).toBe('outlook-csv');
    expect(rows.map((row) => mapper.toContact(row))).toEqual(sample.contacts);
    expect(mapper.ignoredColumns).toEqual(sample.ignored);
  });

  it('gives contacts the contact rules accept', () => {
    for (const { file, contacts } of SAMPLES) {
      for (const contact of contacts) {
        const outcome = validateContact(contact);
        if (!outcome.ok) throw new Error(`${file}: ${outcome.issues.map(({ field, issue }) => `${field} ${issue}`)}`);
      }
    }
  });
});
