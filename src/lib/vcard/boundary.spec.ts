import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The encoder and reader must stay a pure library (no Nest, nothing of src/ but the contact's
// declaration it walks and the NFC tag layout it fits cards to, itself free of imports), so that
// the Nest app, a CLI or a worker can all use it. The one package allowed is the reader's charset
// decoder (an export in Windows-1252 or UTF-16 is read through it).
const LIBRARY_DIR = __dirname;
const ALLOWED_PACKAGES = new Set(['iconv-lite', 'node:buffer']);
const SIBLINGS = ['contact', 'nfc'].map((name) => join(LIBRARY_DIR, '..', name));

const STATIC_SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g, // import x from '...'; export { x } from '...'
  /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g, // import '...' (side effects), at the start of a line, not './card-import'
];
// A pure, flat library has no reason to load modules at run time; any such call is flagged.
const DYNAMIC_LOADS = /\b(?:import|require)\s*\(\s*['"`]?([^'"`)]*)/g;
const RELATIVE = /^\.{1,2}\/[a-z0-9./-]+$/;

/** Whether a specifier names a .ts file of this library (sub-folders included), the declaration or lib/nfc. */
function isOwn(specifier: string, dir: string): boolean {
  if (!RELATIVE.test(specifier)) return false;
  const target = join(dir, specifier);
  if (SIBLINGS.includes(target)) return true;
  return target.startsWith(LIBRARY_DIR) && existsSync(`${target}.ts`);
}

/** Every module `source` loads that is not one of this library's .ts files (or a sibling above) loaded statically. */
function foreignImports(source: string, dir: string): string[] {
  const bad: string[] = [];
  for (const pattern of STATIC_SPECIFIERS) {
    for (const [, specifier] of source.matchAll(pattern)) {
      if (!isOwn(specifier, dir) && !ALLOWED_PACKAGES.has(specifier)) bad.push(specifier);
    }
  }
  for (const [, specifier] of source.matchAll(DYNAMIC_LOADS)) bad.push(specifier);
  return bad;
}

const libraryFiles = (readdirSync(LIBRARY_DIR, { recursive: true }) as string[]).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'),
);

describe('src/lib/vcard boundary', () => {
  it('has library files to check', () => {
    expect(libraryFiles).toEqual(expect.arrayContaining(['index.ts', 'encode-vcard.ts', 'fold-lines.ts']));
  });

  it.each(libraryFiles)('%s imports only files of this library, the contact declaration and lib/nfc', (file) => {
    const source = readFileSync(join(LIBRARY_DIR, file), 'utf8');
    expect(foreignImports(source, dirname(join(LIBRARY_DIR, file)))).toEqual([]);
  });

  it('lib/nfc, the one other sibling it imports, imports nothing but its own files', () => {
    const nfc = SIBLINGS[1];
    const files = readdirSync(nfc).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
    expect(files).toContain('nfc-tag.ts');
    for (const file of files) {
      const source = readFileSync(join(nfc, file), 'utf8');
      const loads = STATIC_SPECIFIERS.flatMap((pattern) =>
        [...source.matchAll(pattern)].map(([, specifier]) => specifier),
      );
      expect([file, loads.filter((specifier) => !/^\.\/[a-z-.]+$/.test(specifier))]).toEqual([file, []]);
      expect([file, [...source.matchAll(DYNAMIC_LOADS)].length]).toEqual([file, 0]);
    }
  });

  it('flags every kind of import that leaves the folder (the check can fail)', () => {
    const source = [
      "import { Injectable } from '@nestjs/common';",
      "import { x } from '../../config/env';",
      "import '../side-effect';",
      "export * from 'fast-check';",
      "import { y } from './does-not-exist';",
      "const z = require('node:fs');",
      "const w = await import('./encode-vcard');",
      "import { ok } from './encode-vcard';",
      "import type { T } from '../contact';",
      "import { outside } from '../qr';",
    ].join('\n');
    expect(foreignImports(source, LIBRARY_DIR)).toEqual([
      '@nestjs/common',
      '../../config/env',
      'fast-check',
      './does-not-exist',
      '../qr',
      '../side-effect',
      'node:fs',
      './encode-vcard',
    ]);
  });
});
