import { birthdayDate } from './birthday-date';
import { emailAddress } from './email-address';
import type { ImportedAddress, ImportedContact, LeftOutReason } from './imported-contact';
import { isPreferred } from './is-preferred';
import { phoneType } from './phone-type';
import { photoSource } from './photo-source';
import { placeType } from './place-type';
import type { VCardProperty } from './read-event';
import { socialService } from './social-service';
import { telNumber } from './tel-number';
import { unescapeText } from './unescape-text';
import { listValues, valueComponents } from './value-components';

/** What a property gives a contact field: a value, a reason it is left out, or nothing (empty). */
export type Reading<T> = { value: T } | { leftOut: LeftOutReason } | undefined;

/** Reads one property into the value of one contact field. */
export type PropertyReader<T> = (property: VCardProperty) => Reading<T>;

type Item<K extends keyof ImportedContact> = NonNullable<ImportedContact[K]> extends (infer E)[] ? E : never;

const NAME_PARTS = ['family', 'given', 'additional', 'prefix', 'suffix'] as const;
const ADDRESS_PARTS = ['poBox', 'extended', 'street', 'locality', 'region', 'postalCode', 'country'] as const;

const some = <T>(value: T): Reading<T> => ({ value });
const text = (value: string): Reading<string> => (value === '' ? undefined : some(value));
const NO_TYPES: readonly string[] = [];
const types = (property: VCardProperty): readonly string[] => property.params.TYPE ?? NO_TYPES;

/**
 * Remembers what a pure function of a parameter list said: the reader shares one parameters
 * object among every property written with the same header, so an export asks a few dozen times.
 */
function remembered<K extends object, V>(read: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = read(key);
    known.set(key, value);
    return value;
  };
}

const preferred = remembered(isPreferred);
const phoneTypeOf = remembered(phoneType);
const placeTypeOf = remembered(placeType);

/** The first imported entry marked preferred keeps `pref`; the mapping drops it from later ones. */
function withPref<T extends object>(item: T, property: VCardProperty): T & { pref?: true } {
  if (preferred(property.params)) (item as T & { pref?: true }).pref = true;
  return item;
}

function structuredName(property: VCardProperty): Reading<NonNullable<ImportedContact['name']>> {
  const components = valueComponents(property.value, 'list');
  const name: NonNullable<ImportedContact['name']> = {};
  for (let index = 0; index < NAME_PARTS.length && index < components.length; index++) {
    if (components[index] !== '') name[NAME_PARTS[index]] = components[index];
  }
  // A name without family or given name is not one the contact can hold (prefix alone, "Dr.").
  return name.family === undefined && name.given === undefined ? undefined : some(name);
}

/** "prefix given additional family suffix", the non-empty parts joined by single spaces. */
function fullNameFromName(property: VCardProperty): Reading<string> {
  const [family, given, additional, prefix, suffix] = valueComponents(property.value, 'list');
  return text([prefix, given, additional, family, suffix].filter((part) => (part ?? '') !== '').join(' '));
}

function orgComponent(index: number): PropertyReader<string> {
  return (property) => text(valueComponents(property.value, 'text')[index] ?? '');
}

function phone(property: VCardProperty): Reading<Item<'phones'>> {
  const number = telNumber(property.value);
  return number === '' ? undefined : some(withPref({ number, type: phoneTypeOf(types(property)) }, property));
}

function email(property: VCardProperty): Reading<Item<'emails'>> {
  const address = emailAddress(property.value);
  return address === '' ? undefined : some(withPref({ address, type: placeTypeOf(types(property)) }, property));
}

function url(property: VCardProperty): Reading<Item<'urls'>> {
  const value = unescapeText(property.value).trim();
  return value === '' ? undefined : some({ url: value, type: placeTypeOf(types(property)) });
}

function address(property: VCardProperty): Reading<ImportedAddress> {
  const components = valueComponents(property.value, 'text');
  const entry: Partial<ImportedAddress> = {};
  let empty = true;
  for (let index = 0; index < ADDRESS_PARTS.length && index < components.length; index++) {
    if (components[index] === '') continue;
    entry[ADDRESS_PARTS[index]] = components[index];
    empty = false;
  }
  if (empty) return undefined;
  entry.type = placeTypeOf(types(property));
  return some(withPref(entry as ImportedAddress, property));
}

function socialProfile(property: VCardProperty): Reading<Item<'socialProfiles'>> {
  const value = unescapeText(property.value).trim();
  if (value === '') return undefined;
  const service = socialService(property.params);
  return service === undefined ? { leftOut: 'unsupported' } : some({ service, url: value });
}

function birthday(property: VCardProperty): Reading<string> {
  if (property.value.trim() === '') return undefined;
  const date = birthdayDate(property.value);
  return 'noYear' in date ? { leftOut: 'no_year' } : text(date.date);
}

function photo(property: VCardProperty): Reading<string> {
  if (property.inline !== true && property.value.trim() === '') return undefined;
  const source = photoSource(property);
  if (source === 'inline') return { leftOut: 'inline_photo' };
  return source === 'elsewhere' ? { leftOut: 'unsupported' } : some(source.url);
}

/** The readers the mapping table refers to, one per kind of value. */
export const PROPERTY_READERS = {
  text: (property: VCardProperty): Reading<string> => text(unescapeText(property.value).trim()),
  structuredName,
  fullNameFromName,
  nickname: (property: VCardProperty): Reading<string> =>
    text(
      listValues(property.value)
        .filter((value) => value !== '')
        .join(', '),
    ),
  categories: (property: VCardProperty): Reading<string[]> => {
    const values = listValues(property.value).filter((value) => value !== '');
    return values.length === 0 ? undefined : some(values);
  },
  organization: orgComponent(0),
  department: orgComponent(1),
  phone,
  email,
  url,
  address,
  socialProfile,
  birthday,
  photo,
};
