import { derivedFullName } from './derived-full-name';
import type { DialectTable, FixedEntry } from './dialect-table';
import { outlookBirthday, outlookCategories } from './outlook-csv-values';

/** One structured address of Outlook's: `<kind> Street` (2, 3), `<kind> City`, … `<kind> Country/Region`. */
function outlookAddress(kind: 'Business' | 'Home' | 'Other', type: FixedEntry['type']): FixedEntry {
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

const phone = (column: string, type: FixedEntry['type'], pref?: true): FixedEntry => ({
  values: { number: [column] },
  type,
  ...(pref ? { pref } : {}),
});

const email = (address: string, addressType: string): FixedEntry => ({
  values: { address: [address] },
  type: 'other',
  skipWhen: { column: addressType, is: 'EX' },
});

/**
 * Outlook's CSV exports, in any of their column orders: desktop Outlook's Import/Export wizard
 * (`"Title","First Name","Middle Name","Last Name","Suffix","Company","Department","Job Title",…`),
 * Outlook.com's (`First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,…`) and the
 * Outlook-format exports of others (Google's "Outlook CSV"). The column names imply the types:
 * `Mobile Phone` is a cell phone, `Business Fax` a fax, `Home Street` a home address. `Title` is
 * the honorific (Mr., Dr.), `Job Title` the job. Outlook's email addresses carry no home or work,
 * so they are `other`. Columns not listed (Assistant's Phone and Name, Spouse, Anniversary, Yomi
 * names, Account, User 1-4, …) have no place in the contact and are reported as ignored.
 */
export const OUTLOOK_CSV_TABLE: DialectTable = {
  dialect: 'outlook-csv',
  markers: ['E-mail Address', 'Business Phone', 'Mobile Phone'],
  fields: [
    { kind: 'text', field: 'fullName', columns: [], otherwise: derivedFullName },
    {
      kind: 'name',
      field: 'name',
      parts: {
        family: ['Last Name'],
        given: ['First Name'],
        additional: ['Middle Name'],
        prefix: ['Title'],
        suffix: ['Suffix'],
      },
    },
    { kind: 'text', field: 'nickname', columns: ['Nickname'] },
    { kind: 'text', field: 'organization', columns: ['Company'] },
    { kind: 'text', field: 'department', columns: ['Department'] },
    { kind: 'text', field: 'title', columns: ['Job Title'] },
    {
      kind: 'fixed',
      field: 'phones',
      // Most useful first: a QR budget drops the last phones first, and the list holds at most eight.
      entries: [
        phone('Primary Phone', 'other', true),
        phone('Mobile Phone', 'cell'),
        phone('Business Phone', 'work'),
        phone('Business Phone 2', 'work'),
        phone('Home Phone', 'home'),
        phone('Home Phone 2', 'home'),
        phone('Company Main Phone', 'work'),
        phone('Business Fax', 'fax'),
        phone('Home Fax', 'fax'),
        phone('Other Fax', 'fax'),
        phone('Pager', 'pager'),
        phone('Other Phone', 'other'),
        phone('Car Phone', 'other'),
        phone('Callback', 'other'),
        phone('Radio Phone', 'other'),
        phone('ISDN', 'other'),
        phone('TTY/TDD Phone', 'other'),
        phone('Telex', 'other'),
      ],
    },
    {
      kind: 'fixed',
      field: 'emails',
      entries: [
        email('E-mail Address', 'E-mail Type'),
        email('E-mail 2 Address', 'E-mail 2 Type'),
        email('E-mail 3 Address', 'E-mail 3 Type'),
      ],
    },
    {
      kind: 'fixed',
      field: 'urls',
      entries: [
        { values: { url: ['Web Page'] }, type: 'other' },
        { values: { url: ['Personal Web Page'] }, type: 'home' },
      ],
    },
    {
      kind: 'fixed',
      field: 'addresses',
      entries: [outlookAddress('Business', 'work'), outlookAddress('Home', 'home'), outlookAddress('Other', 'other')],
    },
    { kind: 'text', field: 'birthday', columns: ['Birthday'], read: outlookBirthday },
    { kind: 'text', field: 'note', columns: ['Notes'] },
    { kind: 'split', field: 'categories', columns: ['Categories'], split: outlookCategories },
  ],
};
