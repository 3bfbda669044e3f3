import { PHONE_TYPES, PLACE_TYPES } from '../index';
import { describe, expect, it } from '@jest/globals';
import { googleBirthday, googleCategories, googleType, readGoogleTypeWord, splitGoogleCell } from './google-csv-values';

describe("Google's cell values", () => {
  it('splits a cell at ` ::: `, trimming, dropping empty values unless their places are kept', () => {
    expect(splitGoogleCell('+1 555 0100 ::: +1 555 0101')).toEqual(['+1 555 0100', '+1 555 0101']);
    expect(splitGoogleCell(' a :::  ::: b ')).toEqual(['a', 'b']);
    expect(splitGoogleCell('a :::  ::: b', true)).toEqual(['a', '', 'b']);
    // Only the spaced separator splits: a value may hold colons of its own.
    expect(splitGoogleCell('sip:ada:::x')).toEqual(['sip:ada:::x']);
  });

  it('reads the primary mark of a type word', () => {
    expect(readGoogleTypeWord('* Home')).toEqual({ word: 'Home', primary: true });
    expect(readGoogleTypeWord('* ')).toEqual({ word: '', primary: true });
    expect(readGoogleTypeWord('Work')).toEqual({ word: 'Work', primary: false });
    expect(readGoogleTypeWord('')).toEqual({ word: '', primary: false });
  });

  it.each([
    ['Mobile', 'cell'],
    ['mobile', 'cell'],
    ['Work Mobile', 'cell'],
    ['Work', 'work'],
    ['Home', 'home'],
    ['Main', 'other'],
    ['Home Fax', 'fax'],
    ['Work  Fax', 'fax'],
    ['Other Fax', 'fax'],
    ['Pager', 'pager'],
    ['Work Pager', 'pager'],
    ['Google Voice', 'other'],
    ['Other', 'other'],
    ['Custom phone', 'other'],
    ['constructor', 'other'],
    ['__proto__', 'other'],
    ['', 'other'],
  ])('phone label %j is %s', (word, type) => {
    expect(googleType(word, PHONE_TYPES)).toBe(type);
  });

  it.each([
    ['Home', 'home'],
    [' WORK ', 'work'],
    ['Other', 'other'],
    ['Home Page', 'other'],
    ['Profile', 'other'],
    ['Custom email', 'other'],
    ['Mobile', 'other'],
    ['Work Fax', 'other'],
    ['', 'other'],
  ])('email, website and address label %j is %s', (word, type) => {
    expect(googleType(word, PLACE_TYPES)).toBe(type);
  });

  it("keeps the user's groups and drops Google's system groups", () => {
    expect(googleCategories('* myContacts ::: * starred ::: Navy ::: Book club')).toEqual(['Navy', 'Book club']);
    expect(googleCategories('* My Contacts')).toEqual([]);
    expect(googleCategories('Kunden ::: * My Contacts')).toEqual(['Kunden']);
  });

  it('leaves a birthday without a year out and passes every other form on', () => {
    expect(googleBirthday('1975-12-12')).toBe('1975-12-12');
    expect(googleBirthday(' 1975-12-12 ')).toBe('1975-12-12');
    expect(googleBirthday('--04-15')).toBeUndefined();
    expect(googleBirthday('   ')).toBeUndefined();
    expect(googleBirthday('April 15')).toBe('April 15');
  });
});
