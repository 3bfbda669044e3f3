import type { ValidationOutcome } from '../schema-validator';
import type { MappedContact } from './dialect-table';

/** A value of an export's row the contact rules rejected: its path in the row's contact and the rule's word. */
export interface RowLeftOut {
  field: string;
  reason: string;
}

const INDEXED = /^([^.[]+)\[(\d+)\]/;
const TOP_FIELD = /^[^.[]+/;

/**
 * An export's row (a Google or Outlook CSV contact) as an import takes it: a value the contact rules
 * reject is left out and reported, never the contact (`Phone 1 - Value` holding `pager`): a list's
 * entry is dropped, any other field whole. When the row still fails (its name is missing or
 * rejected), it is given back as it was, so it fails with the rules' own error.
 */
export function leaveOutRejected(
  row: MappedContact,
  validate: (input: unknown) => ValidationOutcome<unknown>,
): { contact: MappedContact; leftOut: RowLeftOut[] } {
  const contact: MappedContact = { ...row };
  const leftOut: RowLeftOut[] = [];
  for (;;) {
    const outcome = validate(contact);
    if (outcome.ok) return { contact, leftOut };
    const dropped = new Map<string, Set<number>>();
    for (const { field, issue } of outcome.issues) {
      const indexed = INDEXED.exec(field);
      const top = indexed?.[1] ?? TOP_FIELD.exec(field)?.[0] ?? field;
      if (!Object.hasOwn(contact, top) || issue === 'required') continue;
      if (indexed !== null && Array.isArray(contact[top])) {
        dropped.set(top, (dropped.get(top) ?? new Set<number>()).add(Number(indexed[2])));
      } else dropped.set(top, new Set());
      leftOut.push({ field, reason: issue });
    }
    if (dropped.size === 0) return { contact: row, leftOut: [] };
    for (const [field, indices] of dropped) {
      const entries = contact[field];
      const kept = indices.size > 0 && Array.isArray(entries) ? entries.filter((_, at) => !indices.has(at)) : [];
      if (kept.length > 0) contact[field] = kept;
      else delete contact[field];
    }
  }
}
