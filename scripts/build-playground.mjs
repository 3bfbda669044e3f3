#!/usr/bin/env node
// Builds the playground's browser assets into dist/playground (run by `npm run build`, after
// `nest build`, which empties dist): playground.js is src/playground/client/playground.js with
// the npm `qrcode` library bundled and minified by esbuild (one file, no CDN, no module loader);
// index.html and the stylesheets are copied as they are. Fails when the script grows past the
// playground's 100 KB budget.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'src/playground/client');
const out = join(root, 'dist/playground');
const MAX_SCRIPT_BYTES = 100 * 1024;

mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(source, 'playground.js')],
  outfile: join(out, 'playground.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'eof',
  logLevel: 'warning',
});
for (const file of ['index.html', 'playground.css', 'panels.css']) copyFileSync(join(source, file), join(out, file));

const size = statSync(join(out, 'playground.js')).size;
if (size > MAX_SCRIPT_BYTES) {
  console.error(`dist/playground/playground.js is ${size} bytes, over the ${MAX_SCRIPT_BYTES}-byte budget`);
  process.exit(1);
}
