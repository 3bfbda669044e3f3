import { describe, expect, it } from '@jest/globals';
import { csvDialectMapper } from './index';

const google = (header: string[]) => csvDialectMapper('google-csv', header);
const outlook = (header: string[]) => csvDialectMapper('outlook-csv', header);

describe('malformed and unusual headers', () => {
  it('an empty header maps every row to an empty contact and ignores nothing', () => {
    const mapper = google([]);
    expect(mapper.ignoredColumns).toEqual([]);
    expect(mapper.toContact([])).toEqual({});
    expect(mapper.toContact(['stray', 'cells'])).toEqual({});
  });

  it('a header of one marker column maps what it has', () => {
    expect(google(['Given Name']).toContact(['Ada'])).toEqual({ fullName: 'Ada', name: { given: 'Ada' } });
  });

  it('reads cells missing at the end of a short row as empty, and ignores cells past the header', () => {
    const mapper = google(['Given Name', 'Family Name', 'Notes']);
    expect(mapper.toContact(['Ada'])).toEqual({ fullName: 'Ada', name: { given: 'Ada' } });
    expect(mapper.toContact(['Ada', 'Example', 'n', 'extra'])).toEqual({
      fullName: 'Ada Example',
      name: { family: 'Example', given: 'Ada' },
      note: 'n',
    });
  });

  it('matches names in any case and spacing, and a repeated column gives its first cell with text', () => {
    const mapper = google([' given name ', 'NOTES', 'Notes']);
    expect(mapper.ignoredColumns).toEqual([]);
    expect(mapper.toContact(['Ada', '', 'second'])).toMatchObject({ note: 'second' });
    expect(mapper.toContact(['Ada', 'first', 'second'])).toMatchObject({ note: 'first' });
  });

  it('lists each unplaced column once by its name as written, and never an unnamed one', () => {
    const mapper = google(['Given Name', 'Spouse', ' Spouse ', '', '  ', 'Organization 2 - Name', 'Phone x - Value']);
    expect(mapper.ignoredColumns).toEqual(['Spouse', 'Organization 2 - Name', 'Phone x - Value']);
  });

  it('a cell of blanks or bare separators is no value', () => {
    const mapper = google(['Given Name', 'Notes', 'Phone 1 - Type', 'Phone 1 - Value', 'Group Membership']);
    expect(mapper.toContact(['Ada', '  \n ', 'Mobile', ' :::  ::: ', ' ::: * myContacts'])).toEqual({
      fullName: 'Ada',
      name: { given: 'Ada' },
    });
  });
});

describe("Google's numbered columns", () => {
  it('orders entries by number (numerically), whatever the header order, and skips gaps', () => {
    const header = ['Phone 10 - Value', 'Phone 2 - Value', 'Given Name', 'Phone 3 - Type', 'Phone 3 - Value'];
    expect(google(header).toContact(['555-0110', '555-0102', 'Ada', 'Home', ''])).toEqual({
      fullName: 'Ada',
      name: { given: 'Ada' },
      phones: [
        { number: '555-0102', type: 'other' },
        { number: '555-0110', type: 'other' },
      ],
    });
  });

  it('a type without a value is no entry; an unknown suffix is ignored', () => {
    const mapper = google(['Given Name', 'E-mail 1 - Type', 'E-mail 1 - Value', 'E-mail 1 - Extension']);
    expect(mapper.ignoredColumns).toEqual(['E-mail 1 - Extension']);
    expect(mapper.toContact(['Ada', '* Home', '', 'x'])).toEqual({ fullName: 'Ada', name: { given: 'Ada' } });
  });

  it('pairs a type cell of several words with the values, and keeps one preferred entry per list', () => {
    const header = ['Given Name', 'E-mail 1 - Type', 'E-mail 1 - Value', 'E-mail 2 - Type', 'E-mail 2 - Value'];
    const cells = [
      'Ada',
      'Home ::: * Work ::: * Home',
      'a@h.example ::: a@w.example ::: b@h.example ::: c',
      '* Other',
      'd',
    ];
    expect(google(header).toContact(cells).emails).toEqual([
      { address: 'a@h.example', type: 'home' },
      { address: 'a@w.example', type: 'work', pref: true },
      { address: 'b@h.example', type: 'home' },
      { address: 'c', type: 'other' },
      { address: 'd', type: 'other' },
    ]);
  });

  it('lines up the components of several addresses in one group, and uses Formatted only for an empty one', () => {
    const header = [
      'Given Name',
      'Address 1 - Type',
      'Address 1 - Formatted',
      'Address 1 - Street',
      'Address 1 - City',
    ];
    const cells = [
      'Ada',
      'Home ::: Work ::: Other',
      'x ::: y ::: 3 Other Way',
      '1 Home St :::  ::: ',
      'Bath ::: Leeds ::: ',
    ];
    expect(google(header).toContact(cells).addresses).toEqual([
      { street: '1 Home St', locality: 'Bath', type: 'home' },
      { locality: 'Leeds', type: 'work' },
      { street: '3 Other Way', type: 'other' },
    ]);
  });

  it('urls carry no preference', () => {
    const header = ['Given Name', 'Website 1 - Label', 'Website 1 - Value'];
    expect(google(header).toContact(['Ada', '* Work', 'example.com']).urls).toEqual([
      { url: 'example.com', type: 'work' },
    ]);
  });

  it('the newer Label column and the older Type column name the same thing', () => {
    const older = google(['Given Name', 'Phone 1 - Type', 'Phone 1 - Value']).toContact(['Ada', 'Mobile', '555-0100']);
    const newer = google(['First Name', 'Phone 1 - Label', 'Phone 1 - Value']).toContact(['Ada', 'Mobile', '555-0100']);
    expect(newer).toEqual(older);
  });
});

describe("Outlook's fixed columns", () => {
  it('leaves out an address whose type is EX, in any case, and keeps the others', () => {
    const header = ['E-mail Address', 'E-mail Type', 'E-mail 2 Address', 'E-mail 2 Type', 'E-mail 3 Address'];
    expect(outlook(header).toContact(['/o=Org/cn=ada', 'ex', 'ada@example.com', 'SMTP', 'b@example.com'])).toEqual({
      emails: [
        { address: 'ada@example.com', type: 'other' },
        { address: 'b@example.com', type: 'other' },
      ],
    });
  });

  it('joins the street lines, and uses the one-cell address only when no part has text', () => {
    const header = ['Company', 'Home Street', 'Home Street 3', 'Home Address', 'Other Address', 'Other City'];
    expect(outlook(header).toContact(['Co', '1 Lane', 'Flat 2', 'whole', 'P.O. 9\nTown', ''])).toEqual({
      fullName: 'Co',
      organization: 'Co',
      addresses: [
        { street: '1 Lane\nFlat 2', type: 'home' },
        { street: 'P.O. 9\nTown', type: 'other' },
      ],
    });
  });

  it('prefers Country/Region and falls back to Country', () => {
    const header = ['Business Country', 'Business Country/Region'];
    expect(outlook(header).toContact(['Old', 'New']).addresses).toEqual([{ country: 'New', type: 'work' }]);
    expect(outlook(header).toContact(['Old', '']).addresses).toEqual([{ country: 'Old', type: 'work' }]);
  });

  it('writes the contact in the same key order whatever the header order', () => {
    const a = outlook(['Notes', 'First Name', 'Mobile Phone']).toContact(['n', 'Ada', '555-0100']);
    const b = outlook(['Mobile Phone', 'Notes', 'First Name']).toContact(['555-0100', 'n', 'Ada']);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(Object.keys(a)).toEqual(['fullName', 'name', 'phones', 'note']);
  });
});
