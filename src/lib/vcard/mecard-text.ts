import { withoutComponent, type CardItem } from './card-items';

/** MECARD's keys in the order DoCoMo's format writes them; a declared key it does not list comes last. */
const MECARD_ORDER = ['N', 'TEL', 'EMAIL', 'URL', 'ADR', 'ORG', 'NOTE', 'BDAY', 'NICKNAME'];

// DoCoMo MECARD: `\ ; : ,` escaped by a backslash, a line break written as a space.
const MECARD_SPECIAL = /[\\;:,]/g;
const mecardEscape = (value: string): string =>
  value.replace(MECARD_SPECIAL, (char) => `\\${char}`).replace(/\n/g, ' ');

/** The MECARD field of an item, or null when MECARD has no key for it (or nothing left to write). */
function mecardField(item: CardItem): string | null {
  const { spec } = item;
  switch (spec.kind) {
    case 'name': {
      const [family, given] = item.parts!;
      return `${spec.mecard}:${family && given ? `${mecardEscape(family)},${mecardEscape(given)}` : mecardEscape(family || given)}`;
    }
    case 'component': {
      // Only the components MECARD has a key for (ORG is the organization alone).
      const kept = item.components!.filter((component) => component?.mecard).map((c) => item.parts![c.index] ?? '');
      return kept.some((part) => part !== '') ? `${spec.mecard}:${kept.map(mecardEscape).join('\\, ')}` : null;
    }
    case 'date':
      return `${spec.mecard}:${item.text!.replaceAll('-', '')}`;
    case 'texts':
      return `${spec.mecard}:${item.texts!.map(mecardEscape).join('\\, ')}`;
    default:
      if (item.parts)
        return `${spec.mecard}:${item.parts
          .filter((part) => part !== '')
          .map(mecardEscape)
          .join('\\, ')}`;
      return `${spec.mecard}:${mecardEscape(item.text!)}`;
  }
}

/**
 * The MECARD text of items (docs/encoding.md#mecard): `MECARD:N:<family>,<given>;TEL:…;EMAIL:…;URL:…;
 * ADR:…;ORG:…;NOTE:…;BDAY:YYYYMMDD;NICKNAME:…;;`, one key per value, in this key order and the
 * items' order. Items MECARD has no key for are left out here (mecardOmissions lists them).
 */
export function mecardText(items: readonly CardItem[]): string {
  const fields: Array<[number, string]> = [];
  for (const item of items) {
    if (!item.spec.mecard) continue;
    const field = mecardField(item);
    if (field === null) continue;
    const rank = MECARD_ORDER.indexOf(item.spec.mecard);
    fields.push([rank < 0 ? MECARD_ORDER.length : rank, field]);
  }
  // A stable sort: within one key, the items' order.
  fields.sort((a, b) => a[0] - b[0]);
  return `MECARD:${fields.map(([, field]) => field).join(';')};;`;
}

/**
 * The items MECARD can carry, and by request path, in the items' order, what it cannot: a field
 * without a key (a list by its name), a component without one (ORG's department, which leaves its
 * property with the components MECARD has; none left, no property).
 */
export function forMecard(items: readonly CardItem[]): { items: CardItem[]; omitted: string[] } {
  const omitted: string[] = [];
  const kept: CardItem[] = [];
  for (const item of items) {
    if (item.spec.kind === 'component') {
      let reduced: CardItem | null = item;
      for (const component of item.components!) {
        if (!component || component.mecard || !reduced?.parts![component.index]) continue;
        omitted.push(component.field);
        reduced = withoutComponent(reduced, component.index);
      }
      if (reduced) kept.push(reduced);
    } else if (item.spec.mecard) kept.push(item);
    else if (!item.spec.mecardCarriedBy) {
      const path = item.spec.kind === 'entries' ? item.group : item.path;
      if (!omitted.includes(path)) omitted.push(path);
    }
  }
  return { items: kept, omitted };
}
