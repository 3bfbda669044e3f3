import { CONTACT_SCHEMA, compileValidator, type ObjectRule, type Rule, type ValidationOutcome } from '../../contact';
import { compileReadTable, CONTACT_READ_TABLE, type ContactReadTable } from './contact-read-table';
import type { ImportedCard, LeftOut, LeftOutReason, ValueSource } from './imported-contact';
import { mapVCardToContact } from './map-vcard';
import type { ReadEvent, ReadIssue, VCardVersion } from './read-event';

/** Why a value is not in the imported contact: what reading tells, and the contact rules' own words. */
export type ImportLeftOutReason = LeftOutReason | 'format' | 'too_long' | 'invalid_value';

/** Why a card could not be imported at all. */
export type ImportIssue = ReadIssue | 'no_name';

/** The report of one imported card: names and lines, never values, beside the contact itself. */
export interface CardImport<T = Record<string, unknown>> {
  version: VCardVersion;
  /** The contact after the contact rules: exactly what a JSON request takes to give the same card. */
  contact: T;
  /** In file order. */
  leftOut: Array<LeftOut<ImportLeftOutReason>>;
}

/** A card that cannot be imported, and the line that says why. */
export interface ImportFailure {
  line: number;
  issue: ImportIssue;
}

export type ImportOutcome<T> = { ok: true; card: CardImport<T> } | { ok: false; failure: ImportFailure };

/** The rules' issue words a report uses as they are; any other rejection is an invalid value. */
const REASONS: Readonly<Record<string, ImportLeftOutReason>> = {
  format: 'format',
  too_long: 'too_long',
  invalid_value: 'invalid_value',
  too_many: 'too_many',
};

/** How the rules judge one value alone: its cleaned form (undefined when cleaning leaves nothing), or the issue. */
type Judge = (value: unknown) => { value: unknown } | { issue: string };

function judgeOf(field: string, rule: Rule): Judge {
  // A list's entries are judged one at a time, so one bad entry costs only itself.
  const one: Rule = rule.kind === 'list' ? { ...rule, max: 1 } : rule;
  const validate = compileValidator<Record<string, unknown>>({ kind: 'object', fields: { [field]: one } });
  return (value) => {
    const outcome = validate({ [field]: rule.kind === 'list' ? [value] : value });
    if (!outcome.ok) return { issue: outcome.issues[0].issue };
    const checked = outcome.value[field];
    return { value: rule.kind === 'list' ? (checked as unknown[] | undefined)?.[0] : checked };
  };
}

/** What the report says of a rejected value: nothing when the rules found it empty (empty values are absent). */
function reasonOf(issue: string): ImportLeftOutReason | undefined {
  return issue === 'required' ? undefined : (REASONS[issue] ?? 'invalid_value');
}

/** Whether a list's entries may be preferred: the entry declares a `pref` flag. */
function hasPrefFlag(rule: Rule): boolean {
  return rule.kind === 'list' && rule.items.kind === 'object' && rule.items.fields.pref?.kind === 'flag';
}

/**
 * Compiles the import of read cards into contacts for a contact declaration (the contact's own by
 * default): each card is mapped by the read table, then every value goes through the contact's
 * rules alone. A value they reject is left out with the rule's issue word (`format`, `too_long`,
 * `invalid_value`), and so is an entry beyond its list's limit (`too_many`): one bad value never
 * fails an import. A field with an `importFallback` (fullName) takes its first candidate the rules
 * accept; a required one without any fails the card (`no_name`), as does a card that could not be read.
 */
export function compileCardImport<T = Record<string, unknown>>(
  schema: ObjectRule = CONTACT_SCHEMA,
): (event: ReadEvent) => ImportOutcome<T> {
  const table: ContactReadTable = schema === CONTACT_SCHEMA ? CONTACT_READ_TABLE : compileReadTable(schema);
  const judges = new Map(table.fields.map((field) => [field, judgeOf(field, schema.fields[field])]));
  const validate = compileValidator<T>(schema);
  return (event) => {
    if (event.kind === 'error') return { ok: false, failure: { line: event.line, issue: event.issue } };
    const mapped = mapVCardToContact(event, table);
    if ('kind' in mapped) return { ok: false, failure: { line: mapped.line, issue: mapped.issue } };
    const leftOut: Array<LeftOut<ImportLeftOutReason>> = [...mapped.leftOut];
    const contact: Record<string, unknown> = {};
    for (const field of table.fields) {
      const judge = judges.get(field)!;
      const rule = schema.fields[field];
      const candidates = mapped.candidates[field];
      if (candidates !== undefined) {
        const chosen = chooseCandidate(field, mapped, judge, leftOut);
        if (chosen !== undefined) contact[field] = chosen;
        else if (rule.kind === 'text' && rule.required === true)
          return { ok: false, failure: { line: event.startLine, issue: 'no_name' } };
        continue;
      }
      const value = mapped.contact[field];
      if (value === undefined) continue;
      const checked =
        rule.kind === 'list'
          ? judgeEntries(value as unknown[], mapped.sources[field] as ValueSource[], rule, judge, leftOut)
          : judgeValue(value, mapped.sources[field] as ValueSource, judge, leftOut);
      if (checked !== undefined) contact[field] = checked;
    }
    const checked = validateWhole(contact, validate, mapped, leftOut);
    if (checked === undefined) return { ok: false, failure: { line: event.startLine, issue: 'no_name' } };
    return { ok: true, card: { version: mapped.version, contact: checked, leftOut: inFileOrder(leftOut) } };
  };
}

/**
 * The whole contact through the rules, for what no value alone can break (one preferred entry per
 * list): values judged one by one pass as a whole, but should a field still fail, it is left out
 * (`invalid_value`) rather than the import. Undefined when a required field (the name) is missing.
 */
function validateWhole<T>(
  contact: Record<string, unknown>,
  validate: (input: unknown) => ValidationOutcome<T>,
  mapped: ImportedCard,
  leftOut: Array<LeftOut<ImportLeftOutReason>>,
): T | undefined {
  for (;;) {
    const outcome = validate(contact);
    if (outcome.ok) return outcome.value;
    let dropped = false;
    for (const { field: path } of outcome.issues) {
      const field = /^[^.[]*/.exec(path)![0];
      if (!Object.hasOwn(contact, field)) continue;
      delete contact[field];
      dropped = true;
      const source = mapped.sources[field] ?? mapped.candidates[field]?.[0];
      const first = Array.isArray(source) ? source[0] : source;
      if (first !== undefined) leftOut.push({ property: first.property, line: first.line, reason: 'invalid_value' });
    }
    // Nothing left to drop: what fails is a required field that is missing, the name.
    if (!dropped) return undefined;
  }
}

/** The first candidate the rules accept; a rejected value of the field's own property is reported. */
function chooseCandidate(
  field: string,
  mapped: ImportedCard,
  judge: Judge,
  leftOut: Array<LeftOut<ImportLeftOutReason>>,
): unknown {
  const own = mapped.sources[field] as ValueSource | undefined;
  for (const candidate of mapped.candidates[field]) {
    const judged = judge(candidate.value);
    if ('value' in judged && judged.value !== undefined) return judged.value;
    const reason = 'issue' in judged ? reasonOf(judged.issue) : undefined;
    if (reason !== undefined && own !== undefined && own.line === candidate.line && own.property === candidate.property)
      leftOut.push({ property: candidate.property, line: candidate.line, reason });
  }
  return undefined;
}

function judgeValue(
  value: unknown,
  source: ValueSource,
  judge: Judge,
  leftOut: Array<LeftOut<ImportLeftOutReason>>,
): unknown {
  const judged = judge(value);
  if ('value' in judged) return judged.value;
  const reason = reasonOf(judged.issue);
  if (reason !== undefined) leftOut.push({ property: source.property, line: source.line, reason });
  return undefined;
}

/**
 * A list's entries the rules accept, at most the list's limit (the rest `too_many`), with `pref`
 * on the first kept entry that was marked preferred.
 */
function judgeEntries(
  entries: readonly unknown[],
  sources: readonly ValueSource[],
  rule: Rule & { kind: 'list' },
  judge: Judge,
  leftOut: Array<LeftOut<ImportLeftOutReason>>,
): unknown[] | undefined {
  const kept: unknown[] = [];
  let preferred = false;
  const withPref = hasPrefFlag(rule);
  entries.forEach((entry, index) => {
    const source = sources[index];
    let value = judgeValue(entry, source, judge, leftOut);
    if (value === undefined) return;
    if (kept.length >= rule.max) {
      leftOut.push({ property: source.property, line: source.line, reason: 'too_many' });
      return;
    }
    if (withPref) {
      const { pref: _marked, ...rest } = value as Record<string, unknown>;
      value = !preferred && source.preferred === true ? { ...rest, pref: true } : rest;
      if (source.preferred === true) preferred = true;
    }
    kept.push(value);
  });
  return kept.length === 0 ? undefined : kept;
}

/** By line, each property and reason once (a property feeding two fields may lose both values). */
function inFileOrder(leftOut: Array<LeftOut<ImportLeftOutReason>>): Array<LeftOut<ImportLeftOutReason>> {
  const seen = new Set<string>();
  return leftOut
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.line - b.entry.line || a.order - b.order)
    .map(({ entry }) => entry)
    .filter(({ property, line, reason }) => {
      const key = `${property}@${line}:${reason}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
