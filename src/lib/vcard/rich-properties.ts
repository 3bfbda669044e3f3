import { cleanText } from './clean-field';
import {
  ADDRESS_COMPONENTS,
  type ContactAddress,
  type ContactFields,
  type ContactName,
  type PhoneType,
  type PlaceType,
} from './contact-fields';
import { escapeText } from './escape-text';
import { hasLoneSurrogate } from './lone-surrogate';
import { deriveStructuredName } from './structured-name';
import { normalizeWebsite } from './website';

/** One emitted property: the request path it comes from (for qr.omitted and the capacity error) and its line. */
export interface CardProperty {
  /** The top-level request field. */
  field: keyof ContactFields;
  /** The request path: `phone`, `phones[1]`, `photoUrl`. */
  path: string;
  line: string;
}

// contact-model.md §1: the semantic word first, then VOICE for the voice types.
const PHONE_TYPE_PARAMS: Readonly<Record<PhoneType, string>> = {
  work: 'WORK,VOICE',
  home: 'HOME,VOICE',
  cell: 'CELL,VOICE',
  fax: 'FAX',
  pager: 'PAGER',
  video: 'VIDEO',
  text: 'MSG',
  other: 'VOICE',
};
const EMAIL_TYPE_PARAMS: Readonly<Record<PlaceType, string>> = { work: 'WORK,INTERNET', home: 'HOME,INTERNET', other: 'INTERNET' };
const ADDRESS_TYPE_PARAMS: Readonly<Record<PlaceType, string>> = { work: 'WORK', home: 'HOME', other: 'POSTAL' };

/**
 * The properties of a contact with any of the rich fields, in the output order of contact-model.md
 * §1, each with the request path it came from. Like the flat writer, every value is cleaned again
 * (idempotent) and escaped here; names and parameters are constants or come from closed sets.
 */
export function richProperties(fields: ContactFields): CardProperty[] {
  const out: CardProperty[] = [];
  const push = (field: keyof ContactFields, path: string, line: string): void => void out.push({ field, path, line });
  const fullName = text(fields.fullName, 'fullName');
  if (fullName === '') throw new Error('fullName is required');

  const name = structuredName(fields.name);
  push(name ? 'name' : 'fullName', name ? 'name' : 'fullName', `N:${(name ?? deriveStructuredName(fullName)).map(escapeText).join(';')}`);
  push('fullName', 'fullName', `FN:${escapeText(fullName)}`);
  const nickname = text(fields.nickname, 'nickname');
  if (nickname) push('nickname', 'nickname', `NICKNAME:${escapeText(nickname)}`);
  const organization = text(fields.organization, 'organization');
  const department = text(fields.department, 'department');
  if (organization || department) {
    push(
      department ? 'department' : 'organization',
      'organization',
      `ORG:${escapeText(organization)}${department ? `;${escapeText(department)}` : ''}`,
    );
  }
  const title = text(fields.title, 'title');
  if (title) push('title', 'title', `TITLE:${escapeText(title)}`);

  const phone = text(fields.phone, 'phone');
  if (phone) push('phone', 'phone', `TEL;TYPE=WORK,VOICE:${escapeText(phone)}`);
  fields.phones?.forEach((entry, i) => {
    const number = text(entry.number, 'phones');
    if (number) push('phones', `phones[${i}]`, `TEL;TYPE=${typeParam(PHONE_TYPE_PARAMS, entry.type, entry.pref)}:${escapeText(number)}`);
  });
  const email = text(fields.email, 'email');
  if (email) push('email', 'email', `EMAIL;TYPE=WORK,INTERNET:${escapeText(email)}`);
  fields.emails?.forEach((entry, i) => {
    const address = text(entry.address, 'emails');
    if (address)
      push('emails', `emails[${i}]`, `EMAIL;TYPE=${typeParam(EMAIL_TYPE_PARAMS, entry.type, entry.pref)}:${escapeText(address)}`);
  });
  const website = url(fields.website, 'website');
  if (website) push('website', 'website', `URL:${website}`);
  fields.urls?.forEach((entry, i) => {
    const value = url(entry.url, 'urls');
    if (value) push('urls', `urls[${i}]`, `URL:${value}`);
  });
  const street = text(fields.address, 'address', true);
  if (street) push('address', 'address', `ADR;TYPE=WORK:;;${escapeText(street)};;;;`);
  fields.addresses?.forEach((entry, i) => {
    const components = addressComponents(entry);
    if (components)
      push('addresses', `addresses[${i}]`, `ADR;TYPE=${typeParam(ADDRESS_TYPE_PARAMS, entry.type, entry.pref)}:${components}`);
  });
  fields.socialProfiles?.forEach((entry, i) => {
    const service = text(entry.service, 'socialProfiles');
    const value = url(entry.url, 'socialProfiles');
    if (!service || !value) return;
    if (!SERVICE.test(service)) throw new Error('socialProfiles has a service outside its pattern');
    push('socialProfiles', `socialProfiles[${i}]`, `X-SOCIALPROFILE;TYPE=${service}:${value}`);
  });
  const birthday = text(fields.birthday, 'birthday');
  if (birthday) {
    if (!BIRTHDAY.test(birthday)) throw new Error('birthday is not YYYY-MM-DD');
    push('birthday', 'birthday', `BDAY:${birthday}`);
  }
  const categories = (fields.categories ?? []).map((category) => text(category, 'categories')).filter((category) => category !== '');
  if (categories.length > 0) push('categories', 'categories', `CATEGORIES:${categories.map(escapeText).join(',')}`);
  const note = text(fields.note, 'note', true);
  if (note) push('note', 'note', `NOTE:${escapeText(note)}`);
  const photo = url(fields.photoUrl, 'photoUrl');
  if (photo) push('photoUrl', 'photoUrl', `PHOTO;VALUE=uri:${photo}`);
  return out;
}

/** Whether a contact uses any field beyond the flat VCardRequest: only then is the rich writer used. */
export function hasRichFields(fields: ContactFields): boolean {
  return (
    fields.name !== undefined ||
    fields.nickname !== undefined ||
    fields.department !== undefined ||
    fields.phones !== undefined ||
    fields.emails !== undefined ||
    fields.urls !== undefined ||
    fields.addresses !== undefined ||
    fields.socialProfiles !== undefined ||
    fields.birthday !== undefined ||
    fields.categories !== undefined ||
    fields.photoUrl !== undefined
  );
}

/** The social profile service pattern of contact-model.md §1; also what keeps the TYPE parameter inert. */
export const SERVICE = /^[a-z0-9][a-z0-9.-]{0,31}$/;
const BIRTHDAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

function text(raw: unknown, field: string, multiLine = false): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new Error(`${field} must hold strings`);
  if (hasLoneSurrogate(raw)) throw new Error(`${field} contains a lone surrogate`);
  return cleanText(raw, multiLine);
}

function url(raw: unknown, field: string): string {
  const value = text(raw, field);
  if (value === '') return '';
  const normalized = normalizeWebsite(value);
  if (normalized === null) throw new Error(`${field} holds an invalid http(s) URL`);
  return normalized;
}

function typeParam<T extends string>(params: Readonly<Record<T, string>>, type: T | undefined, pref: boolean | undefined): string {
  const value = params[type ?? ('work' as T)];
  if (value === undefined) throw new Error('a type outside its set');
  return pref === true ? `${value},PREF` : value;
}

function structuredName(name: ContactName | undefined): string[] | null {
  if (name === undefined || name === null) return null;
  const parts = [name.family, name.given, name.additional, name.prefix, name.suffix].map((part) => text(part, 'name'));
  if (parts[0] === '' && parts[1] === '') return null;
  return parts;
}

function addressComponents(entry: ContactAddress): string {
  const parts = ADDRESS_COMPONENTS.map((component) => text(entry[component], 'addresses', component === 'street'));
  return parts.some((part) => part !== '') ? parts.map(escapeText).join(';') : '';
}
