import { CONTACT_READ_TABLE, type ContactReadTable, type FieldReading } from './contact-read-table';
import type {
  Candidate,
  ImportedCard,
  ImportedContact,
  LeftOut,
  LeftOutReason,
  NoNameError,
  ValueSource,
} from './imported-contact';
import type { Reading } from './property-readers';
import type { CardEvent, VCardProperty } from './read-event';

const NOT_BLANK = /\S/;

/** What a card's properties have given so far. */
class Mapping {
  readonly fields = new Map<string, unknown>();
  readonly sources: Record<string, ValueSource | ValueSource[]> = {};
  readonly leftOut: LeftOut[] = [];
  /** Properties a once-field has taken: a later occurrence is too_many. */
  readonly taken = new Set<string>();

  setOnce(field: string, value: unknown, property: VCardProperty): void {
    this.fields.set(field, value);
    this.sources[field] = { property: property.name, line: property.line };
  }

  /** Appends a list field's entry (or entries); `pref` stays on the list's first preferred entry only. */
  addEntries(field: string, value: unknown, property: VCardProperty): void {
    let list = this.fields.get(field) as unknown[] | undefined;
    let sources = this.sources[field] as ValueSource[] | undefined;
    if (list === undefined || sources === undefined) {
      list = [];
      sources = [];
      this.fields.set(field, list);
      this.sources[field] = sources;
    }
    const hasPref = sources.some((source) => source.preferred === true);
    for (const entry of Array.isArray(value) ? value : [value]) {
      const marked = isPref(entry);
      if (hasPref && marked) {
        const { pref: _dropped, ...rest } = entry as { pref: true };
        list.push(rest);
      } else {
        list.push(entry);
      }
      sources.push(marked ? { property: property.name, line: property.line, preferred: true } : source(property));
    }
  }
}

const source = (property: VCardProperty): ValueSource => ({ property: property.name, line: property.line });

function isPref(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && (entry as { pref?: unknown }).pref === true;
}

/**
 * Maps a read card to a contact by a read table (the contact's own by default), with what was
 * left out (names and lines, never values) and where each value came from. Values are not checked
 * here: the contact rules run next. A card with nothing to name the contact by (no FN, no N, no
 * ORG, for the contact's table) is `no_name` at the line of its BEGIN.
 */
export function mapVCardToContact(
  card: CardEvent,
  table: ContactReadTable = CONTACT_READ_TABLE,
): ImportedCard | NoNameError {
  const mapping = new Mapping();
  for (const property of card.properties) {
    if (table.frame.has(property.name)) continue;
    const readings = table.byProperty.get(property.name);
    const reason = readings === undefined ? unsupported(property) : readProperty(property, readings, mapping);
    if (reason !== undefined) mapping.leftOut.push({ property: property.name, line: property.line, reason });
  }
  const candidates: Record<string, Candidate[]> = {};
  for (const fallback of table.fallbacks) {
    const found = fieldCandidates(card.properties, fallback, mapping);
    candidates[fallback.field] = found;
    if (found.length > 0) mapping.fields.set(fallback.field, found[0].value);
    else if (isRequired(table, fallback.field)) return { kind: 'error', line: card.startLine, issue: 'no_name' };
  }
  const contact: ImportedContact = {};
  for (const field of table.fields) {
    if (mapping.fields.has(field)) contact[field] = mapping.fields.get(field);
  }
  return { version: card.version, contact, leftOut: mapping.leftOut, sources: mapping.sources, candidates };
}

function isRequired(table: ContactReadTable, field: string): boolean {
  const rule = table.schema.fields[field];
  return rule?.kind === 'text' && rule.required === true;
}

/** A property nobody reads is left out, unless it is empty ("empty values are absent"). */
function unsupported(property: VCardProperty): LeftOutReason | undefined {
  return property.inline === true || NOT_BLANK.test(property.value) ? 'unsupported' : undefined;
}

function readProperty(
  property: VCardProperty,
  readings: readonly FieldReading[],
  mapping: Mapping,
): LeftOutReason | undefined {
  if (property.inline === true && !readings.some((reading) => reading.binary)) return 'unsupported';
  // The fields of one property agree on how often the contact holds it (ORG feeds two once-fields).
  const once = readings[0].holds === 'once';
  if (readings.length === 1 && !once) return readListEntry(property, readings[0], mapping);
  const values: Reading<unknown>[] = [];
  let empty = true;
  for (const reading of readings) {
    const value = reading.read(property);
    values.push(value);
    if (value !== undefined) empty = false;
  }
  if (empty) return undefined;
  if (once && mapping.taken.has(property.name)) return 'too_many';
  if (once) mapping.taken.add(property.name);
  let reason: LeftOutReason | undefined;
  readings.forEach((reading, index) => {
    const value = values[index];
    if (value === undefined) return;
    if ('leftOut' in value) reason = value.leftOut;
    else if (reading.holds === 'once') mapping.setOnce(reading.field, value.value, property);
    else mapping.addEntries(reading.field, value.value, property);
  });
  return reason;
}

/** The common case, a property one list field reads (TEL, EMAIL, ADR…): no bookkeeping of what was taken. */
function readListEntry(property: VCardProperty, reading: FieldReading, mapping: Mapping): LeftOutReason | undefined {
  const value = reading.read(property);
  if (value === undefined) return undefined;
  if ('leftOut' in value) return value.leftOut;
  mapping.addEntries(reading.field, value.value, property);
  return undefined;
}

/**
 * The values a field may take, best first: its own (FN), then each fallback source's first
 * occurrence that gives one, without repeats.
 */
function fieldCandidates(
  properties: readonly VCardProperty[],
  fallback: ContactReadTable['fallbacks'][number],
  mapping: Mapping,
): Candidate[] {
  const candidates: Candidate[] = [];
  const own = mapping.fields.get(fallback.field);
  const ownSource = mapping.sources[fallback.field];
  if (typeof own === 'string' && ownSource !== undefined && !Array.isArray(ownSource))
    candidates.push({ value: own, ...ownSource });
  for (const { property: name, read } of fallback.sources) {
    for (const property of properties) {
      if (property.name !== name || property.inline === true) continue;
      const reading = read(property);
      if (reading === undefined || !('value' in reading)) continue;
      if (!candidates.some((candidate) => candidate.value === reading.value))
        candidates.push({ value: reading.value, ...source(property) });
      break;
    }
  }
  return candidates;
}
