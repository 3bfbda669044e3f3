import type { ContactFields } from './contact';
import { CONTACT_SCHEMA } from './contact-schema';
import { fileNameFieldOf, fileNamePropertiesOf } from './file-name-field';
import { sheetFieldsOf, sheetLinesOf, type SheetLineSource } from './sheet-lines';

// What a contact's printed sheet item and downloaded files are made of, as the fields declare it.

/** A printed sheet's text lines, in order, and the card properties they are read from. */
export const CONTACT_SHEET_LINES: readonly SheetLineSource[] = Object.freeze(sheetLinesOf(CONTACT_SCHEMA));

/** The fields printed on a sheet's item, in line order: the first large, the others smaller. */
export const CONTACT_SHEET_FIELDS: readonly string[] = Object.freeze(sheetFieldsOf(CONTACT_SCHEMA));

/** The field a contact's downloaded files are named after (docs/api.md#file-names). */
export const CONTACT_FILE_NAME_FIELD: string = fileNameFieldOf(CONTACT_SCHEMA);

/** The card properties the file-name field is written as: a stored card's files are named from them. */
export const CONTACT_FILE_NAME_PROPERTIES: readonly string[] = Object.freeze(fileNamePropertiesOf(CONTACT_SCHEMA));

/** The text a validated contact's downloaded files are named after (before it is made a file-name stem). */
export function contactFileName(contact: ContactFields): string {
  return contact[CONTACT_FILE_NAME_FIELD as keyof ContactFields] as string;
}
