import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The encoder must stay a pure library (STYLE.md: no Nest, no src/ imports, no npm packages), so
// that the Nest app, a CLI or a worker can all use it and its specs need nothing but itself.
const LIBRARY_DIR = __dirname;

const STATIC_SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g, // import x from '...'; export { x } from '...'
  /\bimport\s*['"]([^'"]+)['"]/g, // import '...' (side effects)
];
// A pure, flat library has no reason to load modules at run time; any such call is flagged.
const DYNAMIC_LOADS = /\b(?:import|require)\s*\(\s*['"`]?([^'"`)]*)/g;
const SIBLING = /^\.\/[a-z0-9.-]+$/;

/** Every module `source` loads that is not a sibling .ts file in `dir` loaded by a static import. */
function foreignImports(source: string, dir: string): string[] {
  const bad: string[] = [];
  for (const pattern of STATIC_SPECIFIERS) {
    for (const [, specifier] of source.matchAll(pattern)) {
      if (!SIBLING.test(specifier) || !existsSync(join(dir, `${specifier}.ts`))) bad.push(specifier);
    }
  }
  for (const [, specifier] of source.matchAll(DYNAMIC_LOADS)) bad.push(specifier);
  return bad;
}

const libraryFiles = readdirSync(LIBRARY_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));

describe('src/lib/vcard boundary', () => {
  it('has library files to check', () => {
    expect(libraryFiles).toEqual(expect.arrayContaining(['index.ts', 'encode-vcard.ts', 'fold-lines.ts']));
  });

  it.each(libraryFiles)('%s imports only files of this folder', (file) => {
    const source = readFileSync(join(LIBRARY_DIR, file), 'utf8');
    expect(foreignImports(source, LIBRARY_DIR)).toEqual([]);
  });

  it('keeps sub-folders out (everything is flat, so a nested import cannot hide)', () => {
    const folders = readdirSync(LIBRARY_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name)).toEqual([]);
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
      "import type { T } from './contact-fields';",
    ].join('\n');
    expect(foreignImports(source, LIBRARY_DIR)).toEqual([
      '@nestjs/common',
      '../../config/env',
      'fast-check',
      './does-not-exist',
      '../side-effect',
      'node:fs',
      './encode-vcard',
    ]);
  });
});
