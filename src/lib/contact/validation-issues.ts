/** The issues a validation lists, and how the keys of an object it was given are sorted for it. */

/** One rejected input, as listed in error.details.fields. */
export interface FieldIssue {
  field: string;
  /** required, type, unknown, too_long, format, invalid_unicode, too_many, invalid_value. */
  issue: string;
  /** Human-readable; names the path and the rule, never the submitted value. */
  message: string;
}

/** How many issues an error lists; `count` says how many there were in all. */
export const MAX_LISTED_ISSUES = 20;

/** The issues of one validation: every one counted, the first MAX_LISTED_ISSUES listed. */
export class IssueSink {
  readonly listed: FieldIssue[] = [];
  count = 0;

  add(field: string, issue: string, message: string): void {
    this.count += 1;
    if (this.listed.length < MAX_LISTED_ISSUES) this.listed.push({ field, issue, message });
  }
}

/** Client-chosen key text in a path: shortened rather than echoing arbitrarily long input. */
export function shownPath(path: string): string {
  return path.length > 64 ? `${path.slice(0, 61)}...` : path;
}

/**
 * Whether a key a JSON parser may give an object names a prototype member (`__proto__`,
 * `prototype`, `constructor`, ...): validators never copy such a key, and at the top level list it
 * after the other issues, as class-validator's pipe does (it never sees them).
 */
export function namesPrototypeMember(key: string): boolean {
  return key === '__proto__' || key === 'prototype' || key in Object.prototype;
}

/** The prototype-member keys of a root object: reported after every other issue, at most MAX_LISTED_ISSUES listed. */
export interface LateUnknown {
  shown: string[];
  count: number;
}

/**
 * Places the input's values in `given` by schema position, so issues follow the schema's order
 * whatever the key order; an unknown key is an issue now, a prototype member's name at the root one
 * reported last.
 */
export function placeKeys(
  input: Record<string, unknown>,
  indexOf: ReadonlyMap<string, number>,
  given: unknown[],
  scope: { prefix: string; isRoot: boolean },
  sink: IssueSink,
): LateUnknown | undefined {
  let late: LateUnknown | undefined;
  for (const key of Object.keys(input)) {
    const index = indexOf.get(key);
    if (index !== undefined) {
      given[index] = input[key];
      continue;
    }
    const shown = shownPath(scope.prefix + key);
    if (scope.isRoot && namesPrototypeMember(key)) {
      late ??= { shown: [], count: 0 };
      late.count += 1;
      if (late.shown.length < MAX_LISTED_ISSUES) late.shown.push(shown);
    } else sink.add(shown, 'unknown', `${shown} is not a known field`);
  }
  return late;
}
