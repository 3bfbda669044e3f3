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
