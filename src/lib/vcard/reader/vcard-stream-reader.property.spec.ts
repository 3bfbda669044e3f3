import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardEvent, ReadEvent } from './read-event';
import { readVCards } from './read-vcards';
import { asThreeZeroEscapes } from './two-one-escapes';
import { unescapeText } from './unescape-text';
import { listValues, valueComponents } from './value-components';
import { VCardStreamReader } from './vcard-stream-reader';

const RUNS = { seed: 20261126, numRuns: 300 } as const;
const CORPUS = join(__dirname, '../../../../test/fixtures/import');
const corpus = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.vcf'))
  .map((name) => readFileSync(join(CORPUS, name)));

function readInChunks(input: Buffer, cuts: number[], options = {}): ReadEvent[] {
  const reader = new VCardStreamReader(options);
  const events: ReadEvent[] = [];
  let start = 0;
  for (const cut of [...new Set(cuts.map((at) => at % (input.length + 1)))].sort((a, b) => a - b)) {
    events.push(...reader.write(input.subarray(start, cut)));
    start = cut;
  }
  events.push(...reader.write(input.subarray(start)), ...reader.end());
  return events;
}

const onlyValue = (events: ReadEvent[], name: string): string | undefined =>
  (events[0] as CardEvent | undefined)?.properties.find((property) => property.name === name)?.value;

/** Text without line breaks, any Unicode (surrogate pairs included), as a property value can hold. */
const lineText = fc.string({ unit: 'grapheme', maxLength: 60 }).map((text) => text.replace(/[\r\n]/g, ''));

describe('chunk boundaries', () => {
  it('give the same events as one chunk, wherever they fall (every corpus file, also as UTF-16)', () => {
    const inputs = [
      ...corpus,
      ...corpus.slice(0, 3).map((file) => iconv.encode(file.toString('utf8'), 'utf-16le', { addBOM: true })),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...inputs), fc.array(fc.nat(), { maxLength: 12 }), (input, cuts) => {
        expect(readInChunks(input, cuts)).toEqual(readVCards(input));
      }),
      RUNS,
    );
  });

  it('give the same events for lines longer than a piece, also with small limits', () => {
    const long = Buffer.from(
      `BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:${'n'.repeat(200_000)}\r\nPHOTO;ENCODING=b:${'QUJD'.repeat(60_000)}\r\nFN:x\r\nEND:VCARD\r\n`,
    );
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom(100_000, 300_000), (cuts, maxLineBytes) => {
        expect(readInChunks(long, cuts, { maxLineBytes })).toEqual(readVCards(long, { maxLineBytes }));
      }),
      { ...RUNS, numRuns: 40 },
    );
  });
});

describe('folding', () => {
  it('is undone wherever a line is folded (inside a UTF-8 sequence too), with CRLF or LF and a space or a tab', () => {
    fc.assert(
      fc.property(
        lineText,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom('\r\n ', '\n ', '\r\n\t', '\n\t'),
        (text, cuts, fold) => {
          const line = Buffer.from(`NOTE:${text.replaceAll('\\', '')}`);
          const at = [...new Set(cuts.map((cut) => 1 + (cut % line.length)))].sort((a, b) => a - b);
          const pieces = at.map((cut, index) => line.subarray(index === 0 ? 0 : at[index - 1], cut));
          const folded = Buffer.concat([
            ...pieces.flatMap((piece) => [piece, Buffer.from(fold)]),
            line.subarray(at.at(-1) ?? 0),
          ]);
          const input = Buffer.concat([
            Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\n'),
            folded,
            Buffer.from('\r\nEND:VCARD\r\n'),
          ]);
          expect(onlyValue(readVCards(input), 'NOTE')).toBe(text.replaceAll('\\', ''));
        },
      ),
      RUNS,
    );
  });
});

/** A quoted-printable encoder written for the test: every byte encoded, soft breaks at the given places. */
function quotedPrintable(bytes: Buffer, breaks: number[]): string {
  const encoded = [...bytes].map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`);
  for (const at of [...new Set(breaks.map((cut) => cut % (encoded.length + 1)))].sort((a, b) => b - a)) {
    encoded.splice(at, 0, '=\r\n');
  }
  return encoded.join('');
}

describe('quoted-printable', () => {
  it('gives back the text in the declared charset, whatever the soft breaks', () => {
    fc.assert(
      fc.property(
        lineText,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom('UTF-8', 'Windows-1252', 'Shift_JIS', 'GB18030', 'Big5', 'EUC-KR'),
        (text, breaks, charset) => {
          const expected = iconv.decode(iconv.encode(text, charset), charset);
          const encoded = quotedPrintable(iconv.encode(text, charset), breaks);
          const card = `BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;CHARSET=${charset};ENCODING=QUOTED-PRINTABLE:${encoded}\r\nEND:VCARD\r\n`;
          // A 2.1 value comes in 3.0's escapes (its backslashes and commas escaped), the escapes the readers undo.
          expect(onlyValue(readVCards(Buffer.from(card)), 'NOTE')).toBe(asThreeZeroEscapes(expected));
        },
      ),
      RUNS,
    );
  });
});

/** Escapes text as a vCard 3.0 writer does (backslash, comma, semicolon, line break). */
const escape = (text: string): string =>
  text.replaceAll('\\', '\\\\').replaceAll(',', '\\,').replaceAll(';', '\\;').replaceAll('\n', '\\n');

describe('escapes', () => {
  const piece = fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => text.trim());

  it('split structured values at unescaped semicolons and unescape each component', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 7 }), (components) => {
        expect(valueComponents(components.map(escape).join(';'), 'text')).toEqual(components);
      }),
      RUNS,
    );
  });

  it('keep a 2.1 value’s backslashes and commas as text: 2.1 escapes only the semicolon (and writes \\n for a break)', () => {
    const twoOneText = lineText.filter((text) => !/\\([;nN]|$)/.test(text));
    fc.assert(
      fc.property(twoOneText, (text) => {
        const card = `BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE:${text}\r\nN:${text.replaceAll(';', '\\;')};x\r\nEND:VCARD\r\n`;
        const events = readVCards(Buffer.from(card));
        expect(unescapeText(onlyValue(events, 'NOTE') ?? '')).toBe(text);
        expect(valueComponents(onlyValue(events, 'N') ?? '', 'text')).toEqual([text.trim(), 'x']);
      }),
      RUNS,
    );
  });

  it('split lists at unescaped commas', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 7 }), (values) => {
        expect(listValues(values.map(escape).join(','))).toEqual(values);
      }),
      RUNS,
    );
  });
});
