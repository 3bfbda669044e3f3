import type { CsvDialectDefinition } from './csv-dialect';
import { outlookBirthday, outlookCategories } from './outlook-csv-values';

/**
 * Outlook's CSV exports, in any of their column orders: desktop Outlook's Import/Export wizard
 * (`"Title","First Name","Middle Name","Last Name","Suffix","Company","Department","Job Title",…`),
 * Outlook.com's (`First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,…`) and the
 * Outlook-format exports of others (Google's "Outlook CSV"). The column names imply the types
 * (`Mobile Phone` is a cell phone, `Business Fax` a fax, `Home Street` a home address): the fields'
 * `csv.outlook` declarations say which. Outlook's email addresses carry no home or work, so they
 * are `other`. Columns no field names (Assistant's Phone and Name, Spouse, Anniversary, Yomi names,
 * Account, User 1-4, …) have no place in the contact and are reported as ignored.
 */
export const OUTLOOK_CSV: CsvDialectDefinition = {
  dialect: 'outlook-csv',
  key: 'outlook',
  markers: ['E-mail Address', 'Business Phone', 'Mobile Phone'],
  readDate: outlookBirthday,
  splitList: outlookCategories,
  // Outlook numbers no column groups: its lists are fixed columns.
  typeSuffixes: [],
  typeOf: () => 'other',
};
