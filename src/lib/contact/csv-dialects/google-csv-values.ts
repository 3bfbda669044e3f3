/** Google joins the values of one cell with this separator (`* myContacts ::: Friends`, `+1 555 ::: +1 556`). */
export const GOOGLE_VALUE_SEPARATOR = ' ::: ';

/** The values of one Google cell, trimmed; empty values are dropped only when `keepEmpty` is false. */
export function splitGoogleCell(cell: string, keepEmpty = false): string[] {
  if (!cell.includes(GOOGLE_VALUE_SEPARATOR)) {
    const value = cell.trim();
    return keepEmpty || value !== '' ? [value] : [];
  }
  const values = cell.split(GOOGLE_VALUE_SEPARATOR).map((value) => value.trim());
  return keepEmpty ? values : values.filter((value) => value !== '');
}

/** A type word without Google's primary marker, and whether it had one (`* Home`, or `*` alone). */
export function readGoogleTypeWord(word: string): { word: string; primary: boolean } {
  const trimmed = word.trim();
  if (!trimmed.startsWith('*')) return { word: trimmed, primary: false };
  return { word: trimmed.slice(1).trim(), primary: true };
}

const normalWord = (word: string): string => word.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Google's built-in labels and the contact's type each means. `Main`, `Google Voice`, `Profile`,
 * `Blog` and custom labels name nothing the contact knows: those, an empty label included, are
 * `other` (as a vCard TEL or EMAIL whose types say nothing recognised), and so is a label that is
 * no type of the list at hand (`Mobile` on an email).
 */
const GOOGLE_LABELS: ReadonlyMap<string, string> = new Map([
  ['mobile', 'cell'],
  ['work mobile', 'cell'],
  ['work', 'work'],
  ['home', 'home'],
  ['home fax', 'fax'],
  ['work fax', 'fax'],
  ['other fax', 'fax'],
  ['pager', 'pager'],
  ['work pager', 'pager'],
]);

/** A Google label as one of a list's entry types (`types`): the type it means when the list has it, else `other`. */
export function googleType(word: string, types: readonly string[]): string {
  const type = GOOGLE_LABELS.get(normalWord(word));
  return type !== undefined && types.includes(type) ? type : 'other';
}

/**
 * Group Membership (older exports) or Labels (newer): the user's own groups. Google's system groups
 * carry a leading `* ` (`* myContacts`, `* starred`, `* My Contacts`) and are not categories.
 */
export function googleCategories(cell: string): string[] {
  return splitGoogleCell(cell).filter((group) => !group.startsWith('*'));
}

/** `YYYY-MM-DD` as it is; `--MM-DD`, a birthday without a year, is left out; anything else is passed on as written. */
export function googleBirthday(cell: string): string | undefined {
  const value = cell.trim();
  if (value === '' || /^--\d{2}-\d{2}$/.test(value)) return undefined;
  return value;
}
