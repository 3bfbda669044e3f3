import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { CONTACT_SCHEMA } from './contact-schema';

// The measure of "one declaration per field": how many source files name each contact field. A
// file names a field when its code has the field's name as an identifier, or a string literal has
// it as a whole word; comments and module paths ('./birthday-date') do not count, nor do specs.
// The target is 3 files a field (its declaration, the contact's type, one more). Fields still
// above it are held at their count today, so the number can only fall; each ceiling says which
// files name the field, for whoever moves that knowledge into the declaration next.

const SRC = join(__dirname, '../..');
const TARGET = 3;

/**
 * Today's counts of the fields above the target. Words that are also plain English or HTTP terms
 * (name, title, address, note, phone, email) are named by code that is not about the contact too
 * (a tool's title, a client's address), so their counts overstate what the declaration could hold.
 */
const CEILINGS: Record<string, number> = {
  fullName: 11,
  name: 100,
  organization: 7,
  title: 10,
  phone: 6,
  phones: 5,
  email: 6,
  address: 16,
  addresses: 5,
  note: 4,
};

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

describe('one declaration per field: the files that name each contact field', () => {
  const sources = sourceFiles();
  const fields = Object.keys(CONTACT_SCHEMA.fields);

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

  it.each(fields)('%s is named by at most its ceiling of files (target 3)', (field) => {
    const naming = filesNaming(field, sources);
    expect({ field, files: naming.length, naming }).toEqual({
      field,
      files: Math.min(naming.length, CEILINGS[field] ?? TARGET),
      naming,
    });
  });

  it('the ceilings are today’s counts of the fields over the target (lower one when it falls)', () => {
    const over = fields
      .map((field) => [field, filesNaming(field, sources).length] as const)
      .filter(([, count]) => count > TARGET);
    expect(CEILINGS).toEqual(Object.fromEntries(over));
  });
});
