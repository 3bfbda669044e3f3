import {
  CONTACT_SCHEMA,
  type CardSpec,
  type ComponentSpec,
  type EntriesSpec,
  type ListRule,
  type ObjectRule,
  type Rule,
} from '../contact';
import { deriveStructuredName } from './structured-name';

/**
 * One property of a card, not yet written: the same items give the vCard 3.0, vCard 4.0 and MECARD
 * texts, and the QR budget leaves items out before any text is written. `field` is the request
 * field the item's bytes are counted against (the longest-field hint), `path` what qr.omitted says
 * when the item leaves qrPayload, `group` the declared field the QR budget and MECARD count it in
 * (a list, for its flat shorthand's entry too).
 */
export interface CardItem {
  spec: CardSpec;
  field: string;
  path: string;
  group: string;
  /** text, date and uri values; an entry's one value. */
  text?: string;
  /** N's five parts, a shared property's components, an ADR entry's seven components. */
  parts?: string[];
  /** The components' own declarations, for a property several fields share (ORG). */
  components?: ReadonlyArray<ComponentSpec & { field: string }>;
  /** A list of texts (CATEGORIES). */
  texts?: string[];
  type?: string;
  pref?: boolean;
  /** An entry key written as a parameter (a social profile's service). */
  parameter?: string;
}

type Builder = (value: unknown, items: CardItem[]) => void;

/**
 * Every item is made here, with every member in the same order (absent ones undefined): one object
 * shape for all items, so the writers' reads of an item stay monomorphic on the request path.
 */
function newItem(spec: CardSpec, field: string, path: string, group: string): CardItem {
  return {
    spec,
    field,
    path,
    group,
    text: undefined,
    parts: undefined,
    components: undefined,
    texts: undefined,
    type: undefined,
    pref: undefined,
    parameter: undefined,
  };
}

/** A copy of an item, of the same shape. */
function copyItem(item: CardItem): CardItem {
  const copy = newItem(item.spec, item.field, item.path, item.group);
  copy.text = item.text;
  copy.parts = item.parts;
  copy.components = item.components;
  copy.texts = item.texts;
  copy.type = item.type;
  copy.pref = item.pref;
  copy.parameter = item.parameter;
  return copy;
}

/** The items of a validated contact, in the declaration's order (see CONTACT_SCHEMA). */
export type CardItemsOf = (contact: object) => CardItem[];

/**
 * Compiles a contact declaration into the function that lists a validated contact's card items.
 * The contact's values are already cleaned and checked (URLs normalised), so nothing is cleaned
 * again here; every text still passes the writers' escaping, the one place user text meets syntax.
 */
export function compileCardItems(schema: ObjectRule = CONTACT_SCHEMA): CardItemsOf {
  const shorthandOf = new Map<string, { list: string; rule: ListRule }>();
  for (const [name, rule] of Object.entries(schema.fields))
    if (rule.kind === 'list' && rule.shorthand) shorthandOf.set(rule.shorthand, { list: name, rule });
  const components = sharedComponents(schema);
  const names: string[] = [];
  const builders: Builder[] = [];
  for (const [name, rule] of Object.entries(schema.fields)) {
    const shorthand = shorthandOf.get(name);
    if (shorthand) {
      names.push(name);
      builders.push(shorthandBuilder(name, shorthand.list, shorthand.rule));
    }
    for (const spec of specsOf(rule)) {
      names.push(name);
      builders.push(specBuilder(name, rule, spec, components));
    }
  }
  return (contact) => {
    const values = contact as Record<string, unknown>;
    const items: CardItem[] = [];
    for (let i = 0; i < builders.length; i++) {
      const value = values[names[i]];
      if (value !== undefined) builders[i](value, items);
    }
    return items;
  };
}

export function specsOf(rule: Rule): readonly CardSpec[] {
  return rule.card === undefined ? [] : Array.isArray(rule.card) ? rule.card : [rule.card as CardSpec];
}

/** Per property shared by component fields (ORG), its components in index order. */
function sharedComponents(schema: ObjectRule): Map<string, Array<ComponentSpec & { field: string }>> {
  const shared = new Map<string, Array<ComponentSpec & { field: string }>>();
  for (const [name, rule] of Object.entries(schema.fields))
    for (const spec of specsOf(rule))
      if (spec.kind === 'component') {
        const list = shared.get(spec.property) ?? [];
        list[spec.index] = { ...spec, field: name };
        shared.set(spec.property, list);
      }
  return shared;
}

function specBuilder(
  name: string,
  rule: Rule,
  spec: CardSpec,
  shared: Map<string, Array<ComponentSpec & { field: string }>>,
): Builder {
  const item = (): CardItem => newItem(spec, name, name, name);
  switch (spec.kind) {
    case 'text':
    case 'date':
    case 'uri':
      return (value, items) => {
        const made = item();
        made.text = value as string;
        items.push(made);
      };
    case 'texts':
      return (value, items) => {
        const made = item();
        made.texts = value as string[];
        items.push(made);
      };
    case 'name':
      if (spec.derived)
        return (value, items) => {
          const made = item();
          made.parts = deriveStructuredName(value as string);
          items.push(made);
        };
      return (value, items) => {
        const made = item();
        made.parts = (spec.parts ?? []).map((part) => ((value as Record<string, string>)[part] ?? '') as string);
        const at = items.findIndex((candidate) => candidate.spec.property === spec.property);
        // A structured name replaces the one derived from the display name, in its place.
        if (at >= 0) items[at] = made;
        else items.push(made);
      };
    case 'component':
      return componentBuilder(name, spec, shared.get(spec.property)!);
    case 'entries':
      return entriesBuilder(name, rule as ListRule, spec);
  }
}

/**
 * A component joins its property's item, or starts it in this field's place; the item's path is
 * the first component's field, and its bytes count against the last non-empty component's field.
 */
function componentBuilder(name: string, spec: ComponentSpec, all: Array<ComponentSpec & { field: string }>): Builder {
  const first = all.find((component) => component !== undefined)!;
  return (value, items) => {
    let item = items.find((candidate) => candidate.spec.property === spec.property);
    if (item === undefined) {
      item = newItem(first, name, first.field, first.field);
      item.parts = [];
      item.components = all;
      items.push(item);
    }
    while (item.parts!.length < spec.index) item.parts!.push('');
    item.parts![spec.index] = value as string;
    item.field = name;
  };
}

function entryDefaults(rule: ListRule): { type: string | undefined } {
  const typeRule = rule.items.kind === 'object' ? rule.items.fields.type : undefined;
  return { type: typeRule?.kind === 'choice' ? typeRule.default : undefined };
}

function entriesBuilder(name: string, rule: ListRule, spec: EntriesSpec): Builder {
  const { type: defaultType } = entryDefaults(rule);
  const keys = typeof spec.value === 'string' ? null : spec.value;
  return (value, items) => {
    (value as Array<Record<string, unknown>>).forEach((entry, i) => {
      // A validated list keeps an empty entry's place as {}, so every entry keeps its request index.
      if (Object.keys(entry).length === 0) return;
      const item = newItem(spec, name, `${name}[${i}]`, name);
      if (keys) item.parts = keys.map((key) => (entry[key] as string | undefined) ?? '');
      else item.text = entry[spec.value as string] as string;
      if (spec.types) item.type = (entry.type as string | undefined) ?? defaultType;
      if (spec.pref) item.pref = entry.pref === true;
      if (spec.parameter) item.parameter = entry[spec.parameter.key] as string;
      items.push(item);
    });
  };
}

/** The flat shorthand's text is one more entry of its list, of the default type, never preferred. */
function shorthandBuilder(name: string, list: string, rule: ListRule): Builder {
  const spec = specsOf(rule).find((candidate): candidate is EntriesSpec => candidate.kind === 'entries');
  if (spec === undefined) return () => undefined;
  const { type: defaultType } = entryDefaults(rule);
  const keys = typeof spec.value === 'string' ? null : spec.value;
  const slot = keys ? keys.indexOf(spec.shorthandKey ?? '') : -1;
  return (value, items) => {
    const item = newItem(spec, name, name, list);
    if (keys) item.parts = keys.map((_, i) => (i === slot ? (value as string) : ''));
    else item.text = value as string;
    if (spec.types) item.type = defaultType;
    if (spec.pref) item.pref = false;
    items.push(item);
  };
}

/** The items of a validated contact, from the contact's declaration. */
export const cardItems: CardItemsOf = compileCardItems();

/**
 * A shared property's item with one component emptied, its bytes then counted against the last
 * component still there; null when no component is left (the property goes).
 */
export function withoutComponent(item: CardItem, index: number): CardItem | null {
  const parts = item.parts!.slice();
  parts[index] = '';
  let last = parts.length - 1;
  while (last >= 0 && parts[last] === '') last--;
  if (last < 0) return null;
  const reduced = copyItem(item);
  reduced.parts = parts;
  reduced.field = item.components![last].field;
  return reduced;
}
