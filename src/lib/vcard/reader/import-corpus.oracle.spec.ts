import { describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeWithVobject, readWithVobject } from '../../../../test/utils/vobject-reader';
import type { CardEvent, VCardProperty } from './read-event';
import { readVCards } from './read-vcards';
import { unescapeText } from './unescape-text';
import { listValues, valueComponents } from './value-components';

// The 3.0 and 4.0 exports of the corpus, read by two independent parsers and compared property by
// property with the reader. Neither reads the 2.1 exports: python3-vobject stops at quoted-printable
// soft line breaks and raw non-UTF-8 bytes, ical.js knows neither quoted-printable nor CHARSET; the
// values SOURCES.md states are the check for those (import-corpus.spec.ts).
const CORPUS = join(__dirname, '../../../../test/fixtures/import');
const FILES = [
  'gmail.vcf',
  'gmail-contact-a.vcf',
  'iphone-contact-a.vcf',
  'iphone-ios6.vcf',
  'iphone-ios8.vcf',
  'fullcontact-4.0.vcf',
  'sogo-3.0.vcf',
];
const COMPARED = ['FN', 'N', 'ORG', 'TITLE', 'NOTE', 'TEL', 'EMAIL', 'ADR', 'NICKNAME', 'CATEGORIES', 'BDAY'];
const COMPONENTS: Record<string, number> = { N: 5, ADR: 7 };

/** One reading per compared property, in file order: `NAME=value`, structured values as `a;b;c`. */
type Readings = string[];

const withoutTrailingEmpties = (parts: string[]): string[] => {
  const copy = [...parts];
  while (copy.length > 0 && copy.at(-1) === '') copy.pop();
  return copy;
};

/** A date in any of its forms (`1989-02-02`, `19890202`, a date-time) as its eight digits. */
const dateDigits = (value: string): string => value.replaceAll('-', '').slice(0, 8);

function structured(name: string, parts: string[]): string {
  const size = COMPONENTS[name];
  return size === undefined
    ? withoutTrailingEmpties(parts).join(';')
    : [...parts, ...Array(size).fill('')].slice(0, size).join(';');
}

function ours(file: string): Readings {
  const events = readVCards(readFileSync(join(CORPUS, file)));
  return (events[0] as CardEvent).properties
    .filter((p) => COMPARED.includes(p.name))
    .map((p) => `${p.name}=${ourValue(p)}`);
}

function ourValue(property: VCardProperty): string {
  if (property.name === 'N' || property.name === 'ADR' || property.name === 'ORG') {
    return structured(property.name, valueComponents(property.value, 'text'));
  }
  if (property.name === 'CATEGORIES') return listValues(property.value).join(',');
  if (property.name === 'BDAY') return dateDigits(property.value);
  return unescapeText(property.value);
}

/** The file as ical.js and vobject can take it: neither accepts iOS 6's CR CR LF line ends. */
const text = (file: string): string => readFileSync(join(CORPUS, file), 'utf8').replaceAll('\r\r\n', '\r\n');

function icalReadings(file: string): Readings {
  const jcal = ICAL.parse(text(file)) as unknown[];
  const component = new ICAL.Component((typeof jcal[0] === 'string' ? jcal : jcal[0]) as unknown[]);
  return component
    .getAllProperties()
    .map((property) => [property.name.replace(/^.*\./, '').toUpperCase(), property.getValues()] as const)
    .filter(([name]) => COMPARED.includes(name))
    .map(([name, values]) => `${name}=${icalValue(name, values)}`);
}

function icalValue(name: string, values: unknown[]): string {
  if (name === 'N' || name === 'ADR' || name === 'ORG') {
    // A structured value of one component comes back as a plain string.
    return structured(name, Array.isArray(values[0]) ? values[0].map(String) : [String(values[0])]);
  }
  if (name === 'BDAY') return dateDigits(String(values[0]));
  // ical.js keeps `\;` in unstructured text (its vCard 4 unescaping), and reads NOTE as a comma list.
  return values.map((value) => String(value).replaceAll('\\;', ';')).join(',');
}

function vobjectReadings(properties: [string, Record<string, string[]>, unknown][]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const [name, , value] of properties) {
    if (!COMPARED.includes(name)) continue;
    const reading = Array.isArray(value)
      ? name === 'CATEGORIES'
        ? value.join(',')
        : structured(name, value.map(String))
      : name === 'BDAY'
        ? dateDigits(String(value))
        : String(value);
    byName.set(name, [...(byName.get(name) ?? []), reading]);
  }
  return byName;
}

describe('the 3.0 and 4.0 exports, read by ical.js', () => {
  it.each(FILES)('%s: every compared property has the same value', (file) => {
    expect(ours(file)).toEqual(icalReadings(file));
  });
});

describeWithVobject()('the 3.0 and 4.0 exports, read by python3-vobject', () => {
  it('gives every compared property the same value (vobject groups properties by name, so per name in order)', () => {
    const read = readWithVobject(FILES.map(text));
    FILES.forEach((file, index) => {
      const expected = vobjectReadings(read[index].properties);
      const actual = new Map<string, string[]>();
      for (const reading of ours(file)) {
        const name = reading.slice(0, reading.indexOf('='));
        actual.set(name, [...(actual.get(name) ?? []), reading.slice(name.length + 1)]);
      }
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    });
  });
});
