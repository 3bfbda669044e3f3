import { describe, expect, it } from '@jest/globals';
import { outlookBirthday, outlookCategories } from './outlook-csv-values';

describe("Outlook's cell values", () => {
  it.each<[string, string | undefined]>([
    ['12/10/1815', '1815-12-10'],
    ['5/7/1990', '1990-05-07'],
    [' 05/07/1990 ', '1990-05-07'],
    ['0/0/00', undefined],
    ['00/00/0000', undefined],
    ['3/21/1604', undefined],
    ['1604-03-21', undefined],
    ['1990-07-01', '1990-07-01'],
    ['5/7/90', '5/7/90'],
    ['7.5.1990', '7.5.1990'],
    ['', undefined],
  ])('birthday %j is %j', (cell, birthday) => {
    expect(outlookBirthday(cell)).toBe(birthday);
  });

  it('splits categories at `;`', () => {
    expect(outlookCategories('Friend; colleague')).toEqual(['Friend', 'colleague']);
    expect(outlookCategories('Holiday Cards;;Key Customer;')).toEqual(['Holiday Cards', 'Key Customer']);
    expect(outlookCategories(' ')).toEqual([]);
  });
});
