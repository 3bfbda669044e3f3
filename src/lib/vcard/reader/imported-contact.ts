import type { VCardVersion } from './read-event';

/**
 * The contact an import produces, in the shape of the request body (plain JSON, the fields the
 * contact's declaration gives), before the contact rules clean and check it. A value the card
 * lacks is absent.
 */
export type ImportedContact = Record<string, unknown>;

/** Why a property is not in the contact, as far as reading tells (the contact rules add their own words). */
export type LeftOutReason = 'unsupported' | 'inline_photo' | 'too_many' | 'no_year';

/** A property left out of the contact: its upper-case name without group and its line, never its value. */
export interface LeftOut<Reason extends string = LeftOutReason> {
  property: string;
  line: number;
  reason: Reason;
}

/** Where a value of the contact was read: its property (upper case, without group) and line. */
export interface ValueSource {
  property: string;
  line: number;
  /** The property was marked preferred (an entry's `pref`, kept by the mapping on the first only). */
  preferred?: true;
}

/** A value a field may take, with where it was read. */
export interface Candidate extends ValueSource {
  value: string;
}

/** A card mapped to the contact. */
export interface ImportedCard {
  version: VCardVersion;
  contact: ImportedContact;
  leftOut: LeftOut[];
  /**
   * Where each value was read: a field's source, or a list's, one per entry in the list's order.
   * The contact rules may reject a value: the report then names this property and line.
   */
  sources: Record<string, ValueSource | ValueSource[]>;
  /**
   * For a field with an `importFallback` (fullName): every value it may take, best first (FN, then
   * N's parts, then ORG's first component). The contact rules may reject the first; the next stands in.
   */
  candidates: Record<string, Candidate[]>;
}

/** A card with nothing to name the contact by: no FN, no N, no ORG. */
export interface NoNameError {
  kind: 'error';
  /** The line of the card's BEGIN. */
  line: number;
  issue: 'no_name';
}
