import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// Functions read in one screen: no function, method, accessor or arrow function in src/ (the
// playground's browser scripts included, specs and built bundles not) is longer than MAX_LINES,
// counted from its first line (decorators included, its doc comment not) to its closing brace.
// A data table is no function and may be longer; a function that grew past the screen is split
// where its meaning splits, not at a line count.

const SRC = __dirname;
const MAX_LINES = 60;

/**
 * Functions being split on another branch, by file and name: each leaves this list with the merge
 * that splits it (the test fails while a listed one is already short enough, so the list stays true).
 */
const BEING_SPLIT = new Set<string>([]);

interface LongFunction {
  /** `<file relative to src/> <name>`, the name `<anonymous>` when it has none. */
  id: string;
  line: number;
  lines: number;
}

/** A function's name: its own, or the variable, property or class member it is assigned to. */
function nameOf(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  if (node.name !== undefined) return node.name.getText(file);
  const parent = node.parent;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name !== undefined)
    return parent.name.getText(file);
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(file);
  return '<anonymous>';
}

/** The functions of one file's text longer than `max` lines. */
function longFunctions(path: string, text: string, max: number): LongFunction[] {
  const kind = path.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const lines = file.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > max) found.push({ id: `${path} ${nameOf(node, file)}`, line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every source file under src/ (TypeScript, and the playground's scripts), by path relative to src/. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.spec.ts'))
    .map((entry) => relative(SRC, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').includes('dist'));
}

describe('functions read in one screen', () => {
  const long = sourceFiles().flatMap((path) => longFunctions(path, readFileSync(join(SRC, path), 'utf8'), MAX_LINES));

  it('measures functions, methods and arrow functions from their first line to their last', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = [
      `/** a doc comment\n * is not counted */\nexport function long(): void {\n${body(5)}\n}`,
      `export const arrow = (): void => {\n${body(4)}\n};`,
      `export const short = (): void => {\n${body(3)}\n};`,
      `class A {\n  method(): void {\n${body(6)}\n  }\n  readonly field = () => {\n${body(5)}\n  };\n}`,
      `export const table = {\n${body(9)}\n};`,
    ].join('\n');
    expect(longFunctions('planted.ts', text, 3)).toEqual([
      { id: 'planted.ts long', line: 3, lines: 5 },
      { id: 'planted.ts arrow', line: 8, lines: 4 },
      { id: 'planted.ts method', line: 16, lines: 6 },
      { id: 'planted.ts field', line: 22, lines: 5 },
    ]);
  });

  it(`has no function over ${MAX_LINES} lines, but those being split on another branch`, () => {
    expect(long.filter(({ id }) => !BEING_SPLIT.has(id))).toEqual([]);
  });

  it('lists only functions still too long as being split', () => {
    const stillLong = new Set(long.map(({ id }) => id));
    expect([...BEING_SPLIT].filter((id) => !stillLong.has(id))).toEqual([]);
  });
});
