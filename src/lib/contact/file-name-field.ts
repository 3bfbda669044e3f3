import type { ObjectRule } from './contact-rules';

/**
 * The field a contact's downloaded files are named after: the one that declares `fileName`, a
 * required text, so every valid contact has a value for it.
 */
export function fileNameFieldOf(schema: ObjectRule): string {
  const declaring = Object.entries(schema.fields).filter(([, rule]) => rule.fileName === true);
  if (declaring.length !== 1)
    throw new Error(`one field names a contact's files; ${declaring.length} declare fileName`);
  const [name, rule] = declaring[0];
  if (rule.kind !== 'text' || rule.required !== true) throw new Error(`${name}: a file name is a required text`);
  return name;
}

/**
 * The card properties the file-name field is written as (its text property's 3.0 name, and its 4.0
 * name where that differs), so a stored card names its files as its contact did.
 */
export function fileNamePropertiesOf(schema: ObjectRule): string[] {
  const rule = schema.fields[fileNameFieldOf(schema)];
  const spec = [rule.card ?? []].flat().find((card) => card.kind === 'text');
  if (spec === undefined) throw new Error(`${fileNameFieldOf(schema)}: a file name is written as a text property`);
  return spec.v4 === undefined ? [spec.property] : [spec.property, spec.v4];
}
