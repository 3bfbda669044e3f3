import type { CsvDialectDefinition } from './csv-dialect';
import { googleBirthday, googleCategories, googleType } from './google-csv-values';

/**
 * Google Contacts' CSV export ("Google CSV"), both header generations: the older one
 * (`Name,Given Name,Additional Name,Family Name,…,Group Membership,E-mail 1 - Type,E-mail 1 - Value,…`)
 * and the newer one (`First Name,Middle Name,Last Name,…,Labels,E-mail 1 - Label,E-mail 1 - Value,…`).
 * The fields' `csv.google` declarations name the columns, both generations' names where they differ,
 * older first. Columns no field names (Yomi and Phonetic names, Initials, Gender, Events, Relations,
 * IM, Custom Fields, a second organization, …) have no place in the contact and are reported as ignored.
 */
export const GOOGLE_CSV: CsvDialectDefinition = {
  dialect: 'google-csv',
  key: 'google',
  markers: ['E-mail 1 - Value', 'Given Name'],
  readDate: googleBirthday,
  splitList: googleCategories,
  typeSuffixes: ['Type', 'Label'],
  typeOf: googleType,
};
