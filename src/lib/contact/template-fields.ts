import type { ContactFields } from './contact';
import type { ObjectRule, Rule } from './contact-rules';

type ContactField = keyof ContactFields;

/** A template's fields, in the order its answers list them. */
export interface TemplateFields {
  requiredFields: ContactField[];
  optionalFields: ContactField[];
}

/** The fields the contact itself requires, in declaration order (every template requires them). */
export function requiredFieldsOf(schema: ObjectRule): string[] {
  return Object.entries(schema.fields)
    .filter(([, rule]) => rule.kind === 'text' && rule.required === true)
    .map(([name]) => name);
}

/** The field's place in template `id`, with the field it follows when it declares one. */
function placeIn(rule: Rule, id: string): { role: 'required' | 'optional'; after?: string } | undefined {
  if (rule.kind === 'text' && rule.required === true) return { role: 'required' };
  const declared = rule.templates?.[id];
  return typeof declared === 'string' ? { role: declared } : declared;
}

/** Fields in declaration order, then each that declares `after` moved right behind that field. */
function ordered(places: ReadonlyArray<{ field: string; after?: string }>, id: string): ContactField[] {
  const fields = places.filter(({ after }) => after === undefined).map(({ field }) => field);
  for (const { field, after } of places) {
    if (after === undefined) continue;
    const at = fields.indexOf(after);
    if (at < 0) throw new Error(`${field}: template ${id} lists no ${after} in its list to follow`);
    fields.splice(at + 1, 0, field);
  }
  return fields as ContactField[];
}

/** A template's required and optional fields, from the fields that declare it in `templates`. */
export function templateFieldsOf(schema: ObjectRule, id: string): TemplateFields {
  const places = Object.entries(schema.fields).flatMap(([field, rule]) => {
    const place = placeIn(rule, id);
    return place === undefined ? [] : [{ field, ...place }];
  });
  return {
    requiredFields: ordered(
      places.filter(({ role }) => role === 'required'),
      id,
    ),
    optionalFields: ordered(
      places.filter(({ role }) => role === 'optional'),
      id,
    ),
  };
}

/** Every template id a field of the schema names, in first-named order. */
export function declaredTemplateIds(schema: ObjectRule): string[] {
  return [...new Set(Object.values(schema.fields).flatMap((rule) => Object.keys(rule.templates ?? {})))];
}
