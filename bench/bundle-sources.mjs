// The benches that time the renderer in their own process bundle it from a tree's TypeScript
// sources with esbuild (no build needed): into that tree's node_modules/.cache, so the packages
// left out of the bundle resolve from the tree's own node_modules; loaded, then removed.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** The repository this script belongs to. */
export const ROOT = resolve(import.meta.dirname, '..');

/** Packages loaded from node_modules rather than bundled: native, WebAssembly, or read at run time. */
const EXTERNAL = ['@resvg/resvg-js', 'fontkit', 'pngjs', 'jpeg-js', 'qrcode', '@undecaf/zbar-wasm', 'zxing-wasm'];

/** The module of `exports` (export lines, paths relative to `tree`), bundled from `tree`'s sources and loaded. */
export async function bundleSources(exports, { tree = ROOT, name = 'bench' } = {}) {
  const cache = join(tree, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const directory = mkdtempSync(join(cache, `${name}-`));
  const entry = join(directory, `${name}.cjs`);
  try {
    await build({
      stdin: { contents: exports.join('\n'), resolveDir: tree, loader: 'ts' },
      outfile: entry,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: EXTERNAL,
      logLevel: 'warning',
    });
    return createRequire(join(tree, 'package.json'))(entry);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
