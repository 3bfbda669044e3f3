#!/usr/bin/env node
// Builds the browser copy of the styled-code renderer into dist/playground (run by `npm run build`,
// after `nest build`): styled-drawing.js is src/lib/qr/style/browser-drawing.ts bundled and minified
// by esbuild (one IIFE exposing `VCardStyledDrawing`), and caption-glyphs.json is the caption font's
// outlines, written from the shipped font by the built service code, so the page needs no font
// parser. The page loads the table only when a caption is typed. Prints both sizes.
import { build } from 'esbuild';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist/playground');
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(root, 'src/lib/qr/style/browser-drawing.ts')],
  outfile: join(out, 'styled-drawing.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  globalName: 'VCardStyledDrawing',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'eof',
  logLevel: 'warning',
});

const require = createRequire(join(root, 'dist/main.js'));
const { notoCaptionFont } = require('./lib/qr/style/noto-caption-font');
const table = JSON.stringify(notoCaptionFont().table());
writeFileSync(join(out, 'caption-glyphs.json'), table);

const script = statSync(join(out, 'styled-drawing.js')).size;
console.log(
  `styled-drawing.js ${script} bytes; caption-glyphs.json ${table.length} bytes (${gzipSync(table).length} gzipped)`,
);
