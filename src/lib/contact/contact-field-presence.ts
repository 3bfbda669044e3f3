import type { ObjectRule, Rule } from './contact-rules';

/**
 * Whether a validated contact has a field, as a template's requiredFields mean it
 * (docs/contact.md#fields): a flat shorthand is also satisfied by a non-empty entry of its list
 * (`phone` by `phones`, `website` by `urls`).
 */
export function fieldPresence(schema: ObjectRule): (contact: object, field: string) => boolean {
  const listOf = new Map<string, string>();
  for (const [name, rule] of Object.entries(schema.fields))
    if (rule.kind === 'list' && rule.shorthand) listOf.set(rule.shorthand, name);
  return (contact, field) => {
    const values = contact as Record<string, unknown>;
    if (values[field]) return true;
    const list = listOf.get(field);
    const entries = list === undefined ? undefined : values[list];
    // A validated list keeps an empty entry's place as {}, so "non-empty" means an entry with a value.
    return Array.isArray(entries) && entries.some((entry) => Object.keys(entry as object).length > 0);
  };
}

/** One line per field for people and agents: its name, what it takes, and whether it is required. */
export function describeFields(schema: ObjectRule): string {
  return Object.entries(schema.fields)
    .map(([name, rule]) => {
      switch (rule.kind) {
        case 'text':
          return rule.required ? `${name} (required)` : name;
        case 'object':
          return `${name} {${Object.keys(rule.fields).join(', ')}}`;
        case 'list':
          if (rule.items.kind !== 'object') return `${name} [strings]`;
          return `${name} [{${Object.entries(rule.items.fields)
            .map(([key, field]) => (field.kind === 'choice' ? `${key}: ${field.values.join('|')}` : key))
            .join(', ')}}]`;
        default:
          return name;
      }
    })
    .join('; ');
}

/**
 * The length limit of every text of the schema, by path (`fullName`, `name.family`, `phones[].number`,
 * `categories[]`).
 */
export function textLimits(schema: ObjectRule): Record<string, number> {
  const limits: Record<string, number> = {};
  const walk = (rule: Rule, path: string): void => {
    if (rule.kind === 'text') limits[path] = rule.max;
    else if (rule.kind === 'object')
      for (const [name, field] of Object.entries(rule.fields)) walk(field, path ? `${path}.${name}` : name);
    else if (rule.kind === 'list') walk(rule.items, `${path}[]`);
  };
  walk(schema, '');
  return limits;
}

/** Whether a validated contact holds only the eight flat text fields (those declared RuleDoc.firstContract). */
export function firstContractOnly(schema: ObjectRule): (contact: object) => boolean {
  const first = new Set(
    Object.entries(schema.fields)
      .filter(([, rule]) => rule.firstContract)
      .map(([name]) => name),
  );
  return (contact) => {
    for (const key in contact) if (!first.has(key)) return false;
    return true;
  };
}

/** The flat fields that are one more entry of a list (`phone` of `phones`), in declaration order. */
export function listShorthands(schema: ObjectRule): string[] {
  return Object.values(schema.fields).flatMap((rule) => (rule.kind === 'list' && rule.shorthand) || []);
}

/** The fields written to the .vcf only, never to qrPayload (their card spec is `fileOnly`). */
export function fileOnlyFields(schema: ObjectRule): string[] {
  return Object.entries(schema.fields)
    .filter(([, rule]) => [rule.card ?? []].flat().some((spec) => spec.fileOnly))
    .map(([name]) => name);
}
