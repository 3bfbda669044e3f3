/**
 * How a contact field becomes card properties, and how an imported property becomes the field: the
 * vCard side of the field's declaration. lib/vcard's item builder, writers (3.0, 4.0, MECARD),
 * budget and reader walk these; none of them names a field. Property names are upper-case vCard
 * names; a field without a `mecard` key is left out of MECARD (and listed in `qr.omitted`).
 */
export type CardSpec = TextSpec | NameSpec | ComponentSpec | EntriesSpec;

interface PropertySpec {
  /** The vCard 3.0 property (4.0 too, unless `v4` names another). */
  property: string;
  v4?: string;
  /** The MECARD key, when MECARD has one. */
  mecard?: string;
  /** MECARD has no key for it, but this other property's key carries it (FN is in N): never omitted. */
  mecardCarriedBy?: string;
  /** In the .vcf only, never in qrPayload. */
  fileOnly?: boolean;
  /** Further property names an imported card may use for it. */
  readAlso?: readonly string[];
}

/**
 * One value: `text` (escaped), `date` (YYYY-MM-DD; YYYYMMDD in 4.0 and MECARD), `texts` (a list,
 * comma-separated), `uri` (written as it is, `v3Parameter` before the colon in 3.0).
 */
export interface TextSpec extends PropertySpec {
  kind: 'text' | 'date' | 'texts' | 'uri';
  v3Parameter?: string;
}

/**
 * The structured name (family;given;additional;prefix;suffix): from an object field's five parts,
 * or, with `derived`, split from a text field (the rules of docs/encoding.md#n-from-fullname).
 * An object field's N replaces a derived one.
 */
export interface NameSpec extends PropertySpec {
  kind: 'name';
  parts?: readonly string[];
  derived?: boolean;
}

/**
 * One component of a property shared by several fields (ORG: organization;department), written
 * without trailing empty components; the property exists while any component is non-empty.
 */
export interface ComponentSpec extends PropertySpec {
  kind: 'component';
  index: number;
}

/**
 * A list field's entries, one property each, in input order after the flat shorthand's entry. The
 * value is one text key of the entry (`number`), or its components in order (ADR). `types` maps
 * the entry's `type` to the TYPE parameter (null: none); `pref` adds PREF (3.0 inside TYPE, 4.0
 * as PREF=1); `parameter` writes an entry key as a parameter (a social profile's service).
 */
export interface EntriesSpec extends PropertySpec {
  kind: 'entries';
  value: string | readonly string[];
  /** The entry key the flat shorthand's text fills (`street` for the free-text address). */
  shorthandKey?: string;
  types?: { v3?: Readonly<Record<string, string | null>>; v4: Readonly<Record<string, string | null>> };
  pref?: boolean;
  parameter?: { key: string; v3: string; v4: string };
}

/**
 * A field's place in the QR budget: fields leave qrPayload in `rank` order until it fits. A whole
 * field leaves at once; a list's entries leave one at a time, last first, and with `keepFirst` the
 * first entry (the flat shorthand's, when given) stays until `firstRank`, or for good without it.
 * A component leaves its property (the property goes when no component is left).
 */
export interface BudgetRule {
  rank: number;
  keepFirst?: boolean;
  firstRank?: number;
  /** How the API docs name this step (and the first entry's, with `firstRank`). */
  docs: string;
  firstDocs?: string;
}
