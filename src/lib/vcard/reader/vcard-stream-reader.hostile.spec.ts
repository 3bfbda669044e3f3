import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { mapVCardToContact } from './map-vcard';
import type { CardEvent, ReadEvent } from './read-event';
import { readVCards } from './read-vcards';
import { VCardStreamReader } from './vcard-stream-reader';

const RUNS = { seed: 4242, numRuns: 300 } as const;
const MIB = 1024 * 1024;

/** Streams `repeat` copies of `middle` between `head` and `tail` in 64 KiB chunks, as a request body arrives. */
function stream(head: string, middle: Buffer, repeat: number, tail: string): ReadEvent[] {
  const reader = new VCardStreamReader();
  const events = [...reader.write(Buffer.from(head))];
  for (let i = 0; i < repeat; i++) events.push(...reader.write(middle));
  return [...events, ...reader.write(Buffer.from(tail)), ...reader.end()];
}

function expectWellFormed(events: ReadEvent[]): void {
  for (const event of events) {
    if (event.kind === 'error') {
      expect(['no_begin', 'no_end', 'invalid_encoding', 'line_too_long']).toContain(event.issue);
      expect(event.line).toBeGreaterThanOrEqual(1);
    } else {
      expect(['2.1', '3.0', '4.0']).toContain(event.version);
      mapVCardToContact(event);
    }
  }
}

describe('hostile input gives events, never an exception or a hang', () => {
  it('a 1 MB inline photo is skipped and the card is read', () => {
    const photo = Buffer.alloc(MIB, 'QUJD').toString('latin1');
    const events = readVCards(
      Buffer.from(`BEGIN:VCARD\r\nVERSION:3.0\r\nPHOTO;ENCODING=b:${photo}\r\nFN:x\r\nEND:VCARD\r\n`),
    );
    expect((events[0] as CardEvent).properties.map((property) => [property.name, property.inline])).toEqual([
      ['VERSION', undefined],
      ['PHOTO', true],
      ['FN', undefined],
    ]);
  });

  it('a 64 MB photo, folded or on one line, streams through as one card', () => {
    const folded = Buffer.from(' ' + 'QUJD'.repeat(19) + '\r\n')
      .toString('latin1')
      .repeat(1024);
    for (const chunk of [Buffer.alloc(64 * 1024, 'QUJD'), Buffer.from(folded, 'latin1')]) {
      const events = stream(
        'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:x\r\nPHOTO;ENCODING=b:',
        chunk,
        (64 * MIB) / chunk.length,
        '\r\nEND:VCARD\r\n',
      );
      expect(events).toEqual([expect.objectContaining({ kind: 'card' })]);
    }
  });

  it('a 4 MB line, endless folding, endless soft breaks and a colon that never comes are line_too_long, and the next card is read', () => {
    const next = 'BEGIN:VCARD\r\nFN:next\r\nEND:VCARD\r\n';
    const cases: [string, Buffer][] = [
      ['NOTE:', Buffer.alloc(64 * 1024, 'x')],
      ['NOTE:a\r\n', Buffer.from(' folded\r\n'.repeat(7000))],
      ['NOTE;ENCODING=QUOTED-PRINTABLE:=\r\n', Buffer.from('=41=\r\n'.repeat(10000))],
      // No colon yet: each piece is searched once, never the whole line again (that was quadratic).
      ['X-NO-COLON', Buffer.from('\r\n "quoted: colon" still none'.repeat(3000))],
    ];
    for (const [start, middle] of cases) {
      const events = stream(
        `BEGIN:VCARD\r\nVERSION:3.0\r\n${start}`,
        middle,
        Math.ceil((4 * MIB) / middle.length),
        `\r\nEND:VCARD\r\n${next}`,
      );
      expect(events).toEqual([
        { kind: 'error', line: 3, issue: 'line_too_long' },
        expect.objectContaining({ kind: 'card' }),
      ]);
    }
  });

  it('a card that never ends is no_end, also when its properties would fill memory', () => {
    const events = stream('BEGIN:VCARD\r\nVERSION:3.0\r\n', Buffer.from('X-A:1\r\n'.repeat(10000)), 100, '');
    expect(events).toEqual([{ kind: 'error', line: 1, issue: 'no_end' }]);
  });

  it('a file of carriage returns only, or of deeply nested agents, ends', () => {
    expectWellFormed(readVCards(Buffer.alloc(4 * MIB, '\r')));
    const nested = 'BEGIN:VCARD\r\nAGENT:\r\n'.repeat(20000) + 'END:VCARD\r\n'.repeat(20000);
    expect(readVCards(Buffer.from(nested))).toEqual([expect.objectContaining({ kind: 'card', startLine: 1 })]);
  });

  it('arbitrary bytes, in and out of cards, under every version and declared charset', () => {
    const charsets = [
      'UTF-8',
      'ISO-8859-1',
      'Windows-1252',
      'Shift_JIS',
      'EUC-JP',
      'GB18030',
      'Big5',
      'EUC-KR',
      'UTF-16LE',
      'KOI8-R',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom('2.1', '3.0', '4.0', 'x'),
        fc.constantFrom(...charsets),
        fc.boolean(),
        fc.uint8Array({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 50 }),
        (version, charset, quotedPrintable, garbage, outside) => {
          const encoding = quotedPrintable ? ';ENCODING=QUOTED-PRINTABLE' : '';
          const head = `BEGIN:VCARD\r\nVERSION:${version}\r\nFN;CHARSET=${charset}${encoding}:`;
          const input = Buffer.concat([
            Buffer.from('x'),
            Buffer.from(outside),
            Buffer.from(`\r\n${head}`),
            Buffer.from(garbage),
            Buffer.from('\r\nN:a\r\nEND:VCARD'),
          ]);
          const events = readVCards(input, { contentTypeCharset: charset });
          expectWellFormed(events);
          expectWellFormed(readVCards(iconv.encode(input.toString('latin1'), 'utf-16be', { addBOM: true })));
          expect(events.some((event) => event.kind === 'card' || event.issue === 'invalid_encoding')).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('random lines from the grammar’s own words', () => {
    const line = fc.oneof(
      fc.constantFrom(
        'BEGIN:VCARD',
        'END:VCARD',
        'AGENT:',
        'VERSION:2.1',
        'VERSION:4.0',
        'BEGIN:VLIST',
        'END:VLIST',
        '',
      ),
      fc.constantFrom(
        'NOTE;ENCODING=QUOTED-PRINTABLE:a=',
        'PHOTO;BASE64:',
        'QUJD',
        ' folded',
        '\tx',
        '=41',
        'TEL;"a:b',
        '#x',
      ),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.constantFrom('\r\n', '\n', '\r\r\n'), (lines, eol) => {
        expectWellFormed(readVCards(Buffer.from(lines.join(eol))));
      }),
      RUNS,
    );
  });
});
