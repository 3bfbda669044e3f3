/** The phone types of the contact (`phones[].type`). */
export type ImportedPhoneType = 'cell' | 'fax' | 'pager' | 'video' | 'text' | 'home' | 'work' | 'other';

/** TYPE values by the phone type they mean, in priority order: a mobile fax is a fax, a home cell a cell. */
const PHONE_TYPE_PRIORITY: readonly (readonly [ImportedPhoneType, readonly string[]])[] = [
  ['cell', ['CELL']],
  ['fax', ['FAX']],
  ['pager', ['PAGER']],
  ['video', ['VIDEO']],
  ['text', ['MSG', 'TEXT']],
  ['home', ['HOME']],
  ['work', ['WORK']],
];

/** A TEL's type from its TYPE values (any case); `other` when none is recognised. */
export function phoneType(types: readonly string[]): ImportedPhoneType {
  const upper = new Set(types.map((type) => type.toUpperCase()));
  for (const [type, words] of PHONE_TYPE_PRIORITY) {
    if (words.some((word) => upper.has(word))) return type;
  }
  return 'other';
}
