import type { ObjectRule, Rule } from './contact-rules';

/** The forms of a list's columns, by the shape of its entries (the shapes csvColumnsOf reads). */
function listForms(stem: string, items: ObjectRule): { shape: 'typed' | 'structured' | 'pair'; form: string } | null {
  const types = items.fields.type?.kind === 'choice';
  const required = Object.entries(items.fields).filter(
    ([, rule]: [string, Rule]) => rule.kind === 'text' && rule.required,
  );
  if (types && required.length === 1) return { shape: 'typed', form: `${stem}.<type>` };
  if (types && required.length === 0)
    return { shape: 'structured', form: `${stem}.<component>, ${stem}.<type>.<component>` };
  if (!types && required.length === 2) return { shape: 'pair', form: `${stem}.<${required[0][0]}>` };
  return null;
}

/**
 * The column forms of a contact schema's CSV header (docs/contact.md#csv-columns), one line per
 * kind, for the error that names an unknown column: the text fields (the flat shorthands of lists
 * last), the typed lists (`phone.<type>`), each object's parts, each structured list
 * (`address.<type>.<component>`), each untyped pair (`social.<service>`), each text list in one column.
 */
export function csvColumnForms(schema: ObjectRule): string[] {
  const fields = Object.entries(schema.fields);
  const shorthands = new Set(fields.flatMap(([, rule]) => (rule.kind === 'list' && rule.shorthand) || []));
  const texts = fields.filter(([, rule]) => rule.kind === 'text').map(([field]) => field);
  const lists = fields.flatMap(([, rule]) =>
    rule.kind === 'list' && rule.csvStem !== undefined && rule.items.kind === 'object'
      ? (listForms(rule.csvStem, rule.items) ?? [])
      : [],
  );
  const formsOf = (shape: string): string[] => lists.filter((list) => list.shape === shape).map(({ form }) => form);
  return [
    [...texts.filter((field) => !shorthands.has(field)), ...texts.filter((field) => shorthands.has(field))].join(', '),
    formsOf('typed').join(', '),
    ...fields.flatMap(([field, rule]) =>
      rule.kind === 'object'
        ? [
            Object.keys(rule.fields)
              .map((part) => `${field}.${part}`)
              .join(', '),
          ]
        : [],
    ),
    ...formsOf('structured'),
    ...formsOf('pair'),
    ...fields.flatMap(([field, rule]) =>
      rule.kind === 'list' && rule.csvSeparator !== undefined
        ? [`${field} (values separated by ${rule.csvSeparator})`]
        : [],
    ),
  ];
}
