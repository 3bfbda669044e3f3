import { describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import type { CardEvent, ReadEvent, VCardProperty } from './read-event';
import { readVCards } from './read-vcards';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const card = (...lines: string[]): string => ['BEGIN:VCARD', ...lines, 'END:VCARD', ''].join('\r\n');

function onlyCard(events: ReadEvent[]): CardEvent {
  expect(events).toHaveLength(1);
  expect(events[0].kind).toBe('card');
  return events[0] as CardEvent;
}

const property = (events: ReadEvent[], name: string): VCardProperty | undefined =>
  onlyCard(events).properties.find((found) => found.name === name);
const value = (events: ReadEvent[], name: string): string | undefined => property(events, name)?.value;

describe('VCardStreamReader: lines', () => {
  it('unfolds CRLF or LF followed by a space or a tab, and counts lines in the file', () => {
    const events = readVCards(bytes('BEGIN:VCARD\nVERSION:3.0\nNOTE:one\r\n  two\n\tthree\nFN:x\nEND:VCARD\n'));
    expect(value(events, 'NOTE')).toBe('one twothree');
    expect(property(events, 'FN')?.line).toBe(6);
    expect(onlyCard(events).startLine).toBe(1);
  });

  it('accepts CR CR LF line ends (iOS 6) and a last line without a break', () => {
    const events = readVCards(bytes('BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nFN:Bob\r\r\nEND:VCARD'));
    expect(value(events, 'FN')).toBe('Bob');
  });

  it('ignores blank lines between cards, # comments and stray text inside a card', () => {
    const text = `\r\n\r\n${card('VERSION:3.0', '# a comment: with a colon', 'stray text', 'FN:A')}\r\n\r\n${card('FN:B')}`;
    const events = readVCards(bytes(text));
    expect(events.map((event) => event.kind)).toEqual(['card', 'card']);
    expect((events[0] as CardEvent).properties.map((found) => found.name)).toEqual(['VERSION', 'FN']);
  });

  it('keeps group prefixes apart from the upper-cased name', () => {
    const events = readVCards(
      bytes(card('VERSION:3.0', 'item1.email;type=INTERNET:a@b.c', 'item1.X-ABLabel:_$!<Other>!$_')),
    );
    const email = property(events, 'EMAIL');
    expect(email).toMatchObject({ group: 'item1', name: 'EMAIL', value: 'a@b.c', params: { TYPE: ['INTERNET'] } });
    expect(property(events, 'X-ABLABEL')?.group).toBe('item1');
  });
});

describe('VCardStreamReader: parameters', () => {
  it('turns 2.1 bare parameters into TYPE values and a bare encoding into ENCODING', () => {
    const events = readVCards(bytes(card('VERSION:2.1', 'TEL;WORK;VOICE;PREF:1', 'NOTE;QUOTED-PRINTABLE:a=3Db')));
    expect(property(events, 'TEL')?.params).toEqual({ TYPE: ['WORK', 'VOICE', 'PREF'] });
    expect(value(events, 'NOTE')).toBe('a=b');
  });

  it('merges repeated parameters, splits comma lists (quoted ones for TYPE) and upper-cases names', () => {
    const events = readVCards(
      bytes(card('VERSION:4.0', 'TEL;type=cell;Type=voice;TYPE="work,text";pref=1;LABEL="a,b":1', 'FN:x')),
    );
    expect(property(events, 'TEL')?.params).toEqual({
      TYPE: ['cell', 'voice', 'work', 'text'],
      PREF: ['1'],
      LABEL: ['a,b'],
    });
  });

  it('finds the value after a colon inside a quoted parameter value', () => {
    const events = readVCards(bytes(card('VERSION:3.0', 'TEL;TYPE="A,B:C",PREF:1')));
    expect(property(events, 'TEL')).toMatchObject({ value: '1', params: { TYPE: ['A', 'B:C', 'PREF'] } });
  });
});

describe('VCardStreamReader: quoted-printable and charsets', () => {
  it('undoes quoted-printable with soft line breaks, keeping a continuation line’s leading blank', () => {
    const events = readVCards(
      bytes(card('VERSION:2.1', 'NOTE;ENCODING=QUOTED-PRINTABLE:Now=0D=0A the time =', 'for all=', ' to come', 'FN:x')),
    );
    expect(value(events, 'NOTE')).toBe('Now\r\n the time for all to come');
  });

  it('does not let a soft line break swallow END:VCARD', () => {
    const events = readVCards(bytes(card('VERSION:2.1', 'FN:x', 'NOTE;ENCODING=QUOTED-PRINTABLE:broken=')));
    expect(value(events, 'NOTE')).toBe('broken');
  });

  it('decodes CHARSET= with iconv-lite, also under quoted-printable', () => {
    const sjis = iconv.encode('安藤', 'shift_jis');
    const text = Buffer.concat([
      bytes('BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=SHIFT_JIS:'),
      sjis,
      bytes('\r\nNOTE;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:caf=E9\r\nEND:VCARD\r\n'),
    ]);
    const events = readVCards(text);
    expect(value(events, 'FN')).toBe('安藤');
    expect(value(events, 'NOTE')).toBe('café');
  });

  it('uses the Content-Type charset without CHARSET=, and UTF-8 without either', () => {
    const latin1 = Buffer.concat([
      bytes('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:caf'),
      Buffer.from([0xe9]),
      bytes('\r\nEND:VCARD'),
    ]);
    expect(value(readVCards(latin1, { contentTypeCharset: 'iso-8859-1' }), 'FN')).toBe('café');
    expect(value(readVCards(bytes(card('VERSION:3.0', 'FN:café'))), 'FN')).toBe('café');
  });

  it('reads non-UTF-8 bytes of a 2.1 card as Windows-1252, and rejects them in 3.0 and 4.0 with their line', () => {
    const build = (version: string) =>
      Buffer.concat([
        bytes(`BEGIN:VCARD\r\nVERSION:${version}\r\nN:x\r\nFN:caf`),
        Buffer.from([0xe9, 0x80]),
        bytes('\r\nEND:VCARD'),
      ]);
    expect(value(readVCards(build('2.1')), 'FN')).toBe('café€');
    expect(readVCards(build('3.0'))).toEqual([{ kind: 'error', line: 4, issue: 'invalid_encoding' }]);
    expect(readVCards(build('4.0'))).toEqual([{ kind: 'error', line: 4, issue: 'invalid_encoding' }]);
  });

  it('lets a BOM decide the file: UTF-8, UTF-16 LE and BE', () => {
    const text = card('VERSION:3.0', 'FN;CHARSET=ISO-8859-1:Zoë 安藤');
    expect(value(readVCards(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes(text)])), 'FN')).toBe('Zoë 安藤');
    expect(value(readVCards(iconv.encode(text, 'utf-16le', { addBOM: true })), 'FN')).toBe('Zoë 安藤');
    expect(value(readVCards(iconv.encode(text, 'utf-16be', { addBOM: true })), 'FN')).toBe('Zoë 安藤');
  });

  it('treats an unknown CHARSET as absent', () => {
    expect(value(readVCards(bytes(card('VERSION:3.0', 'FN;CHARSET=X-NOPE:Zoë'))), 'FN')).toBe('Zoë');
  });
});

describe('VCardStreamReader: skipped values', () => {
  it('skips ENCODING=b and 2.1 BASE64 values with their unindented continuation lines up to the blank line', () => {
    const events = readVCards(
      bytes(card('VERSION:2.1', 'PHOTO;JPEG;BASE64:', 'QUJD', 'REVG', '', 'LOGO;ENCODING=b:QUJD', ' REVG', 'FN:x')),
    );
    const photo = property(events, 'PHOTO');
    expect(photo).toMatchObject({ value: '', inline: true, line: 3, params: { TYPE: ['JPEG'], ENCODING: ['BASE64'] } });
    expect(property(events, 'LOGO')).toMatchObject({ value: '', inline: true });
    expect(value(events, 'FN')).toBe('x');
  });

  it('skips a data: URI', () => {
    expect(property(readVCards(bytes(card('VERSION:4.0', 'PHOTO:data:image/png;base64,QUJD'))), 'PHOTO')).toMatchObject(
      {
        value: '',
        inline: true,
      },
    );
  });
});

describe('VCardStreamReader: cards and errors', () => {
  it('reads a card without VERSION as 2.1 with bare parameters, else as 3.0', () => {
    expect(onlyCard(readVCards(bytes(card('TEL;CELL:1')))).version).toBe('2.1');
    expect(onlyCard(readVCards(bytes(card('TEL;TYPE=CELL:1')))).version).toBe('3.0');
    expect(onlyCard(readVCards(bytes(card('VERSION:4.0', 'FN:x')))).version).toBe('4.0');
  });

  it('does not read a 2.1 AGENT’s nested card as a card of its own', () => {
    const text = card('VERSION:2.1', 'FN:Boss', 'AGENT:', card('VERSION:2.1', 'FN:Assistant').trimEnd(), 'TEL:1');
    const events = readVCards(bytes(text));
    expect(onlyCard(events).properties.map((found) => [found.name, found.value])).toEqual([
      ['VERSION', '2.1'],
      ['FN', 'Boss'],
      ['AGENT', ''],
      ['TEL', '1'],
    ]);
    expect(property(events, 'AGENT')?.inline).toBe(true);
  });

  it('reads a nested card begun on the AGENT line itself as part of its card, nested cards within it too', () => {
    const inner = card('VERSION:2.1', 'N:Friday;Fred', 'AGENT:BEGIN:VCARD', 'FN:Deeper', 'END:VCARD').trimEnd();
    const text = card('VERSION:2.1', 'FN:Boss', `AGENT;CHARSET=UTF-8:${inner}`, 'TEL:1');
    const events = readVCards(bytes(text));
    expect(events).toHaveLength(1);
    expect(onlyCard(events).properties.map((found) => [found.name, found.value])).toEqual([
      ['VERSION', '2.1'],
      ['FN', 'Boss'],
      ['AGENT', ''],
      ['TEL', '1'],
    ]);
    const threeZero = card('VERSION:3.0', 'FN:Boss', 'AGENT:BEGIN:VCARD\\nFN:Joe\\nEND:VCARD\\n', 'TEL:1');
    expect(onlyCard(readVCards(bytes(threeZero))).properties.map((found) => found.name)).toEqual([
      'VERSION',
      'FN',
      'AGENT',
      'TEL',
    ]);
  });

  it('reports a card without END at its BEGIN and goes on with the next card', () => {
    const events = readVCards(bytes(`BEGIN:VCARD\r\nFN:A\r\n${card('FN:B')}BEGIN:VCARD\r\nFN:C\r\n`));
    expect(events).toEqual([
      { kind: 'error', line: 1, issue: 'no_end' },
      expect.objectContaining({ kind: 'card', startLine: 3 }),
      { kind: 'error', line: 6, issue: 'no_end' },
    ]);
  });

  it('reports properties outside any card once per run, and a body without any card', () => {
    const events = readVCards(bytes(`FN:A\r\nTEL:1\r\n${card('FN:B')}END:VCARD\r\n`));
    expect(events).toEqual([
      { kind: 'error', line: 1, issue: 'no_begin' },
      expect.objectContaining({ kind: 'card', startLine: 3 }),
      { kind: 'error', line: 6, issue: 'no_begin' },
    ]);
    expect(readVCards(bytes(''))).toEqual([{ kind: 'error', line: 1, issue: 'no_begin' }]);
    expect(readVCards(bytes('just some text\r\n'))).toEqual([{ kind: 'error', line: 1, issue: 'no_begin' }]);
  });

  it('skips another component (SOGo’s VLIST) without an error', () => {
    const events = readVCards(bytes(`${card('FN:A')}BEGIN:VLIST\r\nFN:list\r\nEND:VLIST\r\n`));
    expect(events).toEqual([expect.objectContaining({ kind: 'card' })]);
  });

  it('fails a card with a line over maxLineBytes, at that line, and reads the next one', () => {
    const long = `NOTE:${'x'.repeat(2000)}`;
    const events = readVCards(bytes(`${card('FN:A', long, 'TEL:1')}${card('FN:B')}`), { maxLineBytes: 1000 });
    expect(events).toEqual([
      { kind: 'error', line: 3, issue: 'line_too_long' },
      expect.objectContaining({ kind: 'card', startLine: 6 }),
    ]);
  });

  it('fails a card that keeps more than maxCardBytes without END as no_end', () => {
    const lines = Array.from({ length: 100 }, (_, index) => `NOTE:${index}${'y'.repeat(50)}`);
    const events = readVCards(bytes(`BEGIN:VCARD\r\n${lines.join('\r\n')}\r\n`), {
      maxLineBytes: 500,
      maxCardBytes: 2000,
    });
    expect(events).toEqual([{ kind: 'error', line: 1, issue: 'no_end' }]);
  });
});
