// The style the styled benches send: colours, rounded modules and finders, the test fixtures' ring
// drawn as a 256-pixel PNG logo at 0.2 (so level H), and a caption (as bench/styled-code.mjs draws).
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The benchmark's style, its logo bundled from the test fixtures (TypeScript) for this process. */
export async function benchStyle() {
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const directory = mkdtempSync(join(cache, 'bench-style-'));
  const entry = join(directory, 'logo.cjs');
  await build({
    stdin: {
      contents: "export { ringLogo } from './test/fixtures/styled/styled-fixtures';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['pngjs', 'qrcode'],
    logLevel: 'warning',
  });
  const { ringLogo } = createRequire(join(root, 'package.json'))(entry);
  rmSync(directory, { recursive: true, force: true });
  return {
    colors: { dark: '#1a3a6b', light: '#ffffff', finder: '#b03020' },
    modules: 'rounded',
    finders: 'rounded',
    logo: { image: ringLogo(256), size: 0.2 },
    frame: { caption: 'Scan to save my contact' },
  };
}
