import { unescapeText } from './unescape-text';

const DASHED = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/;
const BASIC = /^(\d{4})(\d{2})(\d{2})(?:T|$)/;
const NO_YEAR = /^--/;
// Apple's address books write a birthday saved without its year as the year 1604.
const APPLE_NO_YEAR = '1604';

/**
 * A BDAY as the contact's `YYYY-MM-DD`: from `YYYY-MM-DD`, `YYYYMMDD` or the date of a date-time.
 * A date without a year (`--0415`, `--04-15`, and iOS's 1604) cannot be one: `no_year`. Any
 * other text is passed on as written, for the contact rules to judge.
 */
export function birthdayDate(value: string): { date: string } | { noYear: true } {
  const text = unescapeText(value).trim();
  if (NO_YEAR.test(text)) return { noYear: true };
  const parts = DASHED.exec(text) ?? BASIC.exec(text);
  if (parts?.[1] === APPLE_NO_YEAR) return { noYear: true };
  return { date: parts === null ? text : `${parts[1]}-${parts[2]}-${parts[3]}` };
}
