import { displayText, type CardSpec, type EntriesSpec, type ListRule, type NameSpec, type Rule } from '../../contact';
import { birthdayDate } from './birthday-date';
import { emailAddress } from './email-address';
import { entryParameter } from './entry-parameter';
import { compileEntryType } from './entry-type';
import type { LeftOutReason } from './imported-contact';
import { isPreferred } from './is-preferred';
import { photoSource } from './photo-source';
import type { VCardParams, VCardProperty } from './read-event';
import { telNumber } from './tel-number';
import { unescapeText } from './unescape-text';
import { listValues, valueComponents } from './value-components';

/** What a property gives a contact field: a value, a reason it is left out, or nothing (empty). */
export type Reading<T> = { value: T } | { leftOut: LeftOutReason } | undefined;

/** Reads one property into the value of one contact field. */
export type PropertyReader<T> = (property: VCardProperty) => Reading<T>;

/** How a field is read from its property: once (the first occurrence) or as entries of a list. */
export interface FieldReader {
  holds: 'once' | 'list';
  read: PropertyReader<unknown>;
  /** Reads inline (binary) values itself: for every other field such a value is left out as unsupported. */
  binary: boolean;
}

const some = <T>(value: T): Reading<T> => ({ value });
const text = (value: string): Reading<string> => (value === '' ? undefined : some(value));
const NO_TYPES: readonly string[] = [];

/** A property's value as written: unescaped and trimmed. */
const plainText = (value: string): string => unescapeText(value).trim();

/**
 * Values whose property writes them its own way, whatever field holds them: a TEL as a `tel:` URI,
 * an EMAIL with a display name, a NICKNAME as a comma list (joined by `, `).
 */
const VALUE_BY_PROPERTY: Readonly<Record<string, (value: string) => string>> = {
  TEL: telNumber,
  EMAIL: emailAddress,
  NICKNAME: (value) =>
    listValues(value)
      .filter((item) => item !== '')
      .join(', '),
};

/** What an inline (binary) value of a property is called when the field cannot hold it. */
const INLINE_REASON: Readonly<Record<string, LeftOutReason>> = { PHOTO: 'inline_photo' };

const valueOf = (property: VCardProperty): string => (VALUE_BY_PROPERTY[property.name] ?? plainText)(property.value);

/**
 * Remembers what a pure function of a parameter list said: the reader shares one parameters
 * object among every property written with the same header, so an export asks a few dozen times.
 */
function remembered<V>(read: (params: VCardParams) => V): (params: VCardParams) => V {
  const known = new WeakMap<VCardParams, V>();
  return (params) => {
    if (known.has(params)) return known.get(params) as V;
    const value = read(params);
    known.set(params, value);
    return value;
  };
}

const preferred = remembered(isPreferred);

/** An object field's parts from a structured value (N): a comma list in a part is joined by a space. */
function partsOf(property: VCardProperty, parts: readonly string[]): Record<string, string> {
  const components = valueComponents(property.value, 'list');
  const value: Record<string, string> = {};
  for (let index = 0; index < parts.length && index < components.length; index++) {
    if (components[index] !== '') value[parts[index]] = components[index];
  }
  return value;
}

/** The structured name: absent when it lacks every part the rule needs one of (an N of a prefix alone, "Dr."). */
function objectReader(spec: NameSpec, rule: Rule): PropertyReader<Record<string, string>> {
  const parts = spec.parts ?? [];
  const needsOneOf = rule.kind === 'object' ? (rule.needsOneOf ?? []) : [];
  return (property) => {
    const value = partsOf(property, parts);
    if (Object.keys(value).length === 0) return undefined;
    return needsOneOf.length > 0 && !needsOneOf.some((part) => value[part] !== undefined) ? undefined : some(value);
  };
}

/** The types a list's entries take, from the entry's declaration. */
function entryTypes(rule: ListRule): readonly string[] {
  const type = rule.items.kind === 'object' ? rule.items.fields.type : undefined;
  return type?.kind === 'choice' ? type.values : NO_TYPES;
}

/**
 * A list's entry from one property: its one value (`number`) or its components (ADR, commas as
 * text; all empty is no entry), its type from TYPE, `pref`, and a key written as a parameter (a
 * social profile's service; without it the property says too little and is left out).
 */
function entryReader(spec: EntriesSpec, rule: ListRule): PropertyReader<Record<string, unknown>> {
  const keys = typeof spec.value === 'string' ? null : spec.value;
  const typeOf =
    spec.types === undefined ? undefined : remembered(fromTypeParameter(compileEntryType(spec, entryTypes(rule))));
  return (property) => {
    const entry: Record<string, unknown> = {};
    if (keys === null) {
      const value = valueOf(property);
      if (value === '') return undefined;
      entry[spec.value as string] = value;
    } else {
      const components = valueComponents(property.value, 'text');
      let empty = true;
      for (let index = 0; index < keys.length && index < components.length; index++) {
        if (components[index] === '') continue;
        entry[keys[index]] = components[index];
        empty = false;
      }
      if (empty) return undefined;
    }
    if (spec.parameter !== undefined) {
      const value = entryParameter(property.params, spec.parameter);
      if (value === undefined) return { leftOut: 'unsupported' };
      entry[spec.parameter.key] = value;
    }
    if (typeOf !== undefined) entry.type = typeOf(property.params);
    if (spec.pref === true && preferred(property.params)) entry.pref = true;
    return some(entry);
  };
}

/** The TYPE words of a property's parameters, as the type reader takes them. */
function fromTypeParameter(typeOf: (words: readonly string[]) => string): (params: VCardParams) => string {
  return (params) => typeOf(params.TYPE ?? NO_TYPES);
}

function dateReader(property: VCardProperty): Reading<string> {
  if (property.value.trim() === '') return undefined;
  const date = birthdayDate(property.value);
  return 'noYear' in date ? { leftOut: 'no_year' } : text(date.date);
}

function uriReader(property: VCardProperty): Reading<string> {
  if (property.inline !== true && property.value.trim() === '') return undefined;
  const source = photoSource(property);
  if (source === 'inline') return { leftOut: INLINE_REASON[property.name] ?? 'unsupported' };
  return source === 'elsewhere' ? { leftOut: 'unsupported' } : some(source.url);
}

function textsReader(property: VCardProperty): Reading<string[]> {
  const values = listValues(property.value).filter((value) => value !== '');
  return values.length === 0 ? undefined : some(values);
}

/**
 * How a field is read from one of its card properties, by the property's kind in the field's
 * declaration (nothing here names a field): a text, a date (BDAY's forms), a URI (a photo at an
 * http(s) address), a list of texts, the structured name, one component of a shared property
 * (ORG), a list's entries. A name derived from another field (N from fullName) is not read.
 */
export function fieldReader(spec: CardSpec, rule: Rule): FieldReader | undefined {
  switch (spec.kind) {
    case 'text':
      return { holds: 'once', binary: false, read: (property) => text(valueOf(property)) };
    case 'date':
      return { holds: 'once', binary: false, read: dateReader };
    case 'uri':
      return { holds: 'once', binary: true, read: uriReader };
    case 'texts':
      return { holds: 'list', binary: false, read: textsReader };
    case 'name':
      return spec.derived === true ? undefined : { holds: 'once', binary: false, read: objectReader(spec, rule) };
    case 'component':
      return {
        holds: 'once',
        binary: false,
        read: (property) => text(valueComponents(property.value, 'text')[spec.index] ?? ''),
      };
    case 'entries':
      return rule.kind === 'list' ? { holds: 'list', binary: false, read: entryReader(spec, rule) } : undefined;
  }
}

/**
 * A field's value as one line of text, read from one of its properties, for a field that falls
 * back on it (fullName from N: "prefix given additional family suffix", every part there is).
 */
export function displayReader(spec: CardSpec, rule: Rule): PropertyReader<string> | undefined {
  if (spec.kind === 'name' && spec.derived !== true) {
    const parts = spec.parts ?? [];
    return (property) => text(displayText(rule, partsOf(property, parts)) ?? '');
  }
  const reader = fieldReader(spec, rule);
  if (reader === undefined || reader.holds !== 'once') return undefined;
  return (property) => {
    const reading = reader.read(property);
    if (reading === undefined || !('value' in reading)) return undefined;
    return text(displayText(rule, reading.value) ?? '');
  };
}
