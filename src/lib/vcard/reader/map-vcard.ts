import { CONTACT_READ_TABLE, FRAME_PROPERTIES, type ContactReadRule } from './contact-read-table';
import type { ImportedCard, ImportedContact, LeftOut, LeftOutReason, NoNameError } from './imported-contact';
import type { Reading } from './property-readers';
import type { CardEvent, VCardProperty } from './read-event';

const RULES_BY_PROPERTY = new Map<string, ContactReadRule[]>();
for (const rule of CONTACT_READ_TABLE) {
  for (const name of rule.properties) RULES_BY_PROPERTY.set(name, [...(RULES_BY_PROPERTY.get(name) ?? []), rule]);
}
const FRAME = new Set(FRAME_PROPERTIES);
const NOT_BLANK = /\S/;
const FULL_NAME_FALLBACKS = CONTACT_READ_TABLE.find((rule) => rule.field === 'fullName')?.fallbacks ?? [];
const FALLBACK_PROPERTIES = new Set(FULL_NAME_FALLBACKS.map((fallback) => fallback.property));

/**
 * Maps a read card to the contact by CONTACT_READ_TABLE, with the list of what was left out
 * (names and lines, never values). Values are not checked here: the contact rules run next. A card
 * with no FN, no N and no ORG to name it by is `no_name` at the line of its BEGIN.
 */
export function mapVCardToContact(card: CardEvent): ImportedCard | NoNameError {
  const fields = new Map<string, unknown>();
  const leftOut: LeftOut[] = [];
  const taken = new Set<string>();
  const fallbackSources: VCardProperty[] = [];
  for (const property of card.properties) {
    if (FRAME.has(property.name)) continue;
    if (FALLBACK_PROPERTIES.has(property.name)) fallbackSources.push(property);
    const rules = RULES_BY_PROPERTY.get(property.name);
    const reason = rules === undefined ? unsupported(property) : readProperty(property, rules, fields, taken);
    if (reason !== undefined) leftOut.push({ property: property.name, line: property.line, reason });
  }
  const names = fullNameCandidates(fallbackSources, fields.get('fullName') as string | undefined);
  if (names.length === 0) return { kind: 'error', line: card.startLine, issue: 'no_name' };
  fields.set('fullName', names[0]);
  const contact: Record<string, unknown> = {};
  for (const { field } of CONTACT_READ_TABLE) {
    if (fields.has(field)) contact[field] = fields.get(field);
  }
  return { version: card.version, contact: contact as ImportedContact, leftOut, fullNameFallbacks: names.slice(1) };
}

/** A property nobody reads is left out, unless it is empty ("empty values are absent"). */
function unsupported(property: VCardProperty): LeftOutReason | undefined {
  return property.inline === true || NOT_BLANK.test(property.value) ? 'unsupported' : undefined;
}

function readProperty(
  property: VCardProperty,
  rules: readonly ContactReadRule[],
  fields: Map<string, unknown>,
  taken: Set<string>,
): LeftOutReason | undefined {
  if (property.inline === true && !rules.some((rule) => rule.binary === true)) return 'unsupported';
  // The rules of one property agree on how often the contact holds it (ORG feeds two once-fields).
  const once = rules[0].holds === 'once';
  if (rules.length === 1 && !once) return readListEntry(property, rules[0], fields);
  const readings: Reading<unknown>[] = [];
  let empty = true;
  for (const rule of rules) {
    const reading = rule.read(property) as Reading<unknown>;
    readings.push(reading);
    if (reading !== undefined) empty = false;
  }
  if (empty) return undefined;
  if (once && taken.has(property.name)) return 'too_many';
  if (once) taken.add(property.name);
  let reason: LeftOutReason | undefined;
  rules.forEach((rule, index) => {
    const reading = readings[index];
    if (reading === undefined) return;
    if ('leftOut' in reading) reason = reading.leftOut;
    else if (rule.holds === 'once') fields.set(rule.field, reading.value);
    else addEntries(fields, rule.field, reading.value);
  });
  return reason;
}

/** The common case, a property one list rule reads (TEL, EMAIL, ADR…): no bookkeeping of what was taken. */
function readListEntry(
  property: VCardProperty,
  rule: ContactReadRule,
  fields: Map<string, unknown>,
): LeftOutReason | undefined {
  const reading = rule.read(property) as Reading<unknown>;
  if (reading === undefined) return undefined;
  if ('leftOut' in reading) return reading.leftOut;
  addEntries(fields, rule.field, reading.value);
  return undefined;
}

/** Appends a list rule's entry (or entries); `pref` stays on the list's first preferred entry only. */
function addEntries(fields: Map<string, unknown>, field: string, value: unknown): void {
  let list = fields.get(field) as unknown[] | undefined;
  if (list === undefined) {
    list = [];
    fields.set(field, list);
  }
  const hasPref = list.some((entry) => isPref(entry));
  for (const entry of Array.isArray(value) ? value : [value]) {
    if (hasPref && isPref(entry)) {
      const { pref: _dropped, ...rest } = entry as { pref: true };
      list.push(rest);
    } else {
      list.push(entry);
    }
  }
}

function isPref(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && (entry as { pref?: unknown }).pref === true;
}

/**
 * The full name and the names that stand in for it, best first: FN, then each fallback's first
 * value (`sources` are the fallbacks' properties in file order).
 */
function fullNameCandidates(properties: readonly VCardProperty[], fromFn: string | undefined): string[] {
  const candidates = fromFn === undefined ? [] : [fromFn];
  for (const fallback of FULL_NAME_FALLBACKS) {
    for (const property of properties) {
      if (property.name !== fallback.property || property.inline === true) continue;
      const reading = fallback.read(property);
      if (reading !== undefined && 'value' in reading) {
        if (!candidates.includes(reading.value)) candidates.push(reading.value);
        break;
      }
    }
  }
  return candidates;
}
