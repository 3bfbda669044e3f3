#!/usr/bin/env node
// Builds the MCP Apps view of create_vcard_qr_code (run by `npm run build`, after the playground):
// dist/mcp-view/card-view.html is src/playground/client/card-view.html with its stylesheet and
// its script inlined, the script being card-view.js with the service's own renderer
// (src/lib/qr/style/browser-drawing.ts, the drawing the playground bundles) and the npm `qrcode`
// encoder bundled and minified by esbuild. One self-contained file: a host shows it in a sandboxed
// frame that loads nothing else. Fails past its 200 KB budget; prints its size.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'src/playground/client');
const out = join(root, 'dist/mcp-view');
const MAX_BYTES = 200 * 1024;

const bundle = await build({
  entryPoints: [join(source, 'card-view.js')],
  write: false,
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'none',
  logLevel: 'warning',
});
// Inline in a <script>: no "</script" may end it early (in JS, "<\/" is the same text).
const script = bundle.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
const style = readFileSync(join(source, 'card-view.css'), 'utf8');
const html = readFileSync(join(source, 'card-view.html'), 'utf8')
  .replace('/*{{style}}*/', () => style)
  .replace('/*{{script}}*/', () => script);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'card-view.html'), html);
if (html.length > MAX_BYTES) {
  console.error(`dist/mcp-view/card-view.html is ${html.length} bytes, over the ${MAX_BYTES}-byte budget`);
  process.exit(1);
}
console.log(`card-view.html ${Buffer.byteLength(html)} bytes`);
