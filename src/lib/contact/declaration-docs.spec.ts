import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_FIELDS } from '../../../test/fixtures/vcard/contact.arbitrary';
import { CONTACT_CSV_COLUMN_FORMS, FIRST_CONTRACT_FIELDS } from '.';
import type { CardSpec } from './card-spec';
import { CONTACT_SCHEMA } from './contact-schema';
import type { Rule } from './contact-rules';
import { ABOUT_FIELDS } from './fields/about-fields';
import { ADDRESS_FIELDS } from './fields/address-fields';
import { NAME_FIELDS } from './fields/name-fields';
import { REACH_FIELDS } from './fields/reach-fields';
import { WORK_FIELDS } from './fields/work-fields';

// The hand-written tables of docs/contact.md and docs/encoding.md, and the playground's list of
// flat fields, held to the declaration: a field added, moved or renamed there fails here until the
// docs and the playground say the same.

const ROOT = join(__dirname, '..', '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The rows (cells, trimmed) of the Markdown table whose header row is `header`. */
function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) throw new Error(`no table headed ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The names a cell writes as code (`phones[]` as phones). */
const codeNames = (cell: string): string[] =>
  [...cell.matchAll(/`([^`]+)`/g)].map(([, name]) => name.replace(/\[\]$/, ''));

const fields = Object.entries(CONTACT_SCHEMA.fields);
const names = fields.map(([name]) => name);
const cardProperties = (rule: Rule): string[] => [rule.card ?? []].flat().map((spec: CardSpec) => spec.property);

describe('docs/contact.md', () => {
  const text = read('docs/contact.md');

  it('lists the first contract’s fields in declaration order, each with its length limit', () => {
    const rows = tableRows(text, '| Field | Max | Rule | Card line |');
    expect(rows.map(([field]) => codeNames(field)[0])).toEqual([...FIRST_CONTRACT_FIELDS]);
    for (const [field, max] of rows) {
      const rule = CONTACT_SCHEMA.fields[codeNames(field)[0]];
      expect({ field, max: rule.kind === 'text' ? String(rule.max) : undefined }).toEqual({ field, max });
    }
  });

  it('lists the other fields in declaration order', () => {
    const rows = tableRows(text, '| Field | Shape and limits | Card line (vCard 3.0) |');
    expect(rows.map(([field]) => codeNames(field)[0])).toEqual(
      names.filter((name) => !FIRST_CONTRACT_FIELDS.includes(name)),
    );
  });

  it('says which file declares each field, in the order contact-schema.ts puts the files together', () => {
    const files: Record<string, object> = {
      'name-fields.ts': NAME_FIELDS,
      'work-fields.ts': WORK_FIELDS,
      'reach-fields.ts': REACH_FIELDS,
      'address-fields.ts': ADDRESS_FIELDS,
      'about-fields.ts': ABOUT_FIELDS,
    };
    const rows = tableRows(text, '| File | Fields |');
    expect(rows.map(([file, listed]) => [codeNames(file)[0], codeNames(listed)])).toEqual(
      Object.entries(files).map(([file, declared]) => [file, Object.keys(declared)]),
    );
    expect(rows.flatMap(([, listed]) => codeNames(listed))).toEqual(names);
  });

  it('names every top-level text field as a CSV column of its own name', () => {
    const [columns] = tableRows(text, '| Column | Value |');
    expect(codeNames(columns[0]).sort()).toEqual(
      fields
        .filter(([, rule]) => rule.kind === 'text')
        .map(([name]) => name)
        .sort(),
    );
  });

  it('lists every CSV column form the declaration gives, and no other (its examples in brackets aside)', () => {
    const documented = tableRows(text, '| Column | Value |').flatMap(([column]) =>
      codeNames(column.replace(/\([^)]*\)/g, '')),
    );
    const derived = CONTACT_CSV_COLUMN_FORMS.flatMap((line) => line.replace(/ \(.*\)$/, '').split(', '));
    expect([...documented].sort()).toEqual([...derived].sort());
  });

  it('lists the QR budget’s steps in their order, each naming its field', () => {
    const section = text.slice(text.indexOf('## QR budget'));
    const steps = [...section.matchAll(/^\d+\. (.+)$/gm)].map(([, step]) => step);
    const budgeted = fields.flatMap(([name, { budget }]) =>
      budget === undefined
        ? []
        : [{ name, rank: budget.rank }, ...(budget.firstRank === undefined ? [] : [{ name, rank: budget.firstRank }])],
    );
    const order = budgeted.sort((a, b) => a.rank - b.rank).map(({ name }) => name);
    // A step names its field as code (`note`) or in words ("phones after the first", "the first URL").
    const names = (step: string, name: string): boolean =>
      step.toLowerCase().replaceAll(/[\s`]/g, '').includes(name.toLowerCase().replace(/e?s$/, ''));
    expect(steps.map((step, i) => ({ step, names: names(step, order[i] ?? '?') }))).toEqual(
      order.map((_, i) => ({ step: steps[i], names: true })),
    );
  });
});

describe('docs/encoding.md', () => {
  it('gives each field’s card line in declaration order, naming its vCard 3.0 properties', () => {
    const rows = tableRows(read('docs/encoding.md'), '| Field | Line (vCard 3.0) |');
    expect(rows.flatMap(([field]) => codeNames(field))).toEqual(names);
    for (const [field, line] of rows)
      for (const name of codeNames(field))
        for (const property of cardProperties(CONTACT_SCHEMA.fields[name]))
          expect({ name, line: line.includes(property) }).toEqual({ name, line: true });
  });
});

describe('the property generators', () => {
  it('generate the first contract’s fields as the flat contact', () => {
    expect([...CONTACT_FIELDS]).toEqual([...FIRST_CONTRACT_FIELDS]);
  });
});

describe('the playground', () => {
  it('shows the first contract’s fields as its flat fields, in declaration order', () => {
    const source = read('src/playground/client/more-fields.js');
    const list = /export const FLAT_FIELDS = \[([^\]]*)\];/.exec(source)?.[1];
    expect(list?.split(',').map((item) => item.trim().replace(/^'|'$/g, ''))).toEqual([...FIRST_CONTRACT_FIELDS]);
  });

  it('writes a control for each flat field in its page, in declaration order, a text box where line breaks are kept', () => {
    const page = read('src/playground/client/index.html');
    const controls = [...page.matchAll(/<(input|textarea) id="f-([^"]+)"/g)].map(([, tag, field]) => ({ field, tag }));
    expect(controls).toEqual(
      FIRST_CONTRACT_FIELDS.map((field) => {
        const rule = CONTACT_SCHEMA.fields[field];
        return { field, tag: rule.kind === 'text' && rule.multiLine === true ? 'textarea' : 'input' };
      }),
    );
  });
});
