/** The year Outlook.com writes for a birthday entered without one. */
const OUTLOOK_NO_YEAR = 1604;

const pad = (value: string): string => value.padStart(2, '0');

/**
 * Outlook's birthdays: desktop Outlook writes `M/D/YYYY` and `0/0/00` for none; Outlook.com writes
 * `YYYY-MM-DD` with the year 1604 when none was entered. Both no-date forms (and a zero month or day)
 * are left out, `M/D/YYYY` becomes `YYYY-MM-DD`, and anything else is passed on as written.
 */
export function outlookBirthday(cell: string): string | undefined {
  const value = cell.trim();
  if (value === '') return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (us) {
    const [, month, day, year] = us;
    if (Number(month) === 0 || Number(day) === 0 || Number(year) === OUTLOOK_NO_YEAR) return undefined;
    // A two-digit year names no century: it is passed on for the contact rules to judge.
    return year.length === 4 ? `${year}-${pad(month)}-${pad(day)}` : value;
  }
  const iso = /^(\d{4})-\d{2}-\d{2}$/.exec(value);
  if (iso && Number(iso[1]) === OUTLOOK_NO_YEAR) return undefined;
  return value;
}

/** Outlook's Categories cell: names separated by `;` (Outlook writes `Friend; colleague`). */
export function outlookCategories(cell: string): string[] {
  return cell
    .split(';')
    .map((category) => category.trim())
    .filter((category) => category !== '');
}
