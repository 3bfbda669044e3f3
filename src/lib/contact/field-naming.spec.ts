import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { filesReferring, sourceProgram } from '../../../test/utils/field-references';
import { CONTACT_SCHEMA } from './contact-schema';

// The measure of "one declaration per field": how many source files name each contact field. A
// file names a field when its code has the field's name as an identifier, or a string literal has
// it as a whole word; comments and module paths ('./birthday-date') do not count, nor do specs.
// A field whose name is also a plain English or HTTP word (PLAIN_WORDS) is counted by what the
// code refers to instead, with the type checker (test/utils/field-references.ts): a tool's title
// or a client's address is not the contact's.
// Every field is named by at most 3 files (its declaration, the contact's type, one more): what
// else a file would need to know of a field is a role of its declaration instead. The template
// catalogue is not counted: a template is a list of fields, declared with the template, so a field
// names no template and a new template edits no field.

const SRC = join(__dirname, '../..');
const TARGET = 3;
const TEMPLATE_CATALOGUE = join('modules', 'templates', 'template-catalogue.ts');

/**
 * The fields whose name is also a plain word, counted by reference rather than by name: "vCards
 * that phones import", "IP addresses" and a tool's title are not the contact's.
 */
const PLAIN_WORDS = new Set(['name', 'title', 'address', 'addresses', 'phone', 'phones', 'email', 'note']);

/** The identifiers and string values of a TypeScript text, without comments and module paths. */
export function namesIn(text: string): { identifiers: Set<string>; strings: string[] } {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const identifiers = new Set<string>();
  const strings: string[] = [];
  // The brace depth at each open template substitution: its `}` resumes the template's text, which
  // the scanner only reads as text when asked (else it is scanned as code, and a later backtick
  // turns the code and comments after it into a string).
  const substitutions: number[] = [];
  let depth = 0;
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && substitutions.at(-1) === depth) {
      substitutions.pop();
      kind = scanner.reScanTemplateToken(false);
    }
    if (kind === ts.SyntaxKind.Identifier) identifiers.add(scanner.getTokenValue());
    else if (kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      if (previous !== ts.SyntaxKind.FromKeyword && previous !== ts.SyntaxKind.ImportKeyword)
        strings.push(scanner.getTokenValue());
    } else if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle) {
      strings.push(scanner.getTokenValue());
      substitutions.push(depth);
    } else if (kind === ts.SyntaxKind.TemplateTail) strings.push(scanner.getTokenValue());
    else if (kind === ts.SyntaxKind.OpenBraceToken) depth++;
    else if (kind === ts.SyntaxKind.CloseBraceToken) depth--;
    previous = kind;
  }
  return { identifiers, strings };
}

/** The files (by name) of `sources` whose code names `field`. */
export function filesNaming(field: string, sources: ReadonlyMap<string, string>): string[] {
  const word = new RegExp(`\\b${field}\\b`);
  return [...sources]
    .filter(([, text]) => {
      const { identifiers, strings } = namesIn(text);
      return identifiers.has(field) || strings.some((value) => word.test(value));
    })
    .map(([file]) => file);
}

/** Every non-spec TypeScript file under src/, by path relative to src/. */
function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && path.endsWith('.ts') && !path.endsWith('.spec.ts'))
      files.set(relative(SRC, path), readFileSync(path, 'utf8'));
  }
  return files;
}

/** A program of in-memory files (planted cases), with the standard library read from TypeScript's own. */
function plantedProgram(files: Record<string, string>): ts.Program {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.CommonJS };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) =>
    name in files ? ts.createSourceFile(name, files[name], version) : getSourceFile(name, version, ...rest);
  host.fileExists = (name) => name in files || fileExists(name);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.directoryExists = (name) =>
    Object.keys(files).some((file) => file.startsWith(`${name}/`)) || ts.sys.directoryExists(name);
  return ts.createProgram(Object.keys(files), options, host);
}

describe('one declaration per field: the files that name each contact field', () => {
  const sources = sourceFiles();
  const fields = Object.keys(CONTACT_SCHEMA.fields);
  const { program, files } = sourceProgram(join(SRC, '..'), 'src');
  const referring = filesReferring(
    program,
    files,
    { contactFile: join(__dirname, 'contact.ts'), fieldsDir: join(__dirname, 'fields') },
    [...PLAIN_WORDS],
  );
  /** The files (relative to src/) that name a field, or for a plain word, refer to it. */
  const naming = (field: string): string[] =>
    (PLAIN_WORDS.has(field)
      ? referring.get(field)!.map((file) => relative(SRC, file))
      : filesNaming(field, sources)
    ).filter((file) => file !== TEMPLATE_CATALOGUE);

  it('counts code and strings, not comments or module paths', () => {
    const planted = new Map([
      ['a.ts', "const key = 'nickname';"],
      ['b.ts', 'contact.nickname = undefined;'],
      ['c.ts', '// nickname\n/* nickname */ const other = 1;'],
      ['d.ts', "import { x } from './nickname';"],
      ['e.ts', 'const label = `the ${kind} nickname`;'],
      ['f.ts', "const word = 'nicknames';"],
      ['g.ts', 'const label = `${kind} and ${other} nickname`;'],
      ['h.ts', 'const label = `${kind}${{ a: 1 }.a}`; // nickname`\nconst other = `x`;'],
      ['i.ts', 'const label = `${kind} nick`;\n/** nickname */ const x = `${y}`;'],
    ]);
    expect(filesNaming('nickname', planted)).toEqual(['a.ts', 'b.ts', 'e.ts', 'g.ts']);
  });

  it('counts, for a plain word, the code that refers to the contact field, not the word', () => {
    const contact = "import type { ContactFields } from './contact';\n";
    const planted = {
      '/planted/contact.ts': 'export interface ContactFields { note?: string; name?: { family?: string } }',
      '/planted/fields/about-fields.ts': "export const ABOUT_FIELDS = { note: { kind: 'text' } } satisfies object;",
      '/planted/a.ts': `${contact}export const noteOf = (contact: ContactFields) => contact.note;`,
      '/planted/b.ts': `${contact}export const card: Partial<ContactFields> = { note: 'x' };`,
      '/planted/c.ts': `${contact}export const wanted: (keyof ContactFields)[] = ['note'];`,
      '/planted/d.ts': `${contact}export const f = ({ note }: ContactFields) => note;`,
      '/planted/e.ts': `${contact}export const g = (contact: ContactFields) => contact['note'];`,
      '/planted/f.ts': "export const path = 'name.family';",
      '/planted/g.ts': "export const note = 'a note';\nexport const other = { note: 1 };",
      '/planted/h.ts': "// contact.note\nexport const hint = 'shorten the note';",
      '/planted/i.ts': "export const kind: 'note' | 'text' = 'note';",
      '/planted/j.ts':
        "interface Tool { note?: string; name: string }\nexport const tool: Tool = { note: 'x', name: 'y' };",
    };
    const found = filesReferring(
      plantedProgram(planted),
      Object.keys(planted),
      { contactFile: '/planted/contact.ts', fieldsDir: '/planted/fields/' },
      ['note', 'name'],
    );
    expect(Object.fromEntries(found)).toEqual({
      note: ['contact.ts', 'fields/about-fields.ts', 'a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'].map(
        (file) => `/planted/${file}`,
      ),
      name: ['/planted/contact.ts', '/planted/f.ts'],
    });
  });

  it.each(fields)(`%s is named by at most ${TARGET} files`, (field) => {
    const named = naming(field);
    expect({ field, files: named.length, named }).toEqual({ field, files: Math.min(named.length, TARGET), named });
  });
});
