import { CONTACT_SCHEMA, type CardSpec, type ObjectRule } from '../../contact';
import { specsOf } from '../card-items';
import { displayReader, fieldReader, type FieldReader, type PropertyReader } from './property-readers';

/** How one contact field is read from one of its properties. */
export interface FieldReading extends FieldReader {
  field: string;
}

/** A field an import falls back for (fullName), with the properties that stand in for it, best first. */
export interface FieldFallback {
  field: string;
  sources: ReadonlyArray<{ property: string; read: PropertyReader<string> }>;
}

/**
 * How a card becomes a contact, compiled from the contact's declaration: for each property name,
 * the fields it feeds and how (by the kind of card property each field declares), the fields in
 * the contact's order, and the fallbacks of the fields that have one. A property no field declares
 * is left out as unsupported (LABEL, ROLE, IMPP, X-ABLabel, X-MS-*, UID, REV, AGENT, …), except the
 * card's own frame (VERSION).
 */
export interface ContactReadTable {
  byProperty: ReadonlyMap<string, readonly FieldReading[]>;
  fields: readonly string[];
  fallbacks: readonly FieldFallback[];
  frame: ReadonlySet<string>;
  schema: ObjectRule;
}

/** The names a field's card property may have in a card: its own, its 4.0 name, and `readAlso`. */
const propertyNames = (spec: CardSpec): Set<string> =>
  new Set([spec.property, spec.v4 ?? spec.property, ...(spec.readAlso ?? [])]);

/** Properties that frame the card rather than describe the contact: read by nobody, reported never. */
export const FRAME_PROPERTIES: readonly string[] = ['VERSION'];

/**
 * Compiles the read table of a contact declaration: each field's card properties (the property,
 * its 4.0 name, `readAlso`) and its `importFallback` (the sources' properties, as one line of text).
 */
export function compileReadTable(schema: ObjectRule = CONTACT_SCHEMA): ContactReadTable {
  const byProperty = new Map<string, FieldReading[]>();
  const fields: string[] = [];
  for (const [field, rule] of Object.entries(schema.fields)) {
    let reads = false;
    for (const spec of specsOf(rule)) {
      const reader = fieldReader(spec, rule);
      if (reader === undefined) continue;
      reads = true;
      for (const property of propertyNames(spec)) {
        byProperty.set(property, [...(byProperty.get(property) ?? []), { field, ...reader }]);
      }
    }
    if (reads) fields.push(field);
  }
  const fallbacks: FieldFallback[] = [];
  for (const [field, rule] of Object.entries(schema.fields)) {
    if (rule.importFallback === undefined) continue;
    const sources: Array<{ property: string; read: PropertyReader<string> }> = [];
    for (const source of rule.importFallback) {
      const sourceRule = schema.fields[source];
      if (sourceRule === undefined) continue;
      for (const spec of specsOf(sourceRule)) {
        const read = displayReader(spec, sourceRule);
        if (read === undefined) continue;
        for (const property of propertyNames(spec)) sources.push({ property, read });
      }
    }
    fallbacks.push({ field, sources });
  }
  return { byProperty, fields, fallbacks, frame: new Set(FRAME_PROPERTIES), schema };
}

/** The contact's own read table. */
export const CONTACT_READ_TABLE: ContactReadTable = compileReadTable();
