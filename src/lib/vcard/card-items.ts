import { cleanText } from './clean-field';
import {
  ADDRESS_COMPONENTS,
  type ContactFields,
  type ContactName,
  type PhoneType,
  type PlaceType,
} from './contact-fields';
import { hasLoneSurrogate } from './lone-surrogate';
import { deriveStructuredName } from './structured-name';
import { normalizeWebsite } from './website';

/** Where an item comes from: the top-level request field, and the request path (`phones[1]`, `phone`). */
interface Source {
  field: keyof ContactFields;
  path: string;
}

/**
 * One property of a card, cleaned and checked but not yet written: the same items give the vCard
 * 3.0, vCard 4.0 and MECARD texts, and the QR budget leaves items out before any text is written.
 */
export type CardItem = Source &
  (
    | { key: 'N'; parts: string[] }
    | { key: 'FN' | 'NICKNAME' | 'TITLE' | 'NOTE' | 'BDAY'; value: string }
    | { key: 'ORG'; organization: string; department: string }
    | { key: 'TEL'; value: string; type: PhoneType; pref: boolean }
    | { key: 'EMAIL'; value: string; type: PlaceType; pref: boolean }
    | { key: 'URL'; value: string; type: PlaceType }
    | { key: 'ADR'; components: string[]; type: PlaceType; pref: boolean }
    | { key: 'SOCIAL'; service: string; value: string }
    | { key: 'CATEGORIES'; values: string[] }
    | { key: 'PHOTO'; value: string }
  );

/** The social profile service pattern of contact-model.md §1; also what keeps its parameter inert. */
export const SERVICE = /^[a-z0-9][a-z0-9.-]{0,31}$/;
const BIRTHDAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/**
 * The items of a contact, in the output order of contact-model.md §1 (lists in input order, the
 * flat shorthand first), each with the request path it came from. Like the flat writer, every
 * value is cleaned again (idempotent) here; a broken contract (a wrong type, an invalid URL, a
 * type outside its set) is a plain Error that names the field, never its value.
 */
export function cardItems(fields: ContactFields): CardItem[] {
  const out: CardItem[] = [];
  const fullName = text(fields.fullName, 'fullName');
  if (fullName === '') throw new Error('fullName is required');
  const name = structuredName(fields.name);
  out.push(
    name
      ? { key: 'N', field: 'name', path: 'name', parts: name }
      : { key: 'N', field: 'fullName', path: 'fullName', parts: deriveStructuredName(fullName) },
  );
  out.push({ key: 'FN', field: 'fullName', path: 'fullName', value: fullName });
  const nickname = text(fields.nickname, 'nickname');
  if (nickname) out.push({ key: 'NICKNAME', field: 'nickname', path: 'nickname', value: nickname });
  const organization = text(fields.organization, 'organization');
  const department = text(fields.department, 'department');
  if (organization || department) {
    out.push({
      key: 'ORG',
      field: department ? 'department' : 'organization',
      path: 'organization',
      organization,
      department,
    });
  }
  const title = text(fields.title, 'title');
  if (title) out.push({ key: 'TITLE', field: 'title', path: 'title', value: title });

  const phone = text(fields.phone, 'phone');
  if (phone) out.push({ key: 'TEL', field: 'phone', path: 'phone', value: phone, type: 'work', pref: false });
  fields.phones?.forEach((entry, i) => {
    const number = text(entry.number, 'phones');
    if (number)
      out.push({
        key: 'TEL',
        field: 'phones',
        path: `phones[${i}]`,
        value: number,
        type: oneOf(PHONE, entry.type),
        pref: entry.pref === true,
      });
  });
  const email = text(fields.email, 'email');
  if (email) out.push({ key: 'EMAIL', field: 'email', path: 'email', value: email, type: 'work', pref: false });
  fields.emails?.forEach((entry, i) => {
    const address = text(entry.address, 'emails');
    if (address)
      out.push({
        key: 'EMAIL',
        field: 'emails',
        path: `emails[${i}]`,
        value: address,
        type: oneOf(PLACE, entry.type),
        pref: entry.pref === true,
      });
  });
  const website = url(fields.website, 'website');
  if (website) out.push({ key: 'URL', field: 'website', path: 'website', value: website, type: 'work' });
  fields.urls?.forEach((entry, i) => {
    const value = url(entry.url, 'urls');
    if (value) out.push({ key: 'URL', field: 'urls', path: `urls[${i}]`, value, type: oneOf(PLACE, entry.type) });
  });
  const street = text(fields.address, 'address', true);
  if (street)
    out.push({
      key: 'ADR',
      field: 'address',
      path: 'address',
      components: ['', '', street, '', '', '', ''],
      type: 'work',
      pref: false,
    });
  fields.addresses?.forEach((entry, i) => {
    const components = ADDRESS_COMPONENTS.map((component) =>
      text(entry[component], 'addresses', component === 'street'),
    );
    if (components.some((part) => part !== '')) {
      out.push({
        key: 'ADR',
        field: 'addresses',
        path: `addresses[${i}]`,
        components,
        type: oneOf(PLACE, entry.type),
        pref: entry.pref === true,
      });
    }
  });
  fields.socialProfiles?.forEach((entry, i) => {
    const service = text(entry.service, 'socialProfiles');
    const value = url(entry.url, 'socialProfiles');
    if (!service || !value) return;
    if (!SERVICE.test(service)) throw new Error('socialProfiles has a service outside its pattern');
    out.push({ key: 'SOCIAL', field: 'socialProfiles', path: `socialProfiles[${i}]`, service, value });
  });
  const birthday = text(fields.birthday, 'birthday');
  if (birthday) {
    if (!BIRTHDAY.test(birthday)) throw new Error('birthday is not YYYY-MM-DD');
    out.push({ key: 'BDAY', field: 'birthday', path: 'birthday', value: birthday });
  }
  const categories = (fields.categories ?? [])
    .map((category) => text(category, 'categories'))
    .filter((category) => category !== '');
  if (categories.length > 0)
    out.push({ key: 'CATEGORIES', field: 'categories', path: 'categories', values: categories });
  const note = text(fields.note, 'note', true);
  if (note) out.push({ key: 'NOTE', field: 'note', path: 'note', value: note });
  const photo = url(fields.photoUrl, 'photoUrl');
  if (photo) out.push({ key: 'PHOTO', field: 'photoUrl', path: 'photoUrl', value: photo });
  return out;
}

/** Whether a contact uses any field beyond the flat VCardRequest: only then is the item writer used. */
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

const PHONE: ReadonlySet<string> = new Set<PhoneType>([
  'work',
  'home',
  'cell',
  'fax',
  'pager',
  'video',
  'text',
  'other',
]);
const PLACE: ReadonlySet<string> = new Set<PlaceType>(['work', 'home', 'other']);

function oneOf<T extends string>(allowed: ReadonlySet<string>, type: T | undefined): T {
  if (type === undefined) return 'work' as T;
  if (!allowed.has(type)) throw new Error('a type outside its set');
  return type;
}

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

function structuredName(name: ContactName | undefined): string[] | null {
  if (name === undefined || name === null) return null;
  const parts = [name.family, name.given, name.additional, name.prefix, name.suffix].map((part) => text(part, 'name'));
  return parts[0] === '' && parts[1] === '' ? null : parts;
}
