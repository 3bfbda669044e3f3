import { cleanText } from './values/clean-text';
import { codePointLength } from './values/code-point-length';
import { hasLoneSurrogate } from './values/lone-surrogate';
import type { ListRule, ObjectRule, Rule, TextRule } from './contact-rules';
import { IssueSink, placeKeys, type FieldIssue } from './validation-issues';

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[]; count: number };

/** What a rule returns for an absent value, and for a rejected one (its issues are in the sink). */
const ABSENT = Symbol('absent');
const REJECTED = Symbol('rejected');
type Checked = unknown;

type Validator = (value: unknown, path: string, sink: IssueSink) => Checked;

/**
 * Compiles a rule tree into one synchronous validator: each value is cleaned and checked once, in
 * one pass over the input's keys and list items (so the cost is linear in them), and the walk never
 * goes deeper than the rules (an object or array where text belongs is a `type` issue, not walked).
 * It returns the cleaned value, with absent optional values left out, or every issue with its
 * exact path (`phones[1].number`), at most MAX_LISTED_ISSUES of them listed.
 */
export function compileValidator<T>(root: ObjectRule): (input: unknown) => ValidationOutcome<T> {
  const validateRoot = objectValidator(root, true);
  return (input) => {
    const sink = new IssueSink();
    const value = validateRoot(input, '', sink);
    if (sink.count === 0 && value !== REJECTED && value !== ABSENT) return { ok: true, value: value as T };
    return { ok: false, issues: sink.listed, count: sink.count };
  };
}

function validatorOf(rule: Rule, inEntry: boolean): Validator {
  switch (rule.kind) {
    case 'text':
      return textValidator(rule, inEntry);
    case 'choice': {
      const allowed = new Set(rule.values);
      const message = (path: string) => `${path} must be one of ${rule.values.join(', ')}`;
      return (value, path, sink) => {
        if (value === undefined || value === null) return ABSENT;
        if (typeof value !== 'string') return reject(sink, path, 'type', `${path} must be a string`);
        return allowed.has(value) ? value : reject(sink, path, 'invalid_value', message(path));
      };
    }
    case 'flag':
      return (value, path, sink) => {
        if (value === undefined || value === null || value === false) return ABSENT;
        return value === true ? true : reject(sink, path, 'type', `${path} must be a boolean`);
      };
    case 'integer': {
      const digits = /^\d{1,9}$/;
      const message = (path: string) => `${path} must be a whole number from ${rule.minimum} to ${rule.maximum}`;
      return (value, path, sink) => {
        if (value === undefined || value === null) return ABSENT;
        const number =
          typeof value === 'number' ? value : typeof value === 'string' && digits.test(value) ? Number(value) : NaN;
        if (Number.isInteger(number) && number >= rule.minimum && number <= rule.maximum) return number;
        return reject(sink, path, 'range', message(path));
      };
    }
    case 'number':
      return (value, path, sink) => {
        if (value === undefined || value === null) return ABSENT;
        return typeof value === 'number' && Number.isFinite(value)
          ? value
          : reject(sink, path, 'type', `${path} must be a number`);
      };
    case 'object':
      return objectValidator(rule, false);
    case 'list':
      return listValidator(rule);
    case 'textOrObject': {
      const text = textValidator(rule.text, inEntry);
      const object = objectValidator(rule.object, false);
      return (value, path, sink) => {
        if (value === undefined || value === null || typeof value === 'string') return text(value, path, sink);
        if (typeof value === 'object' && !Array.isArray(value)) return object(value, path, sink);
        return reject(sink, path, 'type', `${path} must be a string or an object`);
      };
    }
  }
}

function reject(sink: IssueSink, path: string, issue: string, message: string): typeof REJECTED {
  sink.add(path, issue, message);
  return REJECTED;
}

function textValidator(rule: TextRule, inEntry: boolean): Validator {
  // In an entry, a required value is checked by the entry, once it knows the entry is not empty.
  const required = rule.required === true && !inEntry;
  const multiLine = rule.multiLine === true;
  const checks = rule.checks ?? [];
  const shapeFirst = rule.shapeFirst === true;
  const normalize = rule.normalize;
  const verbatim = rule.verbatim === true;
  return (value, path, sink) => {
    if (value === undefined || value === null)
      return required ? reject(sink, path, 'required', `${path} is required`) : ABSENT;
    if (typeof value !== 'string') return reject(sink, path, 'type', `${path} must be a string`);
    // A lone surrogate is decided on the raw value: cleaning could join its halves into a valid pair.
    if (hasLoneSurrogate(value))
      return reject(sink, path, 'invalid_unicode', `${path} contains an unpaired UTF-16 surrogate`);
    const cleaned = verbatim ? value : cleanText(value, multiLine);
    if (cleaned === '') return required ? reject(sink, path, 'required', `${path} must not be empty`) : ABSENT;
    if (shapeFirst)
      for (const check of checks) if (!check.test(cleaned)) return reject(sink, path, check.issue, check.message(path));
    if (codePointLength(cleaned) > rule.max)
      return reject(sink, path, 'too_long', `${path} must be at most ${rule.max} characters`);
    if (!shapeFirst)
      for (const check of checks) if (!check.test(cleaned)) return reject(sink, path, check.issue, check.message(path));
    return normalize ? normalize(cleaned) : cleaned;
  };
}

interface FieldValidator {
  name: string;
  validate: Validator;
  /** A text field: its value decides whether an entry is empty. */
  isText: boolean;
  /** Validated even when absent: a required field outside an entry says so in its place. */
  checkAbsent: boolean;
  requiredInEntry: boolean;
}

const MISSING = Symbol('missing');

/** The validators of an object's fields, in schema order. */
function fieldValidatorsOf(rule: ObjectRule, entry: boolean): FieldValidator[] {
  return Object.entries(rule.fields).map(([name, fieldRule]) => {
    const required = fieldRule.kind === 'text' && fieldRule.required === true;
    return {
      name,
      validate: validatorOf(fieldRule, entry),
      isText: fieldRule.kind === 'text',
      checkAbsent: required && !entry,
      requiredInEntry: required && entry,
    };
  });
}

/** Whether an entry with text lacks a field it requires, or all of `needsOneOf`: each an issue. */
function entryIncomplete(
  fields: readonly FieldValidator[],
  needsOneOf: readonly string[],
  checked: { out: Record<string, unknown>; rejected: Set<string> | undefined },
  path: string,
  sink: IssueSink,
): boolean {
  const { out, rejected } = checked;
  const prefix = `${path}.`;
  let incomplete = false;
  for (const field of fields) {
    if (!field.requiredInEntry || out[field.name] !== undefined || rejected?.has(field.name)) continue;
    incomplete = true;
    sink.add(prefix + field.name, 'required', `${prefix + field.name} is required`);
  }
  if (needsOneOf.length > 0 && !needsOneOf.some((name) => out[name] !== undefined || rejected?.has(name))) {
    incomplete = true;
    sink.add(path, 'required', `${path} must have ${needsOneOf.join(' or ')}`);
  }
  return incomplete;
}

function objectValidator(rule: ObjectRule, isRoot: boolean): Validator {
  const entry = rule.entry === true;
  const fields = fieldValidatorsOf(rule, entry);
  const indexOf = new Map(fields.map((field, i) => [field.name, i]));
  const needsOneOf = rule.needsOneOf ?? [];
  return (value, path, sink) => {
    if (value === undefined || value === null) return ABSENT;
    if (typeof value !== 'object' || Array.isArray(value)) {
      return reject(
        sink,
        isRoot ? '(body)' : path,
        'type',
        isRoot ? 'The request body must be a JSON object.' : `${path} must be an object`,
      );
    }
    const prefix = isRoot ? '' : `${path}.`;
    const given: unknown[] = new Array<unknown>(fields.length).fill(MISSING);
    const late = placeKeys(value as Record<string, unknown>, indexOf, given, { prefix, isRoot }, sink);
    const out: Record<string, unknown> = {};
    let failed = false;
    let hasText = false;
    let rejected: Set<string> | undefined;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i];
      const raw = given[i];
      if (raw === MISSING && !field.checkAbsent) continue;
      const checked = field.validate(raw === MISSING ? undefined : raw, prefix + field.name, sink);
      if (checked === REJECTED) {
        failed = true;
        (rejected ??= new Set()).add(field.name);
      } else if (checked !== ABSENT) {
        out[field.name] = checked;
        if (field.isText) hasText = true;
      }
    }
    if (entry && hasText && entryIncomplete(fields, needsOneOf, { out, rejected }, path, sink)) failed = true;
    if (late) {
      sink.count += late.count - late.shown.length;
      for (const shown of late.shown) sink.add(shown, 'unknown', `${shown} is not a known field`);
    }
    if (failed) return REJECTED;
    return entry && !hasText ? ABSENT : out;
  };
}

function listValidator(rule: ListRule): Validator {
  const validateItem = validatorOf(rule.items, false);
  const isEntryList = rule.items.kind === 'object';
  const onceFlags =
    rule.items.kind === 'object'
      ? Object.entries(rule.items.fields)
          .filter(([, field]) => field.kind === 'flag' && field.once === true)
          .map(([name]) => name)
      : [];
  return (value, path, sink) => {
    if (value === undefined || value === null) return ABSENT;
    if (!Array.isArray(value)) return reject(sink, path, 'type', `${path} must be an array`);
    // Checked before any item is read: a long list costs nothing to refuse.
    if (value.length > rule.max) return reject(sink, path, 'too_many', `${path} must have at most ${rule.max} entries`);
    const out: unknown[] = [];
    let failed = false;
    let present = 0;
    const flagged = new Set<string>();
    for (let i = 0; i < value.length; i++) {
      const itemPath = `${path}[${i}]`;
      const item: unknown = value[i];
      if (isEntryList && (item === undefined || item === null)) {
        failed = reject(sink, itemPath, 'type', `${itemPath} must be an object`) === REJECTED;
        continue;
      }
      const checked = validateItem(item, itemPath, sink);
      if (checked === REJECTED) {
        failed = true;
        continue;
      }
      for (const flag of onceFlags) {
        if (checked === ABSENT || (checked as Record<string, unknown>)[flag] !== true) continue;
        if (flagged.has(flag))
          failed =
            reject(
              sink,
              `${itemPath}.${flag}`,
              'invalid_value',
              `${itemPath}.${flag} must not be true: only one entry of ${path} may be preferred`,
            ) === REJECTED;
        flagged.add(flag);
      }
      if (checked === ABSENT) {
        // An empty entry keeps its place, so every entry keeps its request index.
        if (isEntryList) out.push({});
        continue;
      }
      present += 1;
      out.push(checked);
    }
    if (failed) return REJECTED;
    return present === 0 ? ABSENT : out;
  };
}
