import { describe, expect, it } from '@jest/globals';
import { detectCsvDialect } from './detect-csv-dialect';

describe('detectCsvDialect', () => {
  it.each<[string, string[], string]>([
    ["Google's older header", ['Name', 'Given Name', 'Family Name', 'Group Membership'], 'google-csv'],
    [
      "Google's newer header",
      ['First Name', 'Last Name', 'Labels', 'E-mail 1 - Label', 'E-mail 1 - Value'],
      'google-csv',
    ],
    ['any case and spacing', ['first name', '  e-mail 1 - value '], 'google-csv'],
    ['a UTF-8 BOM left on the first name', ['\uFEFFGiven Name'], 'google-csv'],
    ["Outlook's desktop header", ['Title', 'First Name', 'Company', 'Business Phone', 'E-mail Address'], 'outlook-csv'],
    ['Outlook by its mobile phone alone', ['First Name', 'Mobile Phone'], 'outlook-csv'],
    ['Outlook by its email alone', ['E-mail Address'], 'outlook-csv'],
    ["Google's markers first when both appear", ['Given Name', 'E-mail Address'], 'google-csv'],
    ["the service's own columns", ['fullName', 'email', 'phone.cell', 'name.given'], 'csv'],
    ['an empty header', [], 'csv'],
    ['a near miss', ['E-mail 2 - Value', 'Given'], 'csv'],
  ])('%s', (_case, header, dialect) => {
    expect(detectCsvDialect(header)).toBe(dialect);
  });
});
