import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/**
 * The Node arguments of the production command, read from `npm start` (`node <args>`), so the
 * tests that spawn the built service run exactly what the Dockerfile's CMD runs (a test checks
 * that the two agree).
 */
export function serviceNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start must be "node <args>", found: ${pkg.scripts.start}`);
  return args;
}
