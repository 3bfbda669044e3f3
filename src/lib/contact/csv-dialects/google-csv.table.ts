import { derivedFullName } from './derived-full-name';
import type { DialectTable } from './dialect-table';
import { googleBirthday, googleCategories, googlePhoneType, googlePlaceType } from './google-csv-values';

/**
 * Google Contacts' CSV export ("Google CSV"), both header generations: the older one
 * (`Name,Given Name,Additional Name,Family Name,…,Group Membership,E-mail 1 - Type,E-mail 1 - Value,…`)
 * and the newer one (`First Name,Middle Name,Last Name,…,Labels,E-mail 1 - Label,E-mail 1 - Value,…`).
 * Where the generations name a field differently, both names are listed, older first. Columns not
 * listed (Yomi and Phonetic names, Initials, Gender, Events, Relations, IM, Custom Fields, a second
 * organization, …) have no place in the contact and are reported as ignored.
 */
export const GOOGLE_CSV_TABLE: DialectTable = {
  dialect: 'google-csv',
  markers: ['E-mail 1 - Value', 'Given Name'],
  fields: [
    { kind: 'text', field: 'fullName', columns: ['Name'], otherwise: derivedFullName },
    {
      kind: 'name',
      field: 'name',
      parts: {
        family: ['Family Name', 'Last Name'],
        given: ['Given Name', 'First Name'],
        additional: ['Additional Name', 'Middle Name'],
        prefix: ['Name Prefix'],
        suffix: ['Name Suffix'],
      },
    },
    { kind: 'text', field: 'nickname', columns: ['Nickname'] },
    { kind: 'text', field: 'organization', columns: ['Organization 1 - Name', 'Organization Name'] },
    { kind: 'text', field: 'department', columns: ['Organization 1 - Department', 'Organization Department'] },
    { kind: 'text', field: 'title', columns: ['Organization 1 - Title', 'Organization Title'] },
    {
      kind: 'numbered',
      field: 'phones',
      group: 'Phone',
      typeSuffixes: ['Type', 'Label'],
      values: { number: ['Value'] },
      typeOf: googlePhoneType,
      pref: true,
    },
    {
      kind: 'numbered',
      field: 'emails',
      group: 'E-mail',
      typeSuffixes: ['Type', 'Label'],
      values: { address: ['Value'] },
      typeOf: googlePlaceType,
      pref: true,
    },
    {
      kind: 'numbered',
      field: 'urls',
      group: 'Website',
      typeSuffixes: ['Type', 'Label'],
      values: { url: ['Value'] },
      typeOf: googlePlaceType,
      pref: false,
    },
    {
      kind: 'numbered',
      field: 'addresses',
      group: 'Address',
      typeSuffixes: ['Type', 'Label'],
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
      typeOf: googlePlaceType,
      pref: true,
    },
    { kind: 'text', field: 'birthday', columns: ['Birthday'], read: googleBirthday },
    { kind: 'text', field: 'note', columns: ['Notes'] },
    { kind: 'split', field: 'categories', columns: ['Group Membership', 'Labels'], split: googleCategories },
    { kind: 'text', field: 'photoUrl', columns: ['Photo'] },
  ],
};
