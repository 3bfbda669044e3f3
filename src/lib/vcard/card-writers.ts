import type { CardItem } from './card-items';
import type { PhoneType, PlaceType } from './contact-fields';
import { escapeText } from './escape-text';

// The only place where rich-card text meets card syntax: names and parameters are constants or come
// from closed sets, and every text value passes escapeText (URLs are percent-encoded already).

const V3_PHONE: Readonly<Record<PhoneType, string>> = {
  work: 'WORK,VOICE',
  home: 'HOME,VOICE',
  cell: 'CELL,VOICE',
  fax: 'FAX',
  pager: 'PAGER',
  video: 'VIDEO',
  text: 'MSG',
  other: 'VOICE',
};
const V3_EMAIL: Readonly<Record<PlaceType, string>> = {
  work: 'WORK,INTERNET',
  home: 'HOME,INTERNET',
  other: 'INTERNET',
};
const V3_ADDRESS: Readonly<Record<PlaceType, string>> = { work: 'WORK', home: 'HOME', other: 'POSTAL' };
const V4_PHONE: Readonly<Record<PhoneType, string>> = {
  work: 'work,voice',
  home: 'home,voice',
  cell: 'cell,voice',
  fax: 'fax',
  pager: 'pager',
  video: 'video',
  text: 'text',
  other: 'voice',
};
const V4_PLACE: Readonly<Record<PlaceType, string | null>> = { work: 'work', home: 'home', other: null };

const v3Type = (value: string, pref: boolean): string => `;TYPE=${value}${pref ? ',PREF' : ''}`;
const v4Params = (type: string | null, pref: boolean): string =>
  `${type === null ? '' : `;TYPE=${type}`}${pref ? ';PREF=1' : ''}`;

/** The vCard 3.0 lines of items (contact-model.md §1), between VERSION and END. */
export function vcard3Lines(items: readonly CardItem[]): string[] {
  return items.map((item) => {
    switch (item.key) {
      case 'N':
        return `N:${item.parts.map(escapeText).join(';')}`;
      case 'ORG':
        return `ORG:${escapeText(item.organization)}${item.department ? `;${escapeText(item.department)}` : ''}`;
      case 'TEL':
        return `TEL${v3Type(V3_PHONE[item.type], item.pref)}:${escapeText(item.value)}`;
      case 'EMAIL':
        return `EMAIL${v3Type(V3_EMAIL[item.type], item.pref)}:${escapeText(item.value)}`;
      case 'URL':
        return `URL:${item.value}`;
      case 'ADR':
        return `ADR${v3Type(V3_ADDRESS[item.type], item.pref)}:${item.components.map(escapeText).join(';')}`;
      case 'SOCIAL':
        return `X-SOCIALPROFILE;TYPE=${item.service}:${item.value}`;
      case 'CATEGORIES':
        return `CATEGORIES:${item.values.map(escapeText).join(',')}`;
      case 'PHOTO':
        return `PHOTO;VALUE=uri:${item.value}`;
      case 'BDAY':
        return `BDAY:${item.value}`;
      default:
        return `${item.key}:${escapeText(item.value)}`;
    }
  });
}

// RFC 6350 §3.4 makes escaping `;` optional outside compound values, and ical.js reads `\;` back
// with its backslash: a property of one text value keeps `;` bare in 4.0 (N, ORG, ADR still escape it).
const SINGLE_TEXT_SPECIAL = /[\\,\n]/g;
const escapeSingleText = (value: string): string =>
  value.replace(SINGLE_TEXT_SPECIAL, (char) => (char === '\n' ? '\\n' : `\\${char}`));

/**
 * The vCard 4.0 lines of the same items (RFC 6350, RFC 9554 for SOCIALPROFILE): lower-case TYPE
 * values, PREF=1 as its own parameter, no TYPE for `other`, BDAY as YYYYMMDD, PHOTO as a plain
 * URI, text escaped as in 3.0 but for a bare `;` in single-value properties, no CHARSET.
 */
export function vcard4Lines(items: readonly CardItem[]): string[] {
  return items.map((item) => {
    switch (item.key) {
      case 'TEL':
        return `TEL${v4Params(V4_PHONE[item.type], item.pref)}:${escapeText(item.value)}`;
      case 'EMAIL':
        return `EMAIL${v4Params(V4_PLACE[item.type], item.pref)}:${escapeText(item.value)}`;
      case 'URL':
        return `URL${v4Params(V4_PLACE[item.type], false)}:${item.value}`;
      case 'ADR':
        return `ADR${v4Params(V4_PLACE[item.type], item.pref)}:${item.components.map(escapeText).join(';')}`;
      case 'SOCIAL':
        return `SOCIALPROFILE;SERVICE-TYPE=${item.service}:${item.value}`;
      case 'BDAY':
        return `BDAY:${item.value.replaceAll('-', '')}`;
      case 'PHOTO':
        return `PHOTO:${item.value}`;
      case 'CATEGORIES':
        return `CATEGORIES:${item.values.map(escapeSingleText).join(',')}`;
      case 'FN':
      case 'NICKNAME':
      case 'TITLE':
      case 'NOTE':
        return `${item.key}:${escapeSingleText(item.value)}`;
      default:
        return vcard3Lines([item])[0];
    }
  });
}

/** The fields MECARD cannot carry: listed in qr.omitted by their field path (contact-model.md §2). */
export const MECARD_UNSUPPORTED: ReadonlySet<string> = new Set(['TITLE', 'SOCIAL', 'CATEGORIES', 'PHOTO']);

// DoCoMo MECARD: `\ ; : ,` escaped by a backslash, a line break written as a space.
const MECARD_SPECIAL = /[\\;:,]/g;
const mecardEscape = (value: string): string =>
  value.replace(MECARD_SPECIAL, (char) => `\\${char}`).replace(/\n/g, ' ');

/**
 * The MECARD text of items: `MECARD:N:<family>,<given>;TEL:…;EMAIL:…;URL:…;ADR:…;ORG:…;NOTE:…;
 * BDAY:YYYYMMDD;NICKNAME:…;;`, one key per value, in this key order and the items' order. Items
 * MECARD has no key for (MECARD_UNSUPPORTED, and a department) are left out here.
 */
export function mecardText(items: readonly CardItem[]): string {
  const byKey = (key: CardItem['key']): CardItem[] => items.filter((item) => item.key === key);
  const fields: string[] = [];
  for (const item of byKey('N')) {
    if (item.key !== 'N') continue;
    const [family, given] = item.parts;
    fields.push(
      `N:${family && given ? `${mecardEscape(family)},${mecardEscape(given)}` : mecardEscape(family || given)}`,
    );
  }
  for (const key of ['TEL', 'EMAIL', 'URL', 'ADR', 'ORG', 'NOTE', 'BDAY', 'NICKNAME'] as const) {
    for (const item of byKey(key)) {
      switch (item.key) {
        case 'ADR':
          fields.push(
            `ADR:${item.components
              .filter((part) => part !== '')
              .map(mecardEscape)
              .join('\\, ')}`,
          );
          break;
        case 'ORG':
          if (item.organization) fields.push(`ORG:${mecardEscape(item.organization)}`);
          break;
        case 'BDAY':
          fields.push(`BDAY:${item.value.replaceAll('-', '')}`);
          break;
        case 'TEL':
        case 'EMAIL':
        case 'URL':
        case 'NOTE':
        case 'NICKNAME':
          fields.push(`${key}:${mecardEscape(item.value)}`);
          break;
      }
    }
  }
  return `MECARD:${fields.join(';')};;`;
}
