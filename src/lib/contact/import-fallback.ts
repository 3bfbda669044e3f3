import type { ObjectRule, Rule } from './contact-rules';

const WHITE_SPACE = /\s+/g;

const words = (value: unknown): string => (typeof value === 'string' ? value.trim().replace(WHITE_SPACE, ' ') : '');

/**
 * A field's value as one line of text, as an import's fallback takes it: a text trimmed and
 * single-spaced; an object's non-empty parts in its `display` order (else its fields' order),
 * single-spaced. Undefined when nothing is left.
 */
export function displayText(rule: Rule, value: unknown): string | undefined {
  if (rule.kind === 'object') {
    if (typeof value !== 'object' || value === null) return undefined;
    const parts = value as Record<string, unknown>;
    const text = (rule.display ?? Object.keys(rule.fields))
      .map((part) => words(parts[part]))
      .filter((part) => part !== '')
      .join(' ');
    return text === '' ? undefined : text;
  }
  const text = words(value);
  return text === '' ? undefined : text;
}

/**
 * The fields of a schema that an import falls back for (`importFallback`), each with its sources in
 * order: the field names and their rules.
 */
export function importFallbacks(schema: ObjectRule): Array<{ field: string; from: Array<[string, Rule]> }> {
  return Object.entries(schema.fields).flatMap(([field, rule]) =>
    rule.importFallback === undefined
      ? []
      : [
          {
            field,
            from: rule.importFallback
              .filter((source) => schema.fields[source] !== undefined)
              .map((source): [string, Rule] => [source, schema.fields[source]]),
          },
        ],
  );
}

/**
 * The value an import gives a field it has no value for, from the values it read for the fields its
 * `importFallback` names (an export's row without a display name: "prefix given additional family
 * suffix", else the organization); undefined when none has one.
 */
export function importFallbackValue(from: ReadonlyArray<[string, Rule]>, values: Record<string, unknown>) {
  for (const [source, rule] of from) {
    const text = displayText(rule, values[source]);
    if (text !== undefined) return text;
  }
  return undefined;
}
