import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The encoder and reader must stay a pure library (no Nest, nothing of src/ but the contact's
// declaration it walks), so that the Nest app, a CLI or a worker can all use it. The one package
// allowed is the reader's charset decoder (an export in Windows-1252 or UTF-16 is read through it).
const LIBRARY_DIR = __dirname;
const ALLOWED_PACKAGES = new Set(['iconv-lite', 'node:buffer']);
const DECLARATION = join(LIBRARY_DIR, '..', 'contact');

const STATIC_SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g, // import x from '...'; export { x } from '...'
  /\bimport\s*['"]([^'"]+)['"]/g, // import '...' (side effects)
];
// A pure, flat library has no reason to load modules at run time; any such call is flagged.
const DYNAMIC_LOADS = /\b(?:import|require)\s*\(\s*['"`]?([^'"`)]*)/g;
const RELATIVE = /^\.{1,2}\/[a-z0-9./-]+$/;

/** Whether a specifier names a .ts file of this library (sub-folders included) or the contact's declaration. */
function isOwn(specifier: string, dir: string): boolean {
  if (!RELATIVE.test(specifier)) return false;
  const target = join(dir, specifier);
  if (target === DECLARATION) return true;
  return target.startsWith(LIBRARY_DIR) && existsSync(`${target}.ts`);
}

/** Every module `source` loads that is not one of this library's .ts files (or the declaration) loaded statically. */
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

  it.each(libraryFiles)('%s imports only files of this library and the contact declaration', (file) => {
    const source = readFileSync(join(LIBRARY_DIR, file), 'utf8');
    expect(foreignImports(source, dirname(join(LIBRARY_DIR, file)))).toEqual([]);
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
