import type { BudgetRule, CardSpec } from './card-spec';
import type { CsvDialectColumns } from './csv-dialect-columns';

/**
 * What the docs say of one rule (the OpenAPI description, example and format) and, for a top-level
 * field of the contact, its card properties and its place in the QR budget.
 */
export interface RuleDoc {
  description?: string;
  example?: unknown;
  /** JSON Schema `format` (email, uri, date). */
  format?: string;
  /** The field's card properties; a field without any is not written to a card. */
  card?: CardSpec | readonly CardSpec[];
  /** The field's place in the QR budget; a field without one never leaves qrPayload. */
  budget?: BudgetRule;
  /**
   * How the API docs name what the QR budget never leaves out of the field (`the first phone`):
   * every field written to the code that the budget never empties declares it.
   */
  keptDocs?: string;
  /**
   * One of the eight flat text fields (fullName to note): a card of these alone, with no format,
   * budget or tag, is answered without `format` and `qr.omitted` (docs/contact.md#compatibility).
   */
  firstContract?: boolean;
  /**
   * JSON Schema keywords the published schema shows for a value this engine takes as it is (its
   * type checked), its set or range judged afterwards by a check with an error of its own (a
   * QrStyle's values: 400 invalid_style, never invalid_request).
   */
  judged?: Readonly<Record<string, unknown>>;
  /** The field's columns in the address-book exports a CSV batch may be (Google Contacts, Outlook). */
  csv?: CsvDialectColumns;
  /**
   * Where an import (a vCard, an export's row) takes the field from when the source gives no
   * usable value of its own: the first of these fields that has one, as one line of text (an
   * object's parts in its `display` order). `fullName` from the structured name, else the organization.
   */
  importFallback?: readonly string[];
  /**
   * The field's text line on a printed sheet (a batch's sheet.pdf), read back from its card's
   * text or component property: lines in `line` order, line 0 (the name every printed item has)
   * large and bold, the others smaller. `label` names the line in the sheet's report.
   */
  sheet?: { line: number; label?: string };
  /**
   * The field whose text names the files a contact is downloaded as (the .vcf, the QR image, the
   * tag content; docs/api.md#file-names). Exactly one field declares it, a required text.
   */
  fileName?: true;
  /**
   * The field's values in the request examples of POST /v1/batches, contact by contact: `json` in
   * the JSON body's contacts (a contact past its end leaves the field out), `csv` the cells of its
   * own column in the CSV body's rows (one a row). Fields take their places in declaration order.
   */
  batchExample?: { json?: readonly unknown[]; csv?: readonly string[] };
  /**
   * The field's column in the sample header the invalid_csv hint gives, at `place` (ascending):
   * one of the field's own CSV columns (`phone.cell` for phones), its name unless `column` says.
   * A text field's own column comes before every other form; "..." after them stands for the rest.
   */
  csvHint?: { place: number; column?: string };
}

/** A check of a cleaned text value; the first failing one names the issue. */
export interface ValueCheck {
  issue: 'format' | 'invalid_value';
  test: (value: string) => boolean;
  message: (path: string) => string;
}

/**
 * A string: cleaned (docs/encoding.md#cleaning), then checked for length in code points and by `checks`.
 * `max` may be Infinity for a value whose length is judged later (`judged`).
 */
export interface TextRule extends RuleDoc {
  kind: 'text';
  max: number;
  /** Keeps line breaks as `\n` (note, address, a structured street); other text gets one space per break. */
  multiLine?: boolean;
  /** Must be present and non-empty; in an entry, only once the entry has any text. */
  required?: boolean;
  checks?: readonly ValueCheck[];
  /** A fixed-shape value (a date): its checks come before its length, so a long text is a format error. */
  shapeFirst?: boolean;
  /** The value as cards hold it, once every check passed (a URL with its scheme). */
  normalize?: (value: string) => string;
  /** Taken as sent, neither cleaned nor trimmed: an identifier in a query (a cursor, a template id). */
  verbatim?: boolean;
}

/** One string out of a closed, case-sensitive set. */
export interface ChoiceRule extends RuleDoc {
  kind: 'choice';
  values: readonly string[];
  default?: string;
}

/** A boolean; with `once`, at most one entry of the enclosing list may set it to true. */
export interface FlagRule extends RuleDoc {
  kind: 'flag';
  once?: boolean;
}

/**
 * An object with a fixed set of keys. An `entry` (a list item, or `name`) whose text values are
 * all empty is absent; its required fields are only required once it has any text.
 */
export interface ObjectRule extends RuleDoc {
  kind: 'object';
  fields: Readonly<Record<string, Rule>>;
  entry?: boolean;
  /** At least one of these text fields must be non-empty (`name`: family or given). */
  needsOneOf?: readonly string[];
  /** The OpenAPI component name, for the nested shapes that get one. */
  schemaName?: string;
  /** The order of its parts as one line of text (`name`: "prefix given additional family suffix"). */
  display?: readonly string[];
}

export interface ListRule extends RuleDoc {
  kind: 'list';
  max: number;
  items: Rule;
  /**
   * The CSV column stem of the list's entries (docs/contact.md#csv-columns): `phone` gives `phone.<type>`
   * columns holding the entry's one required text; an address list gives `address.<component>`
   * and `address.<type>.<component>`; a list without a type field gives `<stem>.<key>` (social).
   */
  csvStem?: string;
  /** The flat field that is one more entry of this list, placed first (phone for phones). */
  shorthand?: string;
  /** A list of texts in one CSV column, its values separated by this character (categories). */
  csvSeparator?: string;
}

/**
 * A whole number from `minimum` to `maximum`: a JSON integer, or (a query parameter) a string of
 * decimal digits; anything else is a `range` issue, so "2.5", "1e1" or a repeated parameter are
 * refused rather than coerced.
 */
export interface IntegerRule extends RuleDoc {
  kind: 'integer';
  minimum: number;
  maximum: number;
  default?: number;
}

/** A JSON number, any finite one: its range is judged later (`judged`), by a check with its own error. */
export interface NumberRule extends RuleDoc {
  kind: 'number';
}

/**
 * A value that is either a text or an object, told apart by its JSON type (a QrStyle colour: `#rrggbb`
 * or a gradient): each checked by its own rule at the same path; any other type is a `type` issue.
 */
export interface TextOrObjectRule extends RuleDoc {
  kind: 'textOrObject';
  text: TextRule;
  object: ObjectRule;
}

export type Rule =
  TextRule | ChoiceRule | FlagRule | IntegerRule | NumberRule | ObjectRule | ListRule | TextOrObjectRule;
